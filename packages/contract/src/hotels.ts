import { z } from 'zod';
import { Flag01, formId, formText } from './admin-fields';
import { messages } from './messages';

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

/** The hotel form (spec section 5). New: name, contact name, contact e-mail; edit: only the name. */
export const HotelForm = z
  .object({
    id: formId,
    name: formText(200),
    contactName: formText(200),
    contactEmail: formText(2000),
    roomRange: formText(2000),
    vacationOwnerRule: formText(1),
  })
  .superRefine((d, ctx) => {
    const add = d.id === 0;
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!d.name) issue(m.nameBlank, 'name');
    if (add && !d.contactName) issue(m.contactNameBlank, 'contactName');
    if (add && !d.contactEmail) issue(m.contactEmailBlank, 'contactEmail');
    const bad = splitEmails(d.contactEmail).filter((e) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e));
    if (bad.length) issue(`Check the contact e-mail address: ${bad.join(', ')}`, 'contactEmail');
    if (d.vacationOwnerRule && d.vacationOwnerRule !== '0' && d.vacationOwnerRule !== '1')
      issue('Flags are 0 or 1.', 'vacationOwnerRule');
  });
export type HotelFormInput = z.input<typeof HotelForm>;

export const SaveHotelBody = z.object({ postData: HotelForm });
export type SaveHotelBody = z.infer<typeof SaveHotelBody>;

/** Columns of a guest roster CSV (spec section 3), in this order in the header line. */
export const rosterColumns = ['Room', 'Guest_Name', 'Accompanying_Guest_Name', 'Additional'] as const;
