import { centsToMoney } from '@sandbar/contract/common';
import { type PublicPayment, paymentTexts } from '@sandbar/contract/payments';
import { normalisePhone } from '@sandbar/contract/rules/phone';
import { businessDay } from '@sandbar/contract/rules/time';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import type { BoardEvent } from '../../platform/events';
import { HttpError, badRequest, notFound, serviceUnavailable } from '../../platform/errors';
import { outboxRow } from '../../platform/outbox';
import { type PaymentEvent, WebhookSignatureError } from '../../platform/payments/provider';
import * as reservations from '../reservations/reservations.repository';
import { unitLabel } from '../reservations/reservation-claim';
import { cancelHeld } from '../reservations/reservations.service';
import * as repo from './payments.repository';
import { openLink } from './pay-link.repository';
import { ONLINE_METHOD, finishRefund, queueOnlineRefund, sendRefunds } from './refunds.service';

// Online payment of a booking (issue 33, decisions 280–282). A guest's booking is held (its
// unit-days claimed through the one pool) while the guest pays on the provider's page; only the
// provider's verified webhook confirms it. Each event is stored by id once and applied in the same
// transaction, so a replay or a second delivery changes nothing; events arriving out of order
// meet an intent that already moved and change nothing either. Money that arrives for a booking
// that no longer holds its units (the hold ran out and the unit went to someone else) is refunded
// at once: never a charge without a unit.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'payments'>;

const PaymentUnavailable = serviceUnavailable;

/** Opens the provider's page for a held booking and stores the intent; throws PaymentUnavailable on a provider error. */
export async function startPayment(
  deps: Deps,
  p: {
    reservationId: number;
    purpose: 'booking' | 'link';
    amountCents: number;
    currency: string;
    description: string;
    email: string;
    successUrl: string;
    cancelUrl: string;
    holdExpiresAt: number;
    lang: 'en' | 'es';
  },
): Promise<{ intentId: number; redirectUrl: string }> {
  const provider = deps.payments;
  if (!provider) throw PaymentUnavailable(paymentTexts.notConfigured);
  const now = deps.clock.now();
  let started;
  try {
    started = await provider.startPayment({
      reference: `booking-${p.reservationId}-${now}`,
      amountCents: p.amountCents,
      currency: p.currency,
      description: p.description,
      customerEmail: p.email || undefined,
      successUrl: p.successUrl,
      cancelUrl: p.cancelUrl,
      expiresAt: p.holdExpiresAt,
      locale: p.lang,
    });
  } catch {
    throw PaymentUnavailable(paymentTexts.unavailable);
  }
  const intentId = await repo.insertIntent(deps.db, {
    reservation_id: p.reservationId,
    provider: provider.name,
    provider_ref: started.providerRef,
    payment_ref: null,
    pay_url: started.redirectUrl.slice(0, 2000),
    purpose: p.purpose,
    amount_cents: p.amountCents,
    currency: p.currency,
    status: 'open',
    created_at: now,
    expires_at: p.holdExpiresAt,
    updated_at: now,
  });
  return { intentId, redirectUrl: started.redirectUrl };
}

/** The guest's message in their language: a text to the phone, else an e-mail. */
async function queueGuestMessage(
  trx: Kysely<DB>,
  deps: Pick<Deps, 'clock'>,
  row: reservations.ReservationRow,
  subject: string,
  body: string,
  purpose: string,
): Promise<void> {
  if (!row.phone && !row.email) return;
  const message = row.phone
    ? { channel: 'sms' as const, recipient: normalisePhone(row.phone) ?? row.phone, body, purpose }
    : { channel: 'email' as const, recipient: row.email, subject, body, purpose };
  await trx.insertInto('outbox').values(outboxRow(deps.clock, message)).execute();
}

/** What the webhook does after its transaction commits. */
interface After {
  refunds: boolean;
  release: number | null;
  events: { day: string; unitIds: number[]; locationId: number }[];
  /** Other features' work after the commit (OtherPayments' afterCommit). */
  later: (() => Promise<void>)[];
}

type Outcome = { status: 'processed' | 'ignored' | 'refused'; reason?: string; intentId?: number | null };

/**
 * A registration point for payments other features start through the same provider (issue 35:
 * food and drink ordered from the unit, decision 350): asked, inside the webhook's transaction,
 * for a payment event whose reference no booking's intent holds. It answers null when the
 * reference is not its own. It tells its own screens itself (in the transaction: at its commit).
 */
export interface OtherPayments {
  apply(
    trx: Kysely<DB>,
    deps: Deps,
    event: Extract<PaymentEvent, { providerRef: string }>,
  ): Promise<{
    status: Outcome['status'];
    reason?: string;
    /** Work after the webhook's commit (a refund through the provider: never inside the transaction). */
    afterCommit?: () => Promise<void>;
  } | null>;
  /** The provider's final word on a refund this feature sent (null when the refund is not its own). */
  finishRefund?(
    trx: Kysely<DB>,
    e: { refundRef: string; ok: boolean; reason?: string },
    now: number,
  ): Promise<'processed' | 'ignored' | null>;
}
const otherPayments: OtherPayments[] = [];
export function registerOtherPayments(p: OtherPayments): void {
  if (!otherPayments.includes(p)) otherPayments.push(p);
}

/**
 * POST /api/public/payments/<provider>/webhook. Verifies (a bad signature: 400, nothing
 * written), stores the event id once, applies it. Returns what the provider is answered.
 */
export async function receiveWebhook(
  deps: Deps,
  providerName: string,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate: boolean; status: Outcome['status'] }> {
  const provider = deps.payments;
  if (!provider || provider.name !== providerName) throw notFound(paymentTexts.unknownProvider);
  let event: PaymentEvent;
  try {
    event = provider.parseWebhook(raw, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw badRequest(paymentTexts.badSignature);
    throw err;
  }
  const after: After = { refunds: false, release: null, events: [], later: [] };
  // On PostgreSQL's bus the board's events ride on the transaction's last statement (sent at its
  // commit, as the sale's and the guest booking's do), not a pg_notify round trip after it.
  const carried = deps.events.viaDatabase === true;
  // Two writers racing on one booking (the release job, a second event): the loser's transaction
  // rolls back whole, and the event is tried again from the top.
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await deps.db.transaction().execute(async (trx) => {
        const eventRow = await repo.insertEventOnce(trx, {
          provider: provider.name,
          event_id: event.id,
          type: event.type === 'other' ? event.providerType.slice(0, 100) : event.type,
          received_at: deps.clock.now(),
        });
        if (eventRow === null) return { duplicate: true, status: 'ignored' as const };
        const outcome = await applyEvent(trx, deps, provider.name, event, after);
        await repo.finishEvent(
          trx,
          eventRow,
          { status: outcome.status, reason: (outcome.reason ?? '').slice(0, 500), intent_id: outcome.intentId ?? null },
          carried ? boardEvents(after).map((e) => JSON.stringify(e)) : [],
        );
        return { duplicate: false, status: outcome.status };
      });
      if (after.release !== null) await releaseQuietly(deps, after.release);
      for (const e of boardEvents(after))
        if (carried) deps.events.sentWithWrite?.(e);
        else await deps.events.publish(e);
      if (after.refunds) await sendRefunds(deps);
      for (const work of after.later) await work();
      return { received: true, ...result };
    } catch (err) {
      if (attempt < 2 && err instanceof HttpError && err.statusCode === 409) {
        after.refunds = false;
        after.release = null;
        after.events = [];
        after.later = [];
        continue;
      }
      throw err;
    }
  }
}

function boardEvents(after: { events: { day: string; unitIds: number[]; locationId: number }[] }): BoardEvent[] {
  return after.events.map((e) => ({
    type: 'reservation',
    day: e.day,
    unitIds: e.unitIds,
    locationIds: [e.locationId],
  }));
}

async function releaseQuietly(deps: Deps, reservationId: number): Promise<void> {
  try {
    await cancelHeld(deps, reservationId);
  } catch (err) {
    // Already confirmed, cancelled or released by the job: nothing left to release.
    if (err instanceof HttpError && err.statusCode === 409) return;
    throw err;
  }
}

async function applyEvent(
  trx: Kysely<DB>,
  deps: Deps,
  provider: string,
  anyEvent: PaymentEvent,
  after: After,
): Promise<Outcome> {
  const now = deps.clock.now();
  if (anyEvent.type === 'other')
    return { status: 'ignored', reason: `Not an event Sandbar uses: ${anyEvent.providerType}` };
  if (anyEvent.type === 'refund.succeeded' || anyEvent.type === 'refund.failed') {
    const ok = anyEvent.type === 'refund.succeeded';
    let status = await finishRefund(trx, { refundRef: anyEvent.refundRef, ok, reason: anyEvent.reason }, now);
    for (const other of status === 'ignored' ? otherPayments : []) {
      const theirs = await other.finishRefund?.(
        trx,
        { refundRef: anyEvent.refundRef, ok, reason: anyEvent.reason },
        now,
      );
      if (theirs) {
        status = theirs;
        break;
      }
    }
    return { status, reason: status === 'ignored' ? 'No refund waits for this word.' : '' };
  }
  const event = anyEvent as Extract<PaymentEvent, { providerRef: string }>;
  // One read: the intent, its booking and the venue's zone and name.
  const found = await repo.intentForEvent(trx, provider, event.providerRef);
  if (!found) {
    for (const other of otherPayments) {
      const outcome = await other.apply(trx, deps, event);
      if (outcome?.afterCommit) after.later.push(outcome.afterCommit);
      if (outcome) return { status: outcome.status, reason: outcome.reason };
    }
    return { status: 'refused', reason: `No payment ${event.providerRef} here.` };
  }
  const { intent, booking: res, ...settings } = found;
  if (!res) return { status: 'refused', reason: 'The booking is gone.', intentId: intent.id };

  if (event.type === 'payment.failed' || event.type === 'payment.expired') {
    // Out of order: a failure after the money arrived changes nothing.
    const to = event.type === 'payment.failed' ? 'failed' : 'expired';
    if (!(await repo.moveIntent(trx, intent.id, ['open'], { status: to, updated_at: now })))
      return { status: 'ignored', reason: `The payment is already ${intent.status}.`, intentId: intent.id };
    // The booking's hold goes now (the job would at its time): the guest is told on return. A
    // payment link's booking keeps it: the guest may try again until its time runs out.
    if (res.status === 'held' && !(await otherOpenIntent(trx, res.id, intent.id)) && !(await openLink(trx, res.id)))
      after.release = res.id;
    return { status: 'processed', intentId: intent.id };
  }

  const paid = event as Extract<PaymentEvent, { type: 'payment.succeeded' }>;
  if (intent.status === 'paid' || intent.status === 'late' || intent.status === 'mismatch')
    return { status: 'ignored', reason: `The payment was already ${intent.status}.`, intentId: intent.id };
  const day = businessDay(now, settings.timeZone);
  // The money is in: a deposit row with the provider's reference, whatever happens next.
  await reservations.insertPayment(trx, {
    reservation_id: res.id,
    kind: 'deposit',
    method: ONLINE_METHOD,
    amount_cents: paid.amountCents,
    day,
    at: now,
    user_id: null,
    card_transaction_id: paid.paymentRef,
    voucher_number: '',
    reason: `Paid online (${provider})`,
    sale_id: null,
  });
  const base = { payment_ref: paid.paymentRef, paid_cents: paid.amountCents, updated_at: now };
  if (paid.amountCents !== intent.amount_cents || paid.currency.toUpperCase() !== intent.currency.toUpperCase()) {
    await repo.moveIntent(trx, intent.id, [intent.status], { ...base, status: 'mismatch' });
    await queueOnlineRefund(trx, {
      reservationId: res.id,
      cents: paid.amountCents,
      reason: 'Paid amount did not match the booking',
      userId: null,
      now,
    });
    after.refunds = true;
    await reservations.audit(
      trx,
      null,
      'payment.mismatch',
      `Booking ${res.id}: paid ${centsToMoney(paid.amountCents)} ${paid.currency}, asked ${centsToMoney(intent.amount_cents)} ${intent.currency}; refunded`,
      now,
    );
    return {
      status: 'refused',
      reason: `Amount ${paid.amountCents} ${paid.currency} does not match ${intent.amount_cents} ${intent.currency}: refunded.`,
      intentId: intent.id,
    };
  }
  const held = await reservations.heldUnitDays(trx, res.id);
  const amount = centsToMoney(paid.amountCents);
  const es = res.language_code === 'es';
  if ((res.status === 'held' || res.status === 'confirmed') && held.length > 0) {
    await repo.moveIntent(trx, intent.id, [intent.status], { ...base, status: 'paid' });
    if (res.status === 'held') {
      const ok = await reservations.updateReservation(trx, res.id, res.version, {
        status: 'confirmed',
        hold_expires_at: null,
        updated_at: now,
        updated_by: null,
      });
      // The release job (or another event) moved the booking meanwhile: try the event again.
      if (!ok) throw new HttpError(409, 'The booking changed meanwhile.');
      for (const d of new Set(held.map((u) => u.day)))
        after.events.push({
          day: d,
          unitIds: held.filter((u) => u.day === d).map((u) => u.position_id),
          locationId: res.location_id,
        });
    }
    const units = [...new Set(held.map(unitLabel))].join(', ');
    await queueGuestMessage(
      trx,
      deps,
      res,
      paymentTexts.paidSubject(settings.venueName),
      (es ? paymentTexts.paidTextEs : paymentTexts.paidText)(settings.venueName, res.first_day, units, amount),
      'booking',
    );
    await reservations.audit(
      trx,
      null,
      'payment.paid',
      `Booking ${res.id} for ${res.guest_name}: ${amount} paid online (${paid.paymentRef}), confirmed`,
      now,
    );
    return { status: 'processed', intentId: intent.id };
  }
  // Too late: the booking let its units go (the hold ran out, the guest or staff cancelled).
  await repo.moveIntent(trx, intent.id, [intent.status], { ...base, status: 'late' });
  await queueOnlineRefund(trx, {
    reservationId: res.id,
    cents: paid.amountCents,
    reason: 'Paid after the hold ran out',
    userId: null,
    now,
  });
  after.refunds = true;
  await queueGuestMessage(
    trx,
    deps,
    res,
    paymentTexts.lateSubject(settings.venueName),
    (es ? paymentTexts.lateTextEs : paymentTexts.lateText)(settings.venueName, amount),
    'payment',
  );
  await reservations.audit(
    trx,
    null,
    'payment.late',
    `Booking ${res.id} for ${res.guest_name}: ${amount} paid after the booking was ${res.status}; refunded`,
    now,
  );
  return { status: 'processed', reason: `Paid after the booking was ${res.status}: refunded.`, intentId: intent.id };
}

async function otherOpenIntent(trx: Kysely<DB>, reservationId: number, intentId: number): Promise<boolean> {
  const all = await repo.intentsOf(trx, [reservationId]);
  return all.some((i) => i.id !== intentId && i.status === 'open');
}

/**
 * The guest came back from the provider's page without paying (its cancel address): the page is
 * closed at the provider and the hold let go now, so the units are free at once. A page that was
 * paid meanwhile keeps the booking.
 */
export async function abandonPayment(
  deps: Deps,
  reservationId: number,
  /** A payment link's booking: its page is closed but the hold stays until its time (issue 33 point 7). */
  opts: { keepHold?: boolean } = {},
): Promise<void> {
  const provider = deps.payments;
  const open = (await repo.intentsOf(deps.db, [reservationId])).filter((i) => i.status === 'open');
  if (open.length === 0) return;
  for (const i of open) {
    if (provider && provider.name === i.provider) {
      let closed = false;
      try {
        closed = await provider.cancelPayment(i.provider_ref);
      } catch {
        // The provider cannot be asked now: the hold runs out at its time instead.
        return;
      }
      if (!closed) return;
    }
    await repo.moveIntent(deps.db, i.id, ['open'], { status: 'cancelled', updated_at: deps.clock.now() });
  }
  if (!opts.keepHold) await releaseQuietly(deps, reservationId);
}

/** Closes the provider's pages of bookings whose hold the job released (so a late payment is rare). */
export async function closeExpiredIntents(deps: Deps): Promise<number> {
  const provider = deps.payments;
  const now = deps.clock.now();
  const stale = await deps.db
    .selectFrom('payment_intents')
    .innerJoin('reservations', 'reservations.id', 'payment_intents.reservation_id')
    .select(['payment_intents.id', 'payment_intents.provider', 'payment_intents.provider_ref'])
    .where('payment_intents.status', '=', 'open')
    .where((eb) => eb.or([eb('reservations.status', '!=', 'held'), eb('payment_intents.expires_at', '<', now)]))
    .limit(50)
    .execute();
  let n = 0;
  for (const i of stale) {
    if (provider && provider.name === i.provider) {
      try {
        if (!(await provider.cancelPayment(i.provider_ref))) continue;
      } catch {
        continue;
      }
    }
    if (await repo.moveIntent(deps.db, i.id, ['open'], { status: 'expired', updated_at: now })) n++;
  }
  return n;
}

/** The payment part of what the guest sees of their booking. */
export async function publicPayment(
  db: Kysely<DB>,
  reservationId: number,
  status: reservations.ReservationRow['status'],
): Promise<PublicPayment> {
  const [intents, refunds, link] = await Promise.all([
    repo.intentsOf(db, [reservationId]),
    repo.refundsOf(db, [reservationId]),
    openLink(db, reservationId),
  ]);
  // A payment link waiting (issue 33 point 7): due, paid from the guest's page (its Pay button
  // starts the provider's page; an open one is gone back to), declined or abandoned tries included.
  if (link && status === 'held' && !intents.some((i) => i.status === 'paid')) {
    const open = intents.filter(
      (i) => i.status === 'open' && i.purpose === 'link' && Number(i.created_at) >= Number(link.created_at),
    );
    const sum = (rs: repo.RefundRow[]) => centsToMoney(rs.reduce((s, r) => s + r.amount_cents, 0));
    return {
      state: 'due',
      amount: centsToMoney(link.amount_cents),
      paid: centsToMoney(intents.reduce((s, i) => s + i.paid_cents, 0)),
      refunded: sum(refunds.filter((r) => r.status === 'succeeded')),
      refundPending: sum(refunds.filter((r) => r.status !== 'succeeded')),
      currency: link.currency,
      payUrl: open.at(-1)?.pay_url || null,
    };
  }
  const last = intents.at(-1);
  if (!last)
    return {
      state: 'none',
      amount: '0.00',
      paid: '0.00',
      refunded: '0.00',
      refundPending: '0.00',
      currency: '',
      payUrl: null,
    };
  const paid = intents.reduce((s, i) => s + i.paid_cents, 0);
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount_cents, 0);
  const pending = refunds.filter((r) => r.status !== 'succeeded').reduce((s, r) => s + r.amount_cents, 0);
  const state: PublicPayment['state'] = intents.some((i) => i.status === 'paid')
    ? 'paid'
    : last.status === 'late' || last.status === 'mismatch'
      ? 'late'
      : last.status === 'open'
        ? status === 'held'
          ? 'due'
          : 'expired'
        : last.status === 'failed'
          ? 'failed'
          : 'expired';
  return {
    state,
    amount: centsToMoney(last.amount_cents),
    paid: centsToMoney(paid),
    refunded: centsToMoney(refunded),
    refundPending: centsToMoney(pending),
    currency: last.currency,
    payUrl: state === 'due' && last.pay_url ? last.pay_url : null,
  };
}
