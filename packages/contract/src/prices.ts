import { z } from 'zod';
import { Flag01, formId, formText, parseIdList } from './admin-fields';
import { Money } from './common';
import { messages } from './messages';

const m = messages.price;

export const unitTypes = ['U', 'C', 'B', 'X', 'P', 'T'] as const;

/** A price list item (spec section 3, "Price"). Money as "35.00", flags '0'/'1', hours 0–24. */
export const PriceRow = z.object({
  id: z.number().int(),
  name: z.string(),
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

const money = (v: string) => /^\d{1,6}(\.\d{1,2})?$/.test(v);
const hour = (v: string) => /^\d{1,2}$/.test(v) && Number(v) <= 24;

/**
 * The price form (spec section 5). Add: name, price, start and end time and unit code are
 * required, and a hotel link is refused ('Add price first then edit to link to a hotel').
 * Edit: only the name is required; a blank field keeps its stored value.
 */
export const PriceForm = z
  .object({
    id: formId,
    name: formText(200),
    price: formText(20),
    retailRate: formText(20),
    hotelRate: formText(20),
    addOn: formText(1),
    sort: formText(10),
    startTime: formText(5),
    endTime: formText(5),
    unitType: formText(1),
    projectHotels: formText(2000),
    allHotels: formText(1),
  })
  .superRefine((d, ctx) => {
    const add = d.id === 0;
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!d.name) issue(m.nameBlank, 'name');
    if (add) {
      if (!d.price) issue(m.priceBlank, 'price');
      if (!d.startTime) issue(m.startTimeBlank, 'startTime');
      if (!d.endTime) issue(m.endTimeBlank, 'endTime');
      if (!d.unitType) issue(m.unitCodeBlank, 'unitType');
      if (parseIdList(d.projectHotels).length || d.allHotels === '1') issue(m.hotelOnEditOnly, 'projectHotels');
    }
    for (const k of ['price', 'retailRate', 'hotelRate'] as const)
      if (d[k] && !money(d[k])) issue('Enter amounts like 35.00.', k);
    for (const k of ['startTime', 'endTime'] as const)
      if (d[k] && !hour(d[k])) issue('Times are whole hours from 0 to 24.', k);
    if (d.startTime && d.endTime && hour(d.startTime) && hour(d.endTime) && Number(d.startTime) > Number(d.endTime))
      issue('The start time is after the end time.', 'endTime');
    if (d.unitType && !(unitTypes as readonly string[]).includes(d.unitType.toUpperCase()))
      issue('The unit code is one of U, C, B, X, P, T.', 'unitType');
    if (d.sort && !/^-?\d+$/.test(d.sort)) issue('Sort is a whole number.', 'sort');
    for (const k of ['addOn', 'allHotels'] as const)
      if (d[k] && d[k] !== '0' && d[k] !== '1') issue('Flags are 0 or 1.', k);
  })
  .transform((d) => ({
    ...d,
    unitType: d.unitType.toUpperCase(),
    projectHotels: parseIdList(d.projectHotels),
  }));
export type PriceFormInput = z.input<typeof PriceForm>;

export const SavePriceBody = z.object({ postData: PriceForm });
export type SavePriceBody = z.infer<typeof SavePriceBody>;
