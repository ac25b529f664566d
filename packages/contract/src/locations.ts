import { z } from 'zod';
import { filledText, formId, formNumber } from './admin-fields';
import { messages } from './messages';

const m = messages.location;

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
  })
  .transform((d) => ({
    id: d.id || d.locationId,
    name: d.name,
    fullName: d.fullName,
    umbrellas: Number(d.umbrellas),
    umbrellaRows: Number(d.umbrellaRows),
  }));
export type LocationFormInput = z.input<typeof LocationForm>;

export const SaveLocationBody = z.object({ postData: LocationForm });
export type SaveLocationBody = z.infer<typeof SaveLocationBody>;
