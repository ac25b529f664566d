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

/** Ids in paths arrive as strings; accept positive integers only. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof IdParam>;

/** '0' / '1' flags as the spec sends them (admin, manager, supervisor, addOn, toggles). */
export const Flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof Flag>;
