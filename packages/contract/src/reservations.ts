import { z } from 'zod';
import { PublicPayment, PublicPaymentRule } from './payments';
import { PayLinkChoice } from './pay-links';
import { payLinkStaffTexts } from './reservation-texts';
import { isBlank, orBlank } from './admin-fields';
import { guestBookingTexts } from './booking-page';
import { type CodeRule, Id, Money, wholeNumber } from './common';
import { formatMoney } from './rules/money';
import { paymentMethods } from './rules/pricing';
import { cancelOutcomes } from './rules/cancel-policy';
import { bookingWindows, reservationChannels, reservationStatuses } from './rules/reservation';

// The texts i18n.ts puts into Spanish live in a leaf module of their own (no import circle, issue 36).
export { cancelPolicyTexts, payLinkStaffTexts, staffWaitlistTexts } from './reservation-texts';

// Calls of advance bookings (issue 24, DESIGN.md section 11, decision 170): staff take, list,
// move, cancel and mark no-show reservations; a reservation claims its unit-days through the same
// atomic claim as a sale. Names follow the spec's call style (POST /saveReservation, …).

/** Sandbar's own texts for bookings (the spec has none): server answers and screens share them. */
export const reservationTexts = {
  guestNameBlank: 'Enter the guest name.',
  linkOrDeposit: payLinkStaffTexts.linkOrDeposit,
  contactBlank: 'Enter a phone number or an e-mail address for the guest.',
  invalidPhone: 'Enter a valid mobile number, like 305 555 0123.',
  invalidEmail: 'Enter a valid e-mail address.',
  unitsBlank: 'Choose at least one unit.',
  daysBlank: 'Choose at least one day.',
  dayFormat: 'Enter the date as YYYY-MM-DD.',
  unitTwice: 'A unit is in the booking twice.',
  itemTwice: 'An extra is in the booking twice.',
  dayTwice: 'A day is in the booking twice.',
  tooManyUnits: (max: number) => `A booking holds at most ${max} units.`,
  tooManyDays: (max: number) => `A booking spans at most ${max} days.`,
  dayPast: 'That day has passed: book today or a later day.',
  dayTooFar: (days: number) => `Bookings open ${days} days ahead.`,
  partySize: 'The party is 1 to 50 people.',
  hotelNeedsGuest: 'Enter the hotel guest’s room and last name.',
  guestNotFound: 'No guest with that last name is staying in that room. Check the room or use manual entry.',
  hotelNotFound: 'No such hotel.',
  unitNotFound: 'No such unit.',
  oneLocation: 'All units of a booking stand in one location.',
  notYourLocation: 'This unit is in a location that is not assigned to you.',
  notForSale: (unit: string) => `${unit} is a pier or tower spot and cannot be booked.`,
  notFound: 'No such reservation.',
  stale: 'This reservation changed meanwhile. Look again and retry.',
  /** Staff cannot confirm a booking whose online payment is still open: the provider's webhook confirms it. */
  awaitsPayment: 'This booking waits for the guest’s online payment: it is confirmed when the payment arrives.',
  notAllowed: (status: string, action: string) => `A ${status.replace('_', '-')} reservation cannot be ${action}.`,
  reasonBlank: 'Give a reason.',
  refundRole: 'Only a supervisor or an admin can refund a deposit.',
  depositMethod: 'Select how the deposit was paid.',
  depositCard: 'A card deposit needs the card transaction id from the reader.',
  depositRoomCharge: 'A room-charge deposit needs the hotel guest’s hotel, room and last name.',
  depositVoucher: 'Enter the voucher number.',
  moveSameCount: 'Move the booking to as many units as it holds.',
  /** The 409 a sale, a hold or another booking gets for a unit-day a reservation holds. */
  reservedFor: (unit: string, day: string, guest: string, arrival: string) =>
    `${unit} is reserved for ${guest} on ${day}${arrival ? `, arriving ${arrival}` : ''}.`,
  soldOn: (unit: string, day: string) => `${unit} is already sold on ${day}.`,
  heldOn: (unit: string, day: string) =>
    `${unit} is in an order on another tablet on ${day}. Try again in a few minutes.`,
  saved: 'Reservation saved.',
  moved: 'Reservation moved.',
  cancelled: 'Reservation cancelled.',
  noShow: 'Marked as a no-show; the units are back on sale.',
  depositTaken: (amount: string) => `Deposit of ${formatMoney(amount)} taken.`,
} as const;

/** Limits of one booking (the venue's rules on Config may lower the first two). */
export const reservationLimits = {
  maxUnits: 20,
  maxDays: 14,
  maxPartySize: 50,
  /** Extras one online booking may ask for. */
  maxItems: 10,
  /** Days ahead a booking may start when the venue has not set its window. */
  defaultWindowDays: 90,
} as const;

/** A real calendar day, YYYY-MM-DD: `z.iso.date` puts the month-and-leap-year pattern in the document. */
export const BookingDay = z.iso.date({ error: reservationTexts.dayFormat });

export const ReservationStatus = z.enum(reservationStatuses);
export const ReservationChannel = z.enum(reservationChannels);
export const BookingWindow = z.enum(bookingWindows);

const text = (max: number) => z.string().trim().max(max);
/** An e-mail address, or a blank (the other contact may be given instead). */
const contactEmail = z
  .string()
  .max(200)
  .regex(orBlank(/[^\s@]+@[^\s@]+\.[^\s@]+/), { error: reservationTexts.invalidEmail })
  .transform((v) => v.trim())
  .default('');
/** A phone number of at least 7 digits, or a blank (the other contact may be given instead). */
const contactPhone = z
  .string()
  .max(30)
  .regex(/^(?:\s*|(?:\D*\d){7}[\s\S]*)$/, { error: reservationTexts.invalidPhone })
  .transform((v) => v.trim())
  .default('');
/** The guest's name: more than spaces. */
const guestName = z
  .string({ error: reservationTexts.guestNameBlank })
  .max(100)
  .regex(/\S/, { error: reservationTexts.guestNameBlank })
  .transform((v) => v.trim());
/** A list without repeats: `uniqueItems` in the document, the message in code. */
const unique = <T extends z.ZodArray>(list: T, error: string) =>
  list.refine((v) => new Set(v).size === v.length, { error }).meta({ uniqueItems: true });
/** How many in the party: a whole number 1–50, as a number or its digits. */
const PartySize = wholeNumber(1, reservationLimits.maxPartySize, reservationTexts.partySize);

/** A deposit taken when booking (or later): one of the venue's methods, like a sale's payment. */
export const DepositIn = z.object({
  method: z.enum(paymentMethods, { error: reservationTexts.depositMethod }),
  amount: z.union([
    z.number().positive().max(100_000),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'Amounts are numbers like 35.00' }),
  ]),
  cardTransactionId: text(200).optional(),
  voucherNumber: text(50).optional(),
});
export type DepositIn = z.infer<typeof DepositIn>;

/** POST /saveReservation: staff take a desk or phone booking. */
export const SaveReservationBody = z
  .object({
    unitIds: unique(
      z
        .array(Id)
        .min(1, { error: reservationTexts.unitsBlank })
        .max(reservationLimits.maxUnits, {
          error: reservationTexts.tooManyUnits(reservationLimits.maxUnits),
        }),
      reservationTexts.unitTwice,
    ),
    days: unique(
      z
        .array(BookingDay)
        .min(1, { error: reservationTexts.daysBlank })
        .max(reservationLimits.maxDays, { error: reservationTexts.tooManyDays(reservationLimits.maxDays) }),
      reservationTexts.dayTwice,
    ),
    window: BookingWindow.default('full'),
    guestName: guestName,
    phone: contactPhone,
    email: contactEmail,
    /** Hotel guest: hotel, room and last name, found on the hotel's roster like a room charge. */
    hotelId: Id.optional().nullable(),
    roomNumber: text(20).default(''),
    lastName: text(100).default(''),
    /** Skip the roster check (the hotel's list is out of date), like a room charge's manual entry. */
    manualEntry: z.boolean().default(false),
    partySize: PartySize.default(2),
    /** Expected arrival, 'HH:MM' in the venue's zone; '' unknown. */
    arrival: z
      .string()
      .trim()
      .regex(/^(?:|(?:[01]\d|2[0-3]):[0-5]\d)$/, { error: 'Enter the arrival as HH:MM.' })
      .default(''),
    notes: text(1000).default(''),
    channel: z
      .enum(['staff', 'phone'], { error: 'A staff booking is taken at the desk or on the phone.' })
      .default('staff'),
    deposit: DepositIn.optional().nullable(),
    languageCode: z.enum(['en', 'es']).optional().nullable(),
    /** Extras from the price list (add-ons of the booked units' kinds), as on the guest's page; check-in pre-fills them. */
    itemIds: unique(z.array(Id).max(reservationLimits.maxItems), reservationTexts.itemTwice).default([]),
    /** Text (else e-mail) the guest the confirmation with a manage link, as the guest page does. */
    sendConfirmation: z.boolean().default(false),
    /** Instead of a deposit at the desk: text or e-mail the guest a link to pay online (issue 33 point 7); held until paid. */
    payLink: PayLinkChoice.optional().nullable(),
  })
  .superRefine((b, ctx) => {
    if (isBlank(b.phone) && isBlank(b.email))
      ctx.addIssue({ code: 'custom', message: reservationTexts.contactBlank, path: ['phone'] });
    if (b.hotelId && (isBlank(b.roomNumber) || isBlank(b.lastName)))
      ctx.addIssue({ code: 'custom', message: reservationTexts.hotelNeedsGuest, path: ['roomNumber'] });
    if (b.payLink && b.deposit)
      ctx.addIssue({ code: 'custom', message: reservationTexts.linkOrDeposit, path: ['payLink'] });
  });

/** Rules joining two fields (not in the document's schemas): checked in code, listed for the document. */
const contactRule: CodeRule = { rule: 'phone or email is not blank', message: reservationTexts.contactBlank };
// `uniqueItems` refuses the same JSON value twice; 1 and "1" are the same id only once read.
const unitsOnceRule: CodeRule = {
  rule: 'unitIds names no unit twice, as a number or as its digits',
  message: reservationTexts.unitTwice,
};
export const saveReservationCodeRules: CodeRule[] = [
  contactRule,
  unitsOnceRule,
  { rule: 'with a hotelId, roomNumber and lastName are not blank', message: reservationTexts.hotelNeedsGuest },
  { rule: 'payLink and deposit are not both sent', message: reservationTexts.linkOrDeposit },
];
/** The guest page keys a guest by the number's one spelling (issue 32 defect 4). */
const guestPhoneRule: CodeRule = {
  rule: "phone, when sent, is a valid number: of the venue's country (venueCountry) unless it starts with + or 00 and a country code; stored in E.164",
  message: guestBookingTexts.en.errors.invalidPhone,
};
export const publicBookingCodeRules: CodeRule[] = [
  contactRule,
  guestPhoneRule,
  unitsOnceRule,
  {
    rule: 'with a hotelId, roomNumber and lastName are not blank',
    message: guestBookingTexts.en.errors.hotelNeedsGuest,
  },
];
export const publicWaitlistCodeRules: CodeRule[] = [contactRule, guestPhoneRule];
export const moveReservationCodeRules: CodeRule[] = [
  { rule: 'unitIds or days is sent', message: 'Choose the units or the days to move to.' },
];
export type SaveReservationBody = z.input<typeof SaveReservationBody>;
export type SaveReservationInput = z.output<typeof SaveReservationBody>;

/**
 * A held booking waiting for the guest's online payment (issue 33): the guest's checkout on /book
 * or a payment link staff sent. The provider's webhook confirms it, not staff (409
 * awaitsPayment); unpaid by `until` (epoch ms) the hold runs out and its units go back on sale.
 * Staff screens say so instead of offering Confirm.
 */
export const AwaitingPayment = z.object({
  amount: Money,
  until: z.number().int(),
  via: z.enum(['checkout', 'link']),
});
export type AwaitingPayment = z.infer<typeof AwaitingPayment>;

/**
 * What a tile and the unit modal show of a booking holding (part of) the unit's day (DESIGN.md
 * section 11: status 1 with a reservation): morning before afternoon when two half-day bookings
 * share the day. Staff only; the public page never sees it.
 */
export const UnitReservation = z.object({
  id: z.number().int(),
  guestName: z.string(),
  arrival: z.string(),
  partySize: z.number().int(),
  window: BookingWindow,
  status: ReservationStatus,
  depositBalance: Money,
  phone: z.string(),
  hotelId: z.number().int().nullable(),
  roomNumber: z.string(),
  lastName: z.string(),
  /** Extras (price ids) the guest booked and no check-in sale has sold yet: the wizard pre-fills them. */
  itemIds: z.array(z.number().int()).optional(),
  /** Their names, for the booking's card. */
  itemNames: z.array(z.string()).optional(),
  /** The booking's notes (staff's or the guest's), when there are any. */
  notes: z.string().optional(),
  /** Held for the guest's online payment (null: not waiting for one). */
  awaitingPayment: AwaitingPayment.nullable().optional(),
});
export type UnitReservation = z.infer<typeof UnitReservation>;

export const ReservationPayment = z.object({
  id: z.number().int(),
  kind: z.enum(['deposit', 'refund', 'forfeit', 'applied']),
  method: z.string(),
  amount: Money,
  day: z.string(),
  at: z.number().int(),
  by: z.string().nullable(),
  reason: z.string(),
});
export type ReservationPayment = z.infer<typeof ReservationPayment>;

export const ReservationUnit = z.object({
  unitId: z.number().int(),
  label: z.string(),
  day: z.string(),
});

export const Reservation = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  location: z.string(),
  status: ReservationStatus,
  channel: ReservationChannel,
  window: BookingWindow,
  days: z.array(z.string()),
  units: z.array(ReservationUnit),
  guestName: z.string(),
  phone: z.string(),
  email: z.string(),
  hotelId: z.number().int().nullable(),
  roomNumber: z.string(),
  lastName: z.string(),
  partySize: z.number().int(),
  arrival: z.string(),
  notes: z.string(),
  /** The extras booked (price-list add-ons); `saleId` once a check-in sale sold it. */
  items: z.array(z.object({ priceId: z.number().int(), name: z.string(), saleId: z.number().int().nullable() })),
  /** Deposits taken less refunds and what was applied or forfeited: what the guest has on account. */
  depositBalance: Money,
  payments: z.array(ReservationPayment),
  saleId: z.number().int().nullable(),
  createdAt: z.number().int(),
  createdBy: z.string().nullable(),
  holdExpiresAt: z.number().int().nullable(),
  /** Held for the guest's online payment (null: not waiting for one): staff cannot confirm it. */
  awaitingPayment: AwaitingPayment.nullable(),
});
export type Reservation = z.infer<typeof Reservation>;

export const ReservationResponse = z.object({ success: z.literal(1), details: z.string(), reservation: Reservation });
export type ReservationResponse = z.infer<typeof ReservationResponse>;

/** GET /getReservations?day=&locationId=&status= : a day's bookings in the user's locations. */
export const ReservationsQuery = z.object({
  day: BookingDay,
  locationId: Id.optional(),
  status: ReservationStatus.optional(),
});
export type ReservationsQuery = z.infer<typeof ReservationsQuery>;
export const ReservationsResponse = z.object({ reservations: z.array(Reservation) });
export type ReservationsResponse = z.infer<typeof ReservationsResponse>;

/** POST /moveReservation: other units (as many as it holds) and/or other days (as many). */
export const MoveReservationBody = z
  .object({
    id: Id,
    unitIds: z.array(Id).min(1).max(reservationLimits.maxUnits).optional(),
    days: z.array(BookingDay).min(1).max(reservationLimits.maxDays).optional(),
  })
  .refine((b) => b.unitIds || b.days, { error: 'Choose the units or the days to move to.' });
export type MoveReservationBody = z.input<typeof MoveReservationBody>;
export type MoveReservationInput = z.output<typeof MoveReservationBody>;

const Reason = z
  .string({ error: reservationTexts.reasonBlank })
  .trim()
  .min(1, { error: reservationTexts.reasonBlank })
  .max(500);

/**
 * POST /cancelReservation: the venue's policy decides what happens to the deposit; a supervisor or
 * an admin may override it with a reason (audited).
 */
export const CancelReservationBody = z.object({
  id: Id,
  reason: Reason,
  /**
   * Left out, the venue's policy decides (refund before the cut-off, forfeit after). Another
   * choice than the policy's is an override: supervisors and admins, with `overrideReason`.
   */
  deposit: z.enum(['refund', 'forfeit', 'keep']).optional(),
  /**
   * With `refund`: how much goes back (a partial refund; the rest is kept). Left out, the policy's
   * share (or the whole deposit when the policy says keep). An amount other than the policy's is
   * an override too.
   */
  refundAmount: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'Amounts are numbers like 35.00' })
    .optional(),
  overrideReason: z.string().trim().max(500).default(''),
});
export type CancelReservationBody = z.input<typeof CancelReservationBody>;
export type CancelReservationInput = z.output<typeof CancelReservationBody>;

/** GET /getCancelPolicy/:id : what cancelling a booking now does to its deposit (shown before confirming). */
export const CancelPolicy = z.object({
  outcome: z.enum(cancelOutcomes),
  /** The deposit on account. */
  deposit: Money,
  /** The last moment a cancellation gets the deposit back (ms). */
  cutoffAt: z.number().int(),
  /** Whether the caller may choose otherwise (supervisors and admins, with a reason). */
  canOverride: z.boolean(),
  /** What the policy refunds (the venue's refund share of the deposit before the cut-off; issue 33). */
  refund: Money.optional(),
  /** Of the deposit, what was paid online: refunded through the payment provider. */
  online: Money.optional(),
});
export type CancelPolicy = z.infer<typeof CancelPolicy>;

/** POST /markReservationNoShow: release the units early (staff) with a reason. */
export const NoShowBody = z.object({ id: Id, reason: Reason });
export type NoShowBody = z.input<typeof NoShowBody>;
export type NoShowInput = z.output<typeof NoShowBody>;

/** POST /addReservationDeposit: take (more of) a deposit on a held or confirmed reservation. */
export const AddDepositBody = z.object({ id: Id, deposit: DepositIn });
export type AddDepositBody = z.input<typeof AddDepositBody>;
export type AddDepositInput = z.output<typeof AddDepositBody>;

/** GET /getBookingBoard?day=&locationId= : the grid of a day to book from (staff). */
export const BookingBoardQuery = z.object({ day: BookingDay.optional(), locationId: Id.optional() });
export type BookingBoardQuery = z.infer<typeof BookingBoardQuery>;

/**
 * A unit on the booking grid: free, reserved (for the whole day, or a half: `halves` says which
 * are booked), taken (sold, occupied or in a cart today) or dark (pier/tower spot, not bookable).
 */
export const BookingUnit = z.object({
  unitId: z.number().int(),
  unitType: z.string(),
  unitNumber: z.number().int(),
  row: z.number().int(),
  position: z.number().int(),
  state: z.enum(['free', 'reserved', 'taken', 'dark']),
  halves: z.object({ am: z.boolean(), pm: z.boolean() }),
  /** Public page only: the venue keeps this unit's row for walk-ins, so it cannot be booked online. */
  walkIn: z.boolean().optional(),
  /** Staff only: who holds it. The public page's answer never carries this. */
  reservations: z.array(UnitReservation).optional(),
});
export type BookingUnit = z.infer<typeof BookingUnit>;

export const BookingLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  fullName: z.string(),
  rows: z.array(z.array(BookingUnit)),
});
export type BookingLocation = z.infer<typeof BookingLocation>;

export const BookingBoard = z.object({
  day: z.string(),
  today: z.string(),
  /** The last day a booking may start (the venue's booking window). */
  lastDay: z.string(),
  locations: z.array(BookingLocation),
});
export type BookingBoard = z.infer<typeof BookingBoard>;

// ---------- the guest's page (public, no sign-in; issue 24 points 4 and 9) ----------

// The guest-facing answers are the page's own words (booking-page.ts), so it can show them in Spanish.
const guestErrors = guestBookingTexts.en.errors;
export const publicBookingTexts = {
  tooMany: guestErrors.tooMany,
  notOnline: guestErrors.notOnline,
  policyNotAccepted: guestErrors.policyNotAccepted,
  linkExpired: guestErrors.linkExpired,
  /** A public 409 names no guest: only that the unit is gone. */
  unitGone: guestErrors.unitGone,
  confirmSubject: (venue: string) => `Your booking at ${venue}`,
  /** `extras`: the booked extras' names, comma-separated ('' none), so the guest sees what waits for them. */
  confirmText: (venue: string, day: string, units: string, url: string, extras = '') =>
    `${venue}: booked ${units} on ${day}${extras ? `, extras: ${extras}` : ''}. View or cancel: ${url}`,
  confirmTextEs: (venue: string, day: string, units: string, url: string, extras = '') =>
    `${venue}: reservado ${units} el ${day}${extras ? `, extras: ${extras}` : ''}. Ver o cancelar: ${url}`,
  /** The waitlist (issue 24 point 7): a freed unit offered to the first guest waiting for it. */
  offerSubject: (venue: string) => `A spot is free for you at ${venue}`,
  offerText: (venue: string, day: string, units: string, minutes: number, url: string) =>
    `${venue}: ${units} is free on ${day}. It is yours if you keep it within ${minutes} minutes: ${url}`,
  offerTextEs: (venue: string, day: string, units: string, minutes: number, url: string) =>
    `${venue}: ${units} está libre el ${day}. Es tuyo si lo confirmas en ${minutes} minutos: ${url}`,
  /** A unit in a row the venue keeps for walk-ins (Config → Bookings, bookable rows). */
  walkInRow: guestErrors.walkInRow,
  /** A hotel rate whose room and surname are not on the hotel's list: one answer for both, no roster data. */
  hotelGuestNotFound: guestErrors.hotelGuestNotFound,
  hotelNeedsGuest: guestErrors.hotelNeedsGuest,
  /** An extra that is not an add-on of the booked spots' kinds (or of the guest's hotel rate). */
  itemNotOffered: guestErrors.itemNotOffered,
  offerGone: guestErrors.offerGone,
  waitlistTwice: guestErrors.waitlistTwice,
  invalidPhone: guestErrors.invalidPhone,
  /** A day past the booking window (or past any calendar, "9999-12-31"): refused before anything is built from it. */
  dayTooFar: guestErrors.dayTooFar,
  dayPast: guestErrors.dayPast,
  /** A waitlist for a kind of spot no online unit of the location has. */
  unitTypeNone: guestErrors.unitTypeNone,
  /** A waitlist for a day and kind that has free spots: the guest books one instead. */
  freeSpots: guestErrors.freeSpots,
  /** The manage link's cancel of a booking staff have checked in. */
  checkedIn: guestErrors.checkedIn,
} as const;

export { waitlistOfferMinutes } from './rules/reservation';

/** GET /api/public/booking/availability?day=&locationId= : no guest data, ever. */
export const PublicAvailabilityQuery = z.object({ day: BookingDay.optional(), locationId: Id.optional() });
export type PublicAvailabilityQuery = z.infer<typeof PublicAvailabilityQuery>;

export const PublicPrice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Spanish name where the price list has one (issue 26); the page falls back to `name`. */
  nameEs: z.string().optional(),
  unitType: z.string(),
  price: Money,
  /** An extra (towel, cooler) rather than the spot itself. */
  addOn: z.boolean(),
  /** The hours the price applies (the venue's price windows, e.g. 7–14 and 15–20). */
  startHour: z.number().int(),
  endHour: z.number().int(),
  /** A hotel rate: the hotels whose guests get it (priced at the hotel rate); absent for everyone's prices. */
  hotelIds: z.array(z.number().int()).optional(),
});
/** A hotel whose guests have rates here (the page asks their room and surname). Never its roster. */
export const PublicHotel = z.object({ id: z.number().int(), name: z.string() });
export type PublicHotel = z.infer<typeof PublicHotel>;
export type PublicPrice = z.infer<typeof PublicPrice>;
export const PublicAvailability = z.object({
  venueName: z.string(),
  day: z.string(),
  today: z.string(),
  lastDay: z.string(),
  maxUnits: z.number().int(),
  /** Minutes a waitlist offer holds its spot for the guest (Config → Bookings). */
  offerMinutes: z.number().int(),
  policy: z.string(),
  /** The policy for the Spanish page: the venue's Spanish text, or the English one when it has none. */
  policyEs: z.string(),
  locations: z.array(BookingLocation),
  prices: z.array(PublicPrice),
  hotels: z.array(PublicHotel),
  /** What an online booking pays now (issue 33): the page shows the amount before the guest books. */
  payment: PublicPaymentRule.optional(),
  /** Locations with a rule of their own (decision 300): it replaces `payment`'s rule and deposit there. */
  locationPayments: z
    .array(z.object({ locationId: z.number().int(), rule: z.enum(['none', 'deposit', 'full']), deposit: z.string() }))
    .optional(),
});
export type PublicAvailability = z.infer<typeof PublicAvailability>;

/** POST /api/public/booking : a guest books chosen units for one day. */
export const PublicBookingBody = z
  .strictObject({
    day: BookingDay,
    unitIds: unique(
      z.array(Id).min(1, { error: reservationTexts.unitsBlank }).max(reservationLimits.maxUnits),
      reservationTexts.unitTwice,
    ),
    window: BookingWindow.default('full'),
    guestName: guestName,
    phone: contactPhone,
    email: contactEmail,
    partySize: PartySize,
    arrival: z
      .string()
      .trim()
      .regex(/^(?:|(?:[01]\d|2[0-3]):[0-5]\d)$/, { error: 'Enter the arrival as HH:MM.' })
      .default(''),
    acceptPolicy: z.literal(true, { error: publicBookingTexts.policyNotAccepted }),
    languageCode: z.enum(['en', 'es']).default('en'),
    /** Extras from the day's price list (add-ons of the booked spots' kinds), paid at arrival. */
    itemIds: unique(z.array(Id).max(reservationLimits.maxItems), reservationTexts.itemTwice).default([]),
    /** A hotel rate: the hotel, and the room and surname found on its list like a room charge. */
    hotelId: Id.optional().nullable(),
    roomNumber: text(20).default(''),
    lastName: text(100).default(''),
  })
  .superRefine((b, ctx) => {
    if (isBlank(b.phone) && isBlank(b.email))
      ctx.addIssue({ code: 'custom', message: reservationTexts.contactBlank, path: ['phone'] });
    if (b.hotelId && (isBlank(b.roomNumber) || isBlank(b.lastName)))
      ctx.addIssue({ code: 'custom', message: publicBookingTexts.hotelNeedsGuest, path: ['roomNumber'] });
  });
export type PublicBookingBody = z.input<typeof PublicBookingBody>;
export type PublicBookingInput = z.output<typeof PublicBookingBody>;

/** What the guest sees of their own booking (by its manage link): nothing of anyone else. */
export const PublicBooking = z.object({
  status: ReservationStatus,
  day: z.string(),
  window: BookingWindow,
  location: z.string(),
  /** The location's name as guests read it ("Main Beach", not the code "MB"). */
  locationName: z.string(),
  units: z.array(z.string()),
  /** The extras booked, by name. */
  items: z.array(z.string()),
  guestName: z.string(),
  partySize: z.number().int(),
  arrival: z.string(),
  policy: z.string(),
  /** The policy in Spanish (the English text when the venue has no Spanish one). */
  policyEs: z.string(),
  /** A held booking (a waitlist offer) lets its units go at this time unless the guest keeps it. */
  holdExpiresAt: z.number().int().nullable(),
  /** What cancelling now does to a deposit on account (issue 24 point 2): shown before the guest confirms. */
  cancelOutcome: z
    .object({
      outcome: z.enum(cancelOutcomes),
      deposit: Money,
      cutoffAt: z.number().int(),
      /** What goes back when the outcome is a refund (the venue's refund share of the deposit). */
      refund: Money.optional(),
    })
    .nullable()
    .default(null),
  /** The booking's online payment (issue 33), when one was asked. */
  payment: PublicPayment.optional(),
  /** The venue's time zone: the page says times by the beach's clock, wherever the guest's phone is. */
  timeZone: z.string().optional(),
});
export type PublicBooking = z.infer<typeof PublicBooking>;

/** POST /api/public/booking/waitlist : a guest waits for a unit of a location (and type) on a full day. */
export const PublicWaitlistBody = z
  .strictObject({
    day: BookingDay,
    locationId: Id,
    unitType: z
      .string()
      .regex(/^\s*[A-Z]?\s*$/, { error: 'A unit type is one capital letter.' })
      .transform((v) => v.trim())
      .default(''),
    window: BookingWindow.default('full'),
    guestName: guestName,
    phone: contactPhone,
    email: contactEmail,
    partySize: PartySize,
    acceptPolicy: z.literal(true, { error: publicBookingTexts.policyNotAccepted }),
    languageCode: z.enum(['en', 'es']).default('en'),
  })
  .superRefine((b, ctx) => {
    if (isBlank(b.phone) && isBlank(b.email))
      ctx.addIssue({ code: 'custom', message: reservationTexts.contactBlank, path: ['phone'] });
  });
export type PublicWaitlistBody = z.input<typeof PublicWaitlistBody>;
export type PublicWaitlistInput = z.output<typeof PublicWaitlistBody>;

export const PublicWaitlistResponse = z.object({
  status: z.literal('waiting'),
  /** How many requests for that day and location were there first, plus one. */
  position: z.number().int(),
});
export type PublicWaitlistResponse = z.infer<typeof PublicWaitlistResponse>;

export const PublicBookingResponse = z.object({
  booking: PublicBooking,
  /** The manage link (also sent by text or e-mail). */
  manageUrl: z.string(),
  /** Where the guest pays (the provider's page) when the booking waits for its payment. */
  payUrl: z.string().nullable().optional(),
});
export type PublicBookingResponse = z.infer<typeof PublicBookingResponse>;

export const ManageTokenParam = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{32,64}$/, { error: publicBookingTexts.linkExpired }),
});

// ---------- the waitlist at the desk (issue 24 point 7: "a guest (page) or staff adds a request") ----------

/** POST /saveWaitlistRequest: staff put a guest on the waitlist for a day and location (and unit type). */
export const StaffWaitlistBody = z
  .object({
    day: BookingDay,
    locationId: Id,
    unitType: z
      .string()
      .regex(/^\s*[A-Z]?\s*$/, { error: 'A unit type is one capital letter.' })
      .transform((v) => v.trim())
      .default(''),
    window: BookingWindow.default('full'),
    guestName: guestName,
    phone: contactPhone,
    email: contactEmail,
    partySize: PartySize.default(2),
    channel: z.enum(['staff', 'phone']).default('staff'),
    languageCode: z.enum(['en', 'es']).default('en'),
  })
  .superRefine((b, ctx) => {
    if (isBlank(b.phone) && isBlank(b.email))
      ctx.addIssue({ code: 'custom', message: reservationTexts.contactBlank, path: ['phone'] });
  });
export type StaffWaitlistBody = z.input<typeof StaffWaitlistBody>;
export type StaffWaitlistInput = z.output<typeof StaffWaitlistBody>;
export const staffWaitlistCodeRules: CodeRule[] = [contactRule];

export const WaitlistRequest = z.object({
  id: z.number().int(),
  day: z.string(),
  locationId: z.number().int(),
  location: z.string(),
  unitType: z.string(),
  window: BookingWindow,
  guestName: z.string(),
  phone: z.string(),
  email: z.string(),
  partySize: z.number().int(),
  channel: ReservationChannel,
  status: z.enum(['waiting', 'offered', 'booked', 'expired', 'cancelled']),
  /** Place in line among the requests still waiting or offered for that day and location (0 when out of line). */
  position: z.number().int(),
  createdAt: z.number().int(),
});
export type WaitlistRequest = z.infer<typeof WaitlistRequest>;

/** GET /getWaitlist?day=&locationId= : the day's waitlist in the user's locations, first come first. */
export const WaitlistQuery = z.object({ day: BookingDay, locationId: Id.optional() });
export type WaitlistQuery = z.infer<typeof WaitlistQuery>;
export const WaitlistResponse = z.object({ requests: z.array(WaitlistRequest) });
export type WaitlistResponse = z.infer<typeof WaitlistResponse>;

export const WaitlistChangeResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  request: WaitlistRequest,
});
export type WaitlistChangeResponse = z.infer<typeof WaitlistChangeResponse>;

/** POST /removeWaitlistRequest {id}: take a waiting request out of line (audited). */
export const RemoveWaitlistBody = z.object({ id: Id });
export type RemoveWaitlistBody = z.input<typeof RemoveWaitlistBody>;
