import { z } from 'zod';
import { Id, MAX_ID, digitsBetween, idOf } from './common';

// Helpers shared by the config forms' schemas (people, locations, prices, hotels).
// Every rule a JSON Schema can state lives in the field's own schema (required, maxLength,
// pattern, enum, the add or the edit shape), so the OpenAPI document tells a client exactly what
// the server takes (issue 27). A field's blank and format rules share one pattern whose message
// depends on the input: the spec's "You left … blank" for a blank, the format message otherwise.
// Rules joining two fields stay in a refinement and are listed in `codeRules` (see common.ts).

const keep = (max: number) => ({ error: `Keep this under ${max} characters.` });

/** Missing, null, or nothing but spaces. */
export const isBlank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '');

/** A regular expression source without its anchors. */
export const inner = (re: RegExp | string) =>
  (typeof re === 'string' ? re : re.source).replace(/^\^/, '').replace(/\$$/, '');

/** The pattern of a trimmed field: the value may come with spaces around it. */
export const spaced = (re: RegExp | string) => new RegExp(`^\\s*(?:${inner(re)})\\s*$`);

/** The same pattern, or a blank (a field the form may leave empty). */
export const orBlank = (re: RegExp | string) => new RegExp(`^\\s*(?:${inner(re)})?\\s*$`);

const trim = (v: string) => v.trim();

/**
 * Text a form requires: sent, and more than spaces (the spec's blank message; null is blank too).
 * With a format (a pattern without spaces around; the value is trimmed), one pattern holds both
 * rules (it refuses a blank) and the message says which broke.
 */
export function filledText(max: number, blank: string, format?: { pattern: RegExp; error: string }) {
  return z
    .string({ error: blank })
    .max(max, keep(max))
    .regex(format ? spaced(format.pattern) : /\S/, {
      error: (iss) => (isBlank(iss.input) || !format ? blank : format.error),
    })
    .transform(trim);
}

/** Text a form may leave blank ('' when missing or null), trimmed; with a format when it is filled. */
export function optionalText(max: number, format?: { pattern: RegExp; error: string }) {
  const text = z.string().max(max, keep(max));
  return (format ? text.regex(orBlank(format.pattern), { error: format.error }) : text)
    .nullable()
    .optional()
    .transform((v) => (v == null ? '' : v.trim()));
}

/** A form value read as a trimmed string ('' when missing). */
export const formText = (max = 500) => optionalText(max);

const idError = 'The record to save is not a valid id.';

/** The id of an add form: missing, '', '0', 0 or null. */
export const addId = z.union([z.literal(0), z.enum(['', '0']), z.null()], { error: idError }).optional();

/** Does this id ask for an add (the add form's id)? */
export const isAddId = (v: unknown): boolean => v === undefined || v === null || v === 0 || v === '' || v === '0';

/**
 * The id of an edit form: a positive integer (number or digits). Every check aborts, so a form whose
 * id is not an edit id is never read as the edit form (see `addOrEdit`).
 */
export const editId = z
  .union(
    [
      z
        .number({ error: idError })
        .int({ error: idError, abort: true })
        .min(1, { error: idError, abort: true })
        .max(MAX_ID, { error: idError, abort: true }),
      z.string({ error: idError }).regex(new RegExp(digitsBetween(1, MAX_ID)), { error: idError, abort: true }),
    ],
    { error: idError },
  )
  .transform(Number);

/**
 * An id on a form that adds and edits alike: a positive integer (number or digits), or 0 / '' /
 * null / missing to add. Anything else is refused (issue 11, defect 10): a garbled id must not save
 * a new record.
 */
export const formId = z
  .union([z.literal(0), z.enum(['', '0']), z.null(), editId], { error: idError })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === '0' ? 0 : v));

/**
 * A form that adds (id missing, '', '0', 0 or null) or edits (a positive id), with a shape for each:
 * the document shows both (`anyOf`), and each field's rules are in its shape. A request that fits
 * neither (a required field missing or null) gets the messages of the shape its id chose, in order.
 */
export function addOrEdit<A extends z.ZodType, E extends z.ZodType>(add: A, edit: E) {
  return z.union([add, edit], {
    error: (iss) => {
      const input = iss.input as { id?: unknown } | null | undefined;
      const errors = (iss as { errors?: { message: string }[][] }).errors ?? [];
      const chosen = errors[typeof input === 'object' && input !== null && !isAddId(input.id) ? 1 : 0] ?? [];
      return [...new Set(chosen.map((i) => i.message))].join(' ') || 'Send the form as an object of its fields.';
    },
  });
}

/** A whole number lo…hi from a form: a JSON number or its digits; with a message for a blank. */
export function formNumber(lo: number, hi: number, error: string, blank?: string) {
  const pick = (iss: { input?: unknown }) => (blank && isBlank(iss.input) ? blank : error);
  return z
    .union(
      [
        z.number({ error: pick }).int({ error }).min(lo, { error }).max(hi, { error }),
        z.string({ error: pick }).regex(spaced(digitsBetween(lo, hi)), { error: pick }),
      ],
      { error: pick },
    )
    .transform((v) => String(v).trim());
}

/** The same, or a blank ('' when missing, null or empty): an edit form's "keep the stored value". */
export function optionalNumber(lo: number, hi: number, error: string) {
  return z
    .union(
      [
        z.number({ error }).int({ error }).min(lo, { error }).max(hi, { error }),
        z.string({ error }).regex(orBlank(digitsBetween(lo, hi)), { error }),
      ],
      { error },
    )
    .nullable()
    .optional()
    .transform((v) => (v == null ? '' : String(v).trim()));
}

/** A '0'/'1' flag from a form: '0', '1', 0, 1, or blank (''). */
export const formFlag = z
  .union([z.enum(['', '0', '1']), z.literal(0), z.literal(1), z.null()], { error: 'Flags are 0 or 1.' })
  .optional()
  .transform((v) => (v == null ? '' : String(v)));

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
