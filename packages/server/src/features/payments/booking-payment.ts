import { centsToMoney } from '@sandbar/contract/common';
import { paymentTexts, type PublicPaymentRule } from '@sandbar/contract/payments';
import {
  amountDueCents,
  bookingTotalCents,
  locationPaymentRule,
  paymentHoldMinutes,
  refundShareCents,
} from '@sandbar/contract/rules/booking-payment';
import { normalisePhone } from '@sandbar/contract/rules/phone';
import type { Settings } from '@sandbar/contract/settings';
import type { Insertable, Kysely } from 'kysely';
import type { DB, OutboxTable } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { serviceUnavailable } from '../../platform/errors';
import { outboxRow } from '../../platform/outbox';
import type { Clock } from '../../platform/clock';

// The guest page's booking and its payment (issue 33 points 3 and 4): what the venue's rule asks
// of this booking, the held booking's first message (with the manage link and the amount), and
// the rule as the page reads it to show the amount before the guest books.

export interface PaymentPlan {
  amountCents: number;
  totalCents: number;
  currency: string;
  holdMinutes: number;
}

/** The venue's rule for the guest page (availability). */
export function publicPaymentRule(settings: Settings): PublicPaymentRule {
  return {
    rule: settings.bookingPayment,
    deposit: settings.bookingDeposit,
    currency: settings.paymentCurrency,
    holdMinutes: paymentHoldMinutes(settings.bookingPaymentMinutes),
    refundPercent: Math.min(100, Number(settings.bookingRefundPercent) || 0),
    splitHour: Number(settings.bookingSplitHour) || 14,
  };
}

/** A location's own rule as stored (decision 300): '' follows the venue's. */
export interface LocationPayment {
  booking_payment: '' | 'none' | 'deposit' | 'full';
  booking_deposit: string;
}

/** The rule this location's online bookings follow: its own, else the venue's. */
export function ruleAt(
  settings: Pick<Settings, 'bookingPayment' | 'bookingDeposit'>,
  location: LocationPayment | null | undefined,
) {
  return locationPaymentRule(
    { rule: settings.bookingPayment, deposit: settings.bookingDeposit },
    location ? { payment: location.booking_payment, deposit: location.booking_deposit } : null,
  );
}

/** The online locations with a rule of their own, for the guest page (decision 300). */
export function locationPayments(settings: Settings, locations: ({ id: number } & LocationPayment)[]) {
  return locations.filter((l) => l.booking_payment !== '').map((l) => ({ locationId: l.id, ...ruleAt(settings, l) }));
}

/**
 * What this online booking pays now, or null (nothing asked, or a hotel rate: hotel guests pay
 * through their room at check-in). The booked location's own rule replaces the venue's
 * (decision 300). Refuses with 503 when money is asked and no provider is set up, before anything
 * is held.
 */
export async function paymentPlan(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  settings: Settings,
  b: {
    unitTypes: string[];
    window: 'full' | 'morning' | 'afternoon';
    itemIds: number[];
    hotelId?: number | null;
    location?: LocationPayment | null;
  },
): Promise<PaymentPlan | null> {
  const { rule: payRule, deposit } = ruleAt(settings, b.location);
  if (payRule === 'none' || b.hotelId) return null;
  const rule = publicPaymentRule(settings);
  const totalCents = await bookingTotal(deps.db, settings, { ...b, days: 1 });
  const amountCents = amountDueCents(payRule, deposit, totalCents);
  if (amountCents <= 0) return null;
  if (!deps.payments) throw serviceUnavailable(paymentTexts.notConfigured);
  return { amountCents, totalCents, currency: settings.paymentCurrency, holdMinutes: rule.holdMinutes };
}

/** A booking's total at the prices everyone pays (the guest page's rule): `days` days of the units and extras. */
export async function bookingTotal(
  db: Kysely<DB>,
  settings: Settings,
  b: { unitTypes: string[]; days: number; window: 'full' | 'morning' | 'afternoon'; itemIds: number[] },
): Promise<number> {
  const prices = await db
    .selectFrom('prices')
    .select(['id', 'unit_type', 'price_cents', 'add_on', 'start_time', 'end_time'])
    .where('all_hotels', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('price_hotels').select('price_id').whereRef('price_hotels.price_id', '=', 'prices.id')),
      ),
    )
    .execute();
  return bookingTotalCents({
    prices: prices.map((p) => ({
      id: p.id,
      unitType: p.unit_type,
      cents: p.price_cents,
      addOn: Boolean(p.add_on),
      startHour: Number(p.start_time),
      endHour: Number(p.end_time),
    })),
    unitTypes: b.unitTypes,
    days: b.days,
    window: b.window,
    splitHour: publicPaymentRule(settings).splitHour,
    itemIds: b.itemIds,
  });
}

/** The held booking's message, in its transaction: the amount, how long it waits, the manage link. */
export async function queueHeldMessage(
  trx: Kysely<DB>,
  clock: Clock,
  settings: Pick<Settings, 'venueName'>,
  plan: PaymentPlan,
  url: string,
  guest: { phone: string; email: string; languageCode?: 'en' | 'es' | null },
  booked: { units: string[]; days: string[] },
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values(heldMessageRow(clock, settings, plan, url, guest, booked))
    .execute();
}

/** The held booking's outbox row (built before a booking's one statement, decision 326). */
export function heldMessageRow(
  clock: Clock,
  settings: Pick<Settings, 'venueName'>,
  plan: PaymentPlan,
  url: string,
  guest: { phone: string; email: string; languageCode?: 'en' | 'es' | null },
  booked: { units: string[]; days: string[] },
): Insertable<OutboxTable> {
  const text = (guest.languageCode === 'es' ? paymentTexts.heldTextEs : paymentTexts.heldText)(
    settings.venueName,
    booked.days[0]!,
    booked.units.join(', '),
    centsToMoney(plan.amountCents),
    plan.holdMinutes,
    url,
  );
  const message = guest.phone
    ? { channel: 'sms' as const, recipient: normalisePhone(guest.phone) ?? guest.phone, body: text, purpose: 'booking' }
    : {
        channel: 'email' as const,
        recipient: guest.email,
        subject: paymentTexts.heldSubject(settings.venueName),
        body: text,
        purpose: 'booking',
      };
  return outboxRow(clock, message);
}

/** What a cancel before the cut-off gives back of `depositCents`: the venue's refund share. */
export function refundOnCancel(settings: Pick<Settings, 'bookingRefundPercent'>, depositCents: number): number {
  return refundShareCents(depositCents, settings.bookingRefundPercent);
}
