import { z } from 'zod';
import { Flag01, addId, addOrEdit, editId, filledText, formFlag, optionalText } from './admin-fields';
import { messages } from './messages';
import { PmsKind } from './pms';

const m = messages.hotel;

/** A hotel (spec section 3): contactEmail holds several addresses in one text. */
export const HotelRow = z.object({
  id: z.number().int(),
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  roomRange: z.string(),
  /** Room numbers ending 70 or higher are vacation owners (spec section 5), per hotel. */
  vacationOwnerRule: Flag01,
  /** The walk-in "Other" choice of the sale wizard; it has no roster. */
  isOther: Flag01,
  guestCount: z.number().int(),
  /** The hotel's system (issue 34): its guest roster, or the PMS it is connected to. */
  pms: PmsKind,
});
export type HotelRow = z.infer<typeof HotelRow>;

/** One roster line (spec section 3, "Hotel guest search result"). */
export const HotelGuest = z.object({
  id: z.number().int(),
  Room: z.string(),
  Guest_Name: z.string(),
  Accompanying_Guest_Name: z.string(),
  Additional: z.enum(['0', '1']),
});
export type HotelGuest = z.infer<typeof HotelGuest>;

/** A roster file uploaded on the hotel's page (spec section 3, "Uploaded document"). */
export const RosterFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.number().int(),
  statusReason: z.string(),
  uploadedAt: z.string(),
});
export type RosterFile = z.infer<typeof RosterFile>;

export const HotelListResponse = z.object({ hotels: z.array(HotelRow) });
export type HotelListResponse = z.infer<typeof HotelListResponse>;

export const HotelResponse = z.object({
  hotel: HotelRow,
  guests: z.array(HotelGuest),
  rosterFiles: z.array(RosterFile),
});
export type HotelResponse = z.infer<typeof HotelResponse>;

/** GET /getHotels: the hotels every signed-in user may pick (sale wizard, reports). */
export const HotelsResponse = z.object({
  hotels: z.array(z.object({ id: z.number().int(), name: z.string(), isOther: Flag01, vacationOwnerRule: Flag01 })),
});
export type HotelsResponse = z.infer<typeof HotelsResponse>;

/** Contact e-mails: several addresses separated by commas, semicolons, spaces or new lines. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** One address of a contact list: no spaces, commas or semicolons (they separate addresses). */
const address = '[^\\s@,;]+@[^\\s@,;]+\\.[^\\s@,;]+';
const badAddresses = (v: unknown) => splitEmails(String(v ?? '')).filter((e) => !new RegExp(`^${address}$`).test(e));
/** Several addresses separated by spaces, commas or semicolons (a blank has none). */
const contactEmails = (blank?: string) =>
  z
    .string({ error: blank })
    .max(2000, { error: 'Keep this under 2000 characters.' })
    .regex(new RegExp(`^[\\s,;]*${blank ? '' : '(?:'}${address}(?:[\\s,;]+${address})*${blank ? '' : ')?'}[\\s,;]*$`), {
      error: (iss) =>
        blank && !splitEmails(String(iss.input ?? '')).length
          ? blank
          : `Check the contact e-mail address: ${badAddresses(iss.input).join(', ')}`,
    })
    .transform((v) => v.trim());

const hotelName = filledText(200, m.nameBlank);
const hotelFields = {
  roomRange: optionalText(2000),
  vacationOwnerRule: formFlag,
};

/** The hotel form (spec section 5). New: name, contact name, contact e-mail; edit: only the name. */
export const HotelForm = addOrEdit(
  z.object({
    id: addId,
    name: hotelName,
    contactName: filledText(200, m.contactNameBlank),
    contactEmail: contactEmails(m.contactEmailBlank),
    ...hotelFields,
  }),
  z.object({
    id: editId,
    name: hotelName,
    contactName: optionalText(200),
    contactEmail: contactEmails()
      .nullable()
      .optional()
      .transform((v) => v ?? ''),
    ...hotelFields,
  }),
).transform((d) => ({ ...d, id: typeof d.id === 'number' ? d.id : 0 }));
export type HotelFormInput = z.input<typeof HotelForm>;

export const SaveHotelBody = z.object({ postData: HotelForm });
export type SaveHotelBody = z.infer<typeof SaveHotelBody>;

/** Columns of a guest roster CSV (spec section 3), in this order in the header line. */
export const rosterColumns = ['Room', 'Guest_Name', 'Accompanying_Guest_Name', 'Additional'] as const;
