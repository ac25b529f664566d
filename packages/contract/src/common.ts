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
/**
 * A record id, from a path (a string) or a body: a positive integer within the column type, with a
 * message a person can read (issue 11, defect 5; issue 14, defect 7).
 */
export const Id = z.coerce
  .number({ error: idText })
  .int({ error: idText })
  .positive({ error: idText })
  .max(MAX_ID, { error: idText });

/** Ids in paths arrive as strings; accept positive integers only. */
export const IdParam = z.object({ id: Id });
export type IdParam = z.infer<typeof IdParam>;

/** '0' / '1' flags as the spec sends them (admin, manager, supervisor, addOn, toggles). */
export const Flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof Flag>;
