import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md section 4). */
export const ErrorResponse = z.object({
  details: z.string(),
  /** On 5xx answers: the id of the server's log line for this request. */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A plain success answer for calls that only need to say what happened. */
export const MessageResponse = z.object({ success: z.literal(1), details: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Money travels as a string with two decimals ("35.00"); the database keeps integer cents. */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/, 'Amounts have two decimals, like "35.00"');
export type Money = z.infer<typeof Money>;

export function centsToMoney(cents: number): Money {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function moneyToCents(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) throw new Error(`Not an amount: ${value}`);
  return Math.round(n * 100);
}

/** The largest id an integer column holds (PostgreSQL int4). */
export const MAX_ID = 2147483647;
const idText = 'An id must be a whole number from 1 to 2147483647.';

/** Patterns for the digit strings from a to b, both of the same length. */
function sameLength(a: string, b: string): string[] {
  if (a === b) return [a];
  if (a.length === 1) return [`[${a}-${b}]`];
  if (a[0] === b[0]) return sameLength(a.slice(1), b.slice(1)).map((p) => a[0] + p);
  const n = a.length - 1;
  const zeros = '0'.repeat(n);
  const nines = '9'.repeat(n);
  const out: string[] = [];
  let first = Number(a[0]);
  let last = Number(b[0]);
  if (a.slice(1) !== zeros) {
    out.push(...sameLength(a.slice(1), nines).map((p) => a[0] + p));
    first++;
  }
  const tail = b.slice(1) !== nines;
  if (tail) last--;
  if (first <= last) out.push(`${first === last ? first : `[${first}-${last}]`}\\d{${n}}`);
  if (tail) out.push(...sameLength(zeros, b.slice(1)).map((p) => b[0] + p));
  return out;
}

/**
 * A regular expression source for the decimal digits of the whole numbers lo…hi (no sign, no
 * leading zeros), so an OpenAPI client sees a numeric text's exact range in the document.
 */
export function digitsBetween(lo: number, hi: number): string {
  const parts: string[] = [];
  let from = lo;
  while (from <= hi) {
    const to = Math.min(hi, 10 ** String(from).length - 1);
    parts.push(...sameLength(String(from), String(to)));
    from = to + 1;
  }
  return `^(?:${parts.join('|')})$`;
}

/**
 * A whole number from lo to hi sent as a JSON number or as its digits ("12": what a path, a form
 * or the spec's clients send). Not `true`, not "0x1", " 12", "1e3" or "12.0" — those are 400, where
 * a lenient coercion took them as numbers (issue 27). The document shows both forms with the range.
 */
export function wholeNumber(lo: number, hi: number, error: string) {
  return z
    .union(
      [
        z.number({ error }).int({ error }).min(lo, { error }).max(hi, { error }),
        z.string({ error }).regex(new RegExp(digitsBetween(lo, hi)), { error }),
      ],
      { error },
    )
    .transform(Number);
}

/**
 * A record id, from a path (a string) or a body: a positive integer within the column type, with a
 * message a person can read (issue 11, defect 5; issue 14, defect 7).
 */
export const Id = wholeNumber(1, MAX_ID, idText);
export const idOf = (error: string) => wholeNumber(1, MAX_ID, error);

/** Ids in paths arrive as strings; accept positive integers only. */
export const IdParam = z.object({ id: Id });
export type IdParam = z.infer<typeof IdParam>;

/** '0' / '1' flags as the spec sends them (admin, manager, supervisor, addOn, toggles). */
export const Flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof Flag>;

/**
 * A rule joining two fields (or asking the server's own data, such as its time-zone database),
 * which the OpenAPI 3.0 document's JSON Schema cannot state: the schema's refinement checks it,
 * and the operation's description and its `x-rules-in-code` list it with the exact message, so a
 * client knows every refusal of a request its schema allows (issue 27).
 */
export interface CodeRule {
  /** What the rule asks, in a client's words. */
  rule: string;
  /** The message of a 400 that breaks it. */
  message: string;
}
