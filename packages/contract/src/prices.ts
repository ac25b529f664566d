import { z } from 'zod';
import {
  Flag01,
  addId,
  addOrEdit,
  editId,
  filledText,
  formFlag,
  formNumber,
  optionalNumber,
  optionalText,
  orBlank,
  parseIdList,
} from './admin-fields';
import { type CodeRule, Money } from './common';
import { messages } from './messages';

const m = messages.price;

export const unitTypes = ['U', 'C', 'B', 'X', 'P', 'T'] as const;

/** A price list item (spec section 3, "Price"). Money as "35.00", flags '0'/'1', hours 0–24. */
export const PriceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Issue 26: the Spanish name and the descriptions ('' when none; Spanish falls back to English). */
  nameEs: z.string(),
  description: z.string(),
  descriptionEs: z.string(),
  price: Money,
  retailRate: Money,
  hotelRate: Money,
  addOn: Flag01,
  sort: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  unitType: z.string(),
  /** Linked hotel ids, comma-separated ('' for none); the form links one. */
  projectHotels: z.string(),
  allHotels: Flag01,
});
export type PriceRow = z.infer<typeof PriceRow>;

export const HotelOption = z.object({ id: z.number().int(), name: z.string() });
export type HotelOption = z.infer<typeof HotelOption>;

export const PriceListResponse = z.object({ prices: z.array(PriceRow), hotels: z.array(HotelOption) });
export type PriceListResponse = z.infer<typeof PriceListResponse>;

export const PriceResponse = z.object({ price: PriceRow, hotels: z.array(HotelOption) });
export type PriceResponse = z.infer<typeof PriceResponse>;

const moneyPattern = /^\d{1,6}(\.\d{1,2})?$/;
const moneyFormat = { pattern: moneyPattern, error: 'Enter amounts like 35.00.' };
const hourError = 'Times are whole hours from 0 to 24.';
const unitCode = { pattern: /[UCBXPTucbxpt]/, error: 'The unit code is one of U, C, B, X, P, T.' };
const hotelLinks = (add: boolean) =>
  z
    .string({ error: m.hotelOnEditOnly })
    .max(2000, { error: 'Keep this under 2000 characters.' })
    // Ids as the checkbox widget keeps them (",1,3,"); on add none but 0 (no link yet).
    .regex(add ? /^[\s,0]*$/ : /^[\s,\d]*$/, { error: add ? m.hotelOnEditOnly : 'Hotels are a comma list of ids.' })
    .nullable()
    .optional()
    .transform((v) => v ?? '');

/** Fields of both shapes, in the order of the spec's messages (name, price, start, end, unit code). */
const priceName = filledText(200, m.nameBlank);
/**
 * A translation or description (issue 26): optional, '' clears it; left out (undefined) on an
 * edit keeps the stored text, so older clients that do not know the field change nothing.
 */
const translation = (max: number) =>
  z
    .string()
    .max(max, { error: `Keep this under ${max} characters.` })
    .nullable()
    .optional()
    .transform((v) => (v == null ? undefined : v.trim()));
const priceFields = {
  nameEs: translation(200),
  description: translation(500),
  descriptionEs: translation(500),
  retailRate: optionalText(20, moneyFormat),
  hotelRate: optionalText(20, moneyFormat),
  addOn: formFlag,
  // A whole number, negative too (sorts before the others).
  sort: z
    .union(
      [
        z.number().int().min(-999_999_999).max(999_999_999),
        z.string().regex(orBlank(/-?\d{1,9}/), { error: 'Sort is a whole number.' }),
        z.null(),
      ],
      { error: 'Sort is a whole number.' },
    )
    .optional()
    .transform((v) => (v == null ? '' : String(v).trim())),
};

/** Rules joining two fields (not in the document's schemas): checked here, listed for the document. */
export const priceCodeRules: CodeRule[] = [
  { rule: 'startTime is not after endTime when both are sent', message: 'The start time is after the end time.' },
];

const startNotAfterEnd = (d: { startTime: unknown; endTime: unknown }, ctx: z.RefinementCtx) => {
  const hour = (v: unknown) => (/^\s*\d{1,2}\s*$/.test(String(v ?? '')) ? Number(v) : Number.NaN);
  const [start, end] = [hour(d.startTime), hour(d.endTime)];
  if (start <= 24 && end <= 24 && start > end)
    ctx.addIssue({ code: 'custom', message: priceCodeRules[0]!.message, path: ['endTime'] });
};

/**
 * The price form (spec section 5). Add: name, price, start and end time and unit code are
 * required, and a hotel link is refused ('Add price first then edit to link to a hotel').
 * Edit: only the name is required; a blank field keeps its stored value.
 */
export const PriceForm = addOrEdit(
  z
    .object({
      id: addId,
      name: priceName,
      price: filledText(20, m.priceBlank, moneyFormat),
      startTime: formNumber(0, 24, hourError, m.startTimeBlank),
      endTime: formNumber(0, 24, hourError, m.endTimeBlank),
      unitType: filledText(1, m.unitCodeBlank, unitCode),
      projectHotels: hotelLinks(true),
      allHotels: z
        .union([z.enum(['', '0']), z.literal(0), z.null()], { error: m.hotelOnEditOnly })
        .optional()
        .transform((v) => (v == null ? '' : String(v))),
      ...priceFields,
    })
    .superRefine(startNotAfterEnd),
  z
    .object({
      id: editId,
      name: priceName,
      price: optionalText(20, moneyFormat),
      startTime: optionalNumber(0, 24, hourError),
      endTime: optionalNumber(0, 24, hourError),
      unitType: optionalText(1, unitCode),
      projectHotels: hotelLinks(false),
      allHotels: formFlag,
      ...priceFields,
    })
    .superRefine(startNotAfterEnd),
).transform((d) => ({
  ...d,
  id: typeof d.id === 'number' ? d.id : 0,
  unitType: d.unitType.toUpperCase(),
  projectHotels: parseIdList(d.projectHotels),
}));
export type PriceFormInput = z.input<typeof PriceForm>;

export const SavePriceBody = z.object({ postData: PriceForm });
export type SavePriceBody = z.infer<typeof SavePriceBody>;
