// The checkbox widget keeps its value as a comma-delimited string with leading and trailing
// commas (spec section 3), e.g. ",1,3,"; an empty choice is "".

export function parseCheckboxValue(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export function formatCheckboxValue(values: readonly string[]): string {
  const list = values.filter(Boolean);
  return list.length ? `,${list.join(',')},` : '';
}
