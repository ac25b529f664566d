import { z } from 'zod';
import { filledText, formId, formNumber, optionalText } from './admin-fields';
import { messages } from './messages';
import { depositPattern } from './rules/booking-payment';

const m = messages.location;

/** The location form's payment rule messages (issue 33). */
export const locationPaymentTexts = {
  rule: "Choose the venue's rule, nothing, a deposit or the whole booking.",
  deposit:
    "Enter the deposit as an amount ('10.00') or a share of the total ('25%'), or leave it blank for the venue's deposit.",
} as const;

/** Grid limits: enough for any beach, small enough that a typo cannot create a million positions. */
export const locationLimits = { maxUmbrellas: 200, maxRows: 50 } as const;

/** A location as the Locations screens show it (spec section 3: name is shown as Initials). */
export const LocationRow = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  name: z.string(),
  fullName: z.string(),
  umbrellas: z.number().int(),
  umbrellaRows: z.number().int(),
  sort: z.number().int(),
  /**
   * What a guest's online booking here pays (issue 33, decision 300): '' the venue's rule (Config →
   * Bookings), else this location's own; `bookingDeposit` '' is the venue's deposit.
   */
  bookingPayment: z.enum(['', 'none', 'deposit', 'full']),
  bookingDeposit: z.string(),
});
export type LocationRow = z.infer<typeof LocationRow>;

export const LocationListResponse = z.object({ locations: z.array(LocationRow) });
export type LocationListResponse = z.infer<typeof LocationListResponse>;

export const LocationResponse = z.object({ location: LocationRow });
export type LocationResponse = z.infer<typeof LocationResponse>;

/** The location form, add and edit alike (spec section 5): the four messages, then the numbers. */
export const LocationForm = z
  .object({
    id: formId,
    locationId: formId,
    // The spec's four texts in the spec's order (section 5: name, fullName, umbrellas, umbrellaRows
    // → "Name", "Full Name", "Umbrellas", "Umbrellas per Row"), quoted exactly (issue 26). The form
    // labels `umbrellas` "Umbrellas" (positions in each row) and `umbrellaRows` "Umbrella Rows".
    name: filledText(50, m.nameBlank),
    fullName: filledText(200, m.fullNameBlank),
    umbrellas: formNumber(
      1,
      locationLimits.maxUmbrellas,
      `Umbrellas per Row is a whole number from 1 to ${locationLimits.maxUmbrellas}.`,
      m.umbrellasBlank,
    ),
    umbrellaRows: formNumber(
      1,
      locationLimits.maxRows,
      `Umbrella Rows is a whole number from 1 to ${locationLimits.maxRows}.`,
      m.umbrellaRowsBlank,
    ),
    // Issue 33 (decision 300): the location's own online payment rule. Left out, an edit keeps
    // the stored rule (older clients and scripts send only the four spec fields).
    bookingPayment: z.enum(['', 'none', 'deposit', 'full'], { error: locationPaymentTexts.rule }).optional(),
    bookingDeposit: optionalText(20, { pattern: depositPattern, error: locationPaymentTexts.deposit }).optional(),
  })
  .transform((d) => ({
    id: d.id || d.locationId,
    name: d.name,
    fullName: d.fullName,
    umbrellas: Number(d.umbrellas),
    umbrellaRows: Number(d.umbrellaRows),
    bookingPayment: d.bookingPayment,
    // A deposit only means something with the deposit rule; otherwise it is not kept.
    bookingDeposit:
      d.bookingPayment === undefined ? undefined : d.bookingPayment === 'deposit' ? (d.bookingDeposit ?? '') : '',
  }));
export type LocationFormInput = z.input<typeof LocationForm>;

export const SaveLocationBody = z.object({ postData: LocationForm });
export type SaveLocationBody = z.infer<typeof SaveLocationBody>;
