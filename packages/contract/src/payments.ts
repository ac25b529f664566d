import { z } from 'zod';
import { MAX_ID, Money } from './common';

// Online payments of guest bookings (issue 33): the texts the server sends and the shapes of the
// calls. The guest page's own words are in booking-page.ts (no zod there).

export const paymentTexts = {
  /** The provider is down or refused to open a payment: nothing stays held. */
  unavailable: 'Online payment is not available right now, so nothing was booked. Please try again in a few minutes.',
  notConfigured: 'This beach takes online payments but none is set up yet. Please book at the beach.',
  /** A booking waits for its payment: the first message carries the manage link. */
  heldText: (venue: string, day: string, units: string, amount: string, minutes: number, url: string) =>
    `${venue}: ${units} on ${day} is held for ${minutes} minutes until your payment of ${amount} goes through. Your booking: ${url}`,
  heldTextEs: (venue: string, day: string, units: string, amount: string, minutes: number, url: string) =>
    `${venue}: ${units} el ${day} queda guardado ${minutes} minutos hasta que se complete tu pago de ${amount}. Tu reserva: ${url}`,
  heldSubject: (venue: string) => `Your booking at ${venue} waits for its payment`,
  paidSubject: (venue: string) => `Payment received — your booking at ${venue}`,
  paidText: (venue: string, day: string, units: string, amount: string) =>
    `${venue}: we received your payment of ${amount} online. ${units} on ${day} is confirmed. Your receipt is on your booking's page (the link we sent you).`,
  paidTextEs: (venue: string, day: string, units: string, amount: string) =>
    `${venue}: hemos recibido tu pago de ${amount} en línea. ${units} el ${day} está confirmado. Tu recibo está en la página de tu reserva (el enlace que te enviamos).`,
  lateSubject: (venue: string) => `Your payment to ${venue} was refunded`,
  lateText: (venue: string, amount: string) =>
    `${venue}: your payment of ${amount} arrived after your hold ran out and the spot went to someone else. We have refunded it in full.`,
  lateTextEs: (venue: string, amount: string) =>
    `${venue}: tu pago de ${amount} llegó cuando la reserva ya había caducado y el sitio fue para otra persona. Te lo hemos devuelto entero.`,
  refundedText: (venue: string, amount: string) =>
    `${venue}: we have refunded ${amount} to your card; it can take a few days to show.`,
  refundedTextEs: (venue: string, amount: string) =>
    `${venue}: te hemos devuelto ${amount} a tu tarjeta; puede tardar unos días en aparecer.`,
  badSignature: 'The webhook signature did not verify.',
  unknownProvider: 'No such payment provider here.',
  refundNotFound: 'No such refund.',
} as const;

/** What the guest's page shows of a booking's online payment. */
export const PublicPayment = z.object({
  /** none: nothing asked; due: waiting for the guest; confirming: the guest came back, no word yet; paid; failed; expired; refunded. */
  state: z.enum(['none', 'due', 'paid', 'failed', 'expired', 'late']),
  amount: Money,
  paid: Money,
  refunded: Money,
  /** Refunds sent but not yet accepted by the provider (shown, never counted as refunded). */
  refundPending: Money,
  currency: z.string(),
  /** Where to pay while the payment is due (the provider's page). */
  payUrl: z.string().nullable(),
});
export type PublicPayment = z.infer<typeof PublicPayment>;

/** The venue's payment rule as the guest page needs it to show the amount due before booking. */
export const PublicPaymentRule = z.object({
  rule: z.enum(['none', 'deposit', 'full']),
  deposit: z.string(),
  currency: z.string(),
  holdMinutes: z.number().int(),
  refundPercent: z.number().int(),
  splitHour: z.number().int(),
});
export type PublicPaymentRule = z.infer<typeof PublicPaymentRule>;

/** GET /getPaymentDeliveries: the provider's webhook deliveries, newest first (admins). */
export const PaymentDelivery = z.object({
  id: z.number().int(),
  provider: z.string(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(['processed', 'ignored', 'refused']),
  reason: z.string(),
  receivedAt: z.number().int(),
  reservationId: z.number().int().nullable(),
});
export const PaymentDeliveriesQuery = z
  .object({ beforeId: z.coerce.number().int().positive().max(MAX_ID).optional() })
  .strict();
export const PaymentDeliveriesResponse = z.object({ deliveries: z.array(PaymentDelivery) });
export type PaymentDeliveriesResponse = z.infer<typeof PaymentDeliveriesResponse>;

/**
 * GET /getPaymentReconciliation/{day} (issue 33 point 9): Sandbar's ledger of online money for a
 * business day beside the provider's balance lines, matched by the provider's reference. Each
 * difference to the cent is flagged: money only on one side, or an amount (or currency) that differs.
 */
export const ReconciliationParams = z
  .object({ day: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'The day is YYYY-MM-DD') })
  .strict();
export const ReconciliationStatus = z.enum(['matched', 'missingAtProvider', 'missingInSandbar', 'amountDiffers']);
export type ReconciliationStatus = z.infer<typeof ReconciliationStatus>;
export const ReconciliationLine = z.object({
  /** The provider's reference of the money (a payment or a refund). */
  reference: z.string(),
  kind: z.enum(['payment', 'refund']),
  status: ReconciliationStatus,
  /** Sandbar's side (signed: a refund is negative), null when Sandbar has no row. */
  sandbar: z
    .object({ amount: Money, currency: z.string(), at: z.number().int(), reservationId: z.number().int() })
    .nullable(),
  /** The provider's side, null when the provider has no line. */
  provider: z
    .object({ amount: Money, fee: Money, net: Money, currency: z.string(), at: z.number().int(), id: z.string() })
    .nullable(),
  /** Provider minus Sandbar (0.00 when matched). */
  difference: Money,
});
export type ReconciliationLine = z.infer<typeof ReconciliationLine>;
export const ReconciliationResponse = z.object({
  day: z.string(),
  provider: z.string(),
  lines: z.array(ReconciliationLine),
  /** The provider's other lines of the day (payouts, adjustments): shown, never a difference. */
  other: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      amount: Money,
      fee: Money,
      currency: z.string(),
      at: z.number().int(),
    }),
  ),
  totals: z.object({
    sandbar: Money,
    provider: Money,
    fees: Money,
    net: Money,
    differences: z.number().int(),
  }),
  readAt: z.number().int(),
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponse>;

export const reconciliationTexts = {
  noProvider: 'No payment provider is set up, so there is nothing to reconcile.',
  providerDown: (why: string) => `The payment provider could not be read: ${why}`,
} as const;

/**
 * GET /getOwedRefunds: refunds through the payment provider not yet accepted (queued, being sent,
 * waiting for the provider's word, or refused), of bookings in the user's locations (issue 33
 * point 6). Never counted as refunded until the provider accepts them.
 */
export const OwedRefund = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  guestName: z.string(),
  phone: z.string(),
  location: z.string(),
  /** The booking's first day. */
  day: z.string(),
  amount: Money,
  status: z.enum(['queued', 'sending', 'pending', 'failed', 'succeeded']),
  /** The provider's words when it refused. */
  error: z.string(),
  /** Why it is owed (the cancel's reason, a late payment). */
  reason: z.string(),
  createdAt: z.number().int(),
  attempts: z.number().int(),
  /** When the job tries again by itself; null when it waits for a person (a refusal that cannot change). */
  nextAttemptAt: z.number().int().nullable(),
});
export type OwedRefund = z.infer<typeof OwedRefund>;
export const OwedRefundsResponse = z.object({ refunds: z.array(OwedRefund) });
export type OwedRefundsResponse = z.infer<typeof OwedRefundsResponse>;

/** POST /retryRefund: send a refused (or queued) refund to the provider now. */
export const RetryRefundBody = z.object({ id: z.number().int().positive().max(MAX_ID) }).strict();
export type RetryRefundBody = z.infer<typeof RetryRefundBody>;
export const RetryRefundResponse = z.object({ success: z.literal(1), details: z.string(), refund: OwedRefund });
export type RetryRefundResponse = z.infer<typeof RetryRefundResponse>;

/**
 * POST /setTestPaymentSwitches (admins; only with the built-in test provider and
 * SANDBAR_TEST_PAYMENT_SWITCHES=1): make the test provider refuse refunds or fail new payments,
 * so a Playwright walk can show a refusal and its retry. A switch left out keeps its state.
 */
export const TestPaymentSwitches = z
  .object({ refuseRefunds: z.boolean().optional(), outage: z.boolean().optional() })
  .strict();
export type TestPaymentSwitches = z.infer<typeof TestPaymentSwitches>;
export const TestPaymentSwitchesResponse = z.object({ refuseRefunds: z.boolean(), outage: z.boolean() });
