import { z } from 'zod';
import { Id, Money } from './common';
import { payLinkStaffTexts } from './reservation-texts';

// Pay by link (issue 33 point 7, decision 310): staff taking a phone booking (or opening an
// unpaid one) text or e-mail the guest a link to their booking's page, where the guest pays the
// deposit or the whole booking through the venue's provider. The booking is held until it is
// paid or its time runs out. The guest's messages are here in English and Spanish; the guest's
// page words are in booking-page.ts; the staff screens' words in the web app's i18n.

/** How much the link asks: the venue's deposit or the whole booking (staff choose). */
export const PayLinkAmount = z.enum(['deposit', 'full'], { error: 'Choose the deposit or the whole booking.' });
export type PayLinkAmount = z.infer<typeof PayLinkAmount>;
export const PayLinkChannel = z.enum(['sms', 'email'], { error: 'Send the link by text (sms) or e-mail.' });
export type PayLinkChannel = z.infer<typeof PayLinkChannel>;
/** Minutes the guest has to pay: the venue's payment wait by default, 5 to 120. */
const Minutes = z.number().int().min(5, { error: 'Give the guest 5 to 120 minutes.' }).max(120, {
  error: 'Give the guest 5 to 120 minutes.',
});

/** A payment link asked for with a new phone booking (SaveReservationBody.payLink). */
export const PayLinkChoice = z
  .object({ amount: PayLinkAmount, channel: PayLinkChannel, minutes: Minutes.optional() })
  .strict();
export type PayLinkChoice = z.infer<typeof PayLinkChoice>;

/** POST /sendPaymentLink: a link for an existing unpaid booking. */
export const SendPayLinkBody = PayLinkChoice.extend({
  id: Id,
  languageCode: z.enum(['en', 'es']).optional(),
}).strict();
export type SendPayLinkBody = z.input<typeof SendPayLinkBody>;

/** POST /resendPaymentLink: the same link (same amount and time) again, by text or e-mail. */
export const ResendPayLinkBody = z.object({ id: Id, channel: PayLinkChannel }).strict();
export type ResendPayLinkBody = z.input<typeof ResendPayLinkBody>;

/** POST /cancelPaymentLink: the link stops working; the booking is kept, to pay at the beach. */
export const CancelPayLinkBody = z.object({ id: Id }).strict();

/** POST /quotePaymentLink: what a link would ask for units not yet booked (the booking form). */
export const PayLinkQuoteBody = z
  .object({
    unitIds: z.array(Id).min(1).max(50),
    days: z.number().int().min(1).max(60),
    window: z.enum(['full', 'morning', 'afternoon']).default('full'),
    itemIds: z.array(Id).max(50).default([]),
    hotelId: Id.optional().nullable(),
  })
  .strict();
export type PayLinkQuoteBody = z.input<typeof PayLinkQuoteBody>;

/** What a link may ask of a booking, or why none can be sent. */
export const PayLinkQuote = z.object({
  /** null: the venue's deposit setting gives nothing (then only the whole booking). */
  deposit: Money.nullable(),
  full: Money,
  currency: z.string(),
  /** The venue's rule for online bookings; a link follows it unless staff choose otherwise. */
  suggested: PayLinkAmount,
  minutes: z.number().int(),
  /** Why no link can be sent (no provider, a hotel guest, money already on account…), else null. */
  refusal: z.string().nullable(),
});
export type PayLinkQuote = z.infer<typeof PayLinkQuote>;

export const payLinkStates = ['waiting', 'paid', 'expired', 'cancelled', 'late'] as const;
export const PayLinkState = z.enum(payLinkStates);
export type PayLinkState = z.infer<typeof PayLinkState>;

/** A booking's payment link as staff see it. */
export const PayLink = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  locationId: z.number().int(),
  guestName: z.string(),
  /** The booking's contact: where the link may be sent again. */
  phone: z.string(),
  email: z.string(),
  units: z.array(z.string()),
  day: z.string(),
  /** waiting (the guest has until expiresAt), paid, expired (released), cancelled (by staff), late (paid after release: refunded). */
  state: PayLinkState,
  amount: Money,
  amountKind: PayLinkAmount,
  currency: z.string(),
  expiresAt: z.number().int(),
  createdAt: z.number().int(),
  createdBy: z.string().nullable(),
  sends: z.array(
    z.object({ channel: PayLinkChannel, recipient: z.string(), at: z.number().int(), by: z.string().nullable() }),
  ),
});
export type PayLink = z.infer<typeof PayLink>;

export const PayLinkResponse = z.object({ success: z.literal(1), details: z.string(), link: PayLink });
export type PayLinkResponse = z.infer<typeof PayLinkResponse>;

/** GET /getPaymentLink/:id: the booking's latest link (or none) and what a new one would ask. */
export const BookingPayLink = z.object({
  link: PayLink.nullable(),
  quote: PayLinkQuote,
  /** The booking's contact, for the choice of text or e-mail. */
  phone: z.string(),
  email: z.string(),
});
export type BookingPayLink = z.infer<typeof BookingPayLink>;

/** GET /getPaymentLinks?day=&locationId= : the links of a day's bookings in the user's locations. */
export const PayLinksQuery = z
  .object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date as YYYY-MM-DD.' }),
    locationId: Id.optional(),
  })
  .strict();
export const PayLinksResponse = z.object({ links: z.array(PayLink) });
export type PayLinksResponse = z.infer<typeof PayLinksResponse>;

/** The guest's page starts the provider's payment of a link: where to send the guest. */
export const PayLinkStart = z.object({ payUrl: z.string() });
export type PayLinkStart = z.infer<typeof PayLinkStart>;

/** Server answers (staff) and the guest's messages. */
export const payLinkTexts = {
  ...payLinkStaffTexts,
  /** The guest's text or e-mail, in the guest's language. */
  linkText: (venue: string, day: string, units: string, amount: string, until: string, url: string) =>
    `${venue}: ${units} on ${day} is held for you until ${until}. Pay ${amount} here to confirm your booking: ${url}`,
  linkTextEs: (venue: string, day: string, units: string, amount: string, until: string, url: string) =>
    `${venue}: ${units} el ${day} queda guardado para ti hasta las ${until}. Paga ${amount} aquí para confirmar tu reserva: ${url}`,
  linkSubject: (venue: string) => `Pay for your booking at ${venue}`,
  linkSubjectEs: (venue: string) => `Paga tu reserva en ${venue}`,
} as const;
