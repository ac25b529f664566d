import type { FnbCategory, FnbItem, FnbLineIn, FnbMenu } from '@sandbar/contract/fnb';

/**
 * An F&B cart, shared by the guest's order page and the staff's Order action (issue 35): pure, no
 * React and no UI kit, so the guest bundle stays small. The server prices every order again and
 * refuses a total that differs (totalChanged): this is what the page shows, computed as it will.
 */
export interface CartLine {
  /** Local key (two lines of one item with other choices are two lines). */
  key: string;
  itemId: number;
  quantity: number;
  optionIds: number[];
  note: string;
}

/** Each of one line: the item's price plus its chosen options' deltas, in cents. */
export function unitCents(item: FnbItem, optionIds: readonly number[]): number {
  let cents = item.priceCents;
  for (const g of item.modifierGroups)
    for (const o of g.options) if (optionIds.includes(o.id)) cents += o.priceDeltaCents;
  return cents;
}

export function lineCents(menu: FnbMenu, line: CartLine): number {
  const item = menu.items.find((i) => i.id === line.itemId);
  return item ? unitCents(item, line.optionIds) * line.quantity : 0;
}

export function cartCents(menu: FnbMenu, lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + lineCents(menu, l), 0);
}

export const cartCount = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** The serving window in force for an item: its own, else its category's; null = all day. */
export function servingHours(item: FnbItem, category: FnbCategory | undefined): { from: number; to: number } | null {
  if (item.startHour != null && item.endHour != null) return { from: item.startHour, to: item.endHour };
  if (category && category.startHour != null && category.endHour != null)
    return { from: category.startHour, to: category.endHour };
  return null;
}

/** Can it be ordered now: on the menu, not 86'd, and within its hours (the venue's hour, from the server). */
export function orderable(menu: FnbMenu, item: FnbItem): boolean {
  if (!item.active || item.soldOut) return false;
  const hours = servingHours(
    item,
    menu.categories.find((c) => c.id === item.categoryId),
  );
  return !hours || (menu.hourNow >= hours.from && menu.hourNow < hours.to);
}

/** Whether each choice of the item has between its least and most options picked. */
export function choicesComplete(item: FnbItem, optionIds: readonly number[]): boolean {
  return item.modifierGroups.every((g) => {
    const n = g.options.filter((o) => optionIds.includes(o.id)).length;
    return n >= g.minChoices && n <= g.maxChoices;
  });
}

/** Adds a line, or adds to an identical one (same item, choices and note). */
export function addLine(lines: readonly CartLine[], line: Omit<CartLine, 'key'>): CartLine[] {
  const same = lines.find(
    (l) =>
      l.itemId === line.itemId &&
      l.note === line.note &&
      l.optionIds.length === line.optionIds.length &&
      l.optionIds.every((id) => line.optionIds.includes(id)),
  );
  if (same) return lines.map((l) => (l === same ? { ...l, quantity: l.quantity + line.quantity } : l));
  return [...lines, { ...line, key: `${line.itemId}-${Date.now()}-${lines.length}` }];
}

/** The lines as the order call takes them. */
export const toLinesIn = (lines: readonly CartLine[]): FnbLineIn[] =>
  lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, optionIds: l.optionIds, note: l.note }));

/** A hour as a guest reads it: 11 → "11:00". */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
