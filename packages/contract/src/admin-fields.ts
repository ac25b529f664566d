import { z } from 'zod';
import { Id, MAX_ID, idOf } from './common';

// Helpers shared by the config forms' schemas (people, locations, prices, hotels).
// Form posts arrive as strings, numbers or null; every field is read leniently as a trimmed
// string and the rules (with the spec's verbatim messages) live in one superRefine per form,
// so the messages come out in the spec's order and concatenated, on the client and the server.

/** A form value read as a trimmed string ('' when missing). */
export const formText = (max = 500) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? '' : String(v).trim()))
    .pipe(z.string().max(max, { error: `Keep this under ${max} characters.` }));

/**
 * An id on an edit form: a positive integer (number or digits), or 0 / '' / null / missing on an add
 * form. Anything else is refused (issue 11, defect 10): a garbled id must not save a new record.
 */
export const formId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    const text = v == null ? '' : String(v).trim();
    if (text === '' || text === '0') return 0;
    const n = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isInteger(n) && n > 0 && n <= MAX_ID) return n;
    ctx.addIssue({ code: 'custom', message: 'The record to save is not a valid id.' });
    return z.NEVER;
  });

/** The id a delete call names: `postData` is the id itself, or an object holding it. */
export const DeleteBody = z.object({
  postData: z.union([idOf('Say which record to delete.'), z.object({ id: Id }).transform((o) => o.id)]),
});
export type DeleteBody = z.infer<typeof DeleteBody>;

/** A comma list of ids as sent by the checkbox widget (",1,3,") or plainly ("1,3"). */
export function parseIdList(value: string): number[] {
  const ids = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(Number);
  return [...new Set(ids.filter((n) => Number.isInteger(n) && n > 0))];
}

/** Ids back as the checkbox widget keeps them: ",1,3," ('' for none). */
export function formatIdList(ids: readonly number[]): string {
  return ids.length ? `,${ids.join(',')},` : '';
}

export const SaveResponse = z.object({ success: z.literal(1), details: z.string(), id: z.number().int() });
export type SaveResponse = z.infer<typeof SaveResponse>;

export const Flag01 = z.enum(['0', '1']);
