import { guestBookingTexts } from '@sandbar/contract/booking-page';
import { centsToMoney } from '@sandbar/contract/common';
import {
  type BookingPayLink,
  type PayLink,
  type PayLinkAmount,
  type PayLinkChannel,
  type PayLinkChoice,
  type PayLinkQuote,
  type PayLinkResponse,
  type PayLinkState,
  payLinkTexts,
} from '@sandbar/contract/pay-links';
import { type ReservationResponse, type SaveReservationInput, reservationTexts } from '@sandbar/contract/reservations';
import { amountDueCents, paymentHoldMinutes } from '@sandbar/contract/rules/booking-payment';
import { formatVenueTime } from '@sandbar/contract/rules/time';
import type { Settings } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { HttpError, conflict, forbidden, notFound, serviceUnavailable } from '../../platform/errors';
import { outboxRow } from '../../platform/outbox';
import { readSettings } from '../settings/settings.repository';
import { newManageLink } from '../reservations/booking-confirmation';
import { smsRecipient } from '../reservations/guest-contact';
import { unitLabel } from '../reservations/reservation-claim';
import * as reservations from '../reservations/reservations.repository';
import { saveReservation } from '../reservations/reservations.service';
import { bookingTotal, ruleAt } from './booking-payment';
import { startPayment } from './online-payment.service';
import * as payments from './payments.repository';
import * as repo from './pay-link.repository';

// Pay by link (issue 33 point 7, decision 310). Staff taking a phone booking (or opening an
// unpaid one) send the guest a link by text or e-mail through the outbox; the booking is held
// (its unit-days claimed) until the guest pays on the provider's page the link leads to, or
// until its time runs out and the existing hold-expiry job lets it go. The payment is confirmed
// by the one webhook path of /book (online-payment.service.ts): a link's payment is an intent
// with purpose 'link'. Only one link is out per booking at a time (a unique key).

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'payments'>;
type Actor = Pick<SessionUser, 'id' | 'name' | 'userType'>;

interface Amounts {
  depositCents: number;
  fullCents: number;
  suggested: PayLinkAmount;
}

/** What a link may ask of units and extras for `days` days: the venue's deposit or the whole. */
async function amountsFor(
  db: Kysely<DB>,
  settings: Settings,
  b: {
    locationId: number | undefined;
    unitTypes: string[];
    days: number;
    window: 'full' | 'morning' | 'afternoon';
    itemIds: number[];
  },
): Promise<Amounts> {
  const fullCents = await bookingTotal(db, settings, b);
  // The booked location's own online rule, else the venue's (decision 300).
  const location = b.locationId
    ? await db
        .selectFrom('locations')
        .select(['booking_payment', 'booking_deposit'])
        .where('id', '=', b.locationId)
        .executeTakeFirst()
    : undefined;
  const rule = ruleAt(settings, location);
  const depositCents = amountDueCents('deposit', rule.deposit, fullCents);
  // A link follows the online rule; with no rule, the deposit when it gives one.
  const suggested = rule.rule === 'full' || depositCents <= 0 ? 'full' : 'deposit';
  return { depositCents, fullCents, suggested };
}

function quoteOf(a: Amounts, settings: Settings, refusal: string | null): PayLinkQuote {
  return {
    deposit: a.depositCents > 0 ? centsToMoney(a.depositCents) : null,
    full: centsToMoney(a.fullCents),
    currency: settings.paymentCurrency,
    suggested: a.suggested,
    minutes: paymentHoldMinutes(settings.bookingPaymentMinutes),
    refusal,
  };
}

/** Why a link cannot be sent for a booking not yet taken (no provider, a hotel rate, no price). */
function newBookingRefusal(
  deps: Pick<Deps, 'payments'>,
  a: Amounts,
  hotelId: number | null | undefined,
): string | null {
  if (!deps.payments) return payLinkTexts.notConfigured;
  if (hotelId) return payLinkTexts.hotelGuest;
  if (a.fullCents <= 0) return payLinkTexts.nothingToPay;
  return null;
}

/** POST /quotePaymentLink: the amounts the booking form offers before the booking is taken. */
export async function quoteNewBooking(
  deps: Deps,
  b: {
    unitIds: number[];
    days: number;
    window: 'full' | 'morning' | 'afternoon';
    itemIds: number[];
    hotelId?: number | null;
  },
): Promise<PayLinkQuote> {
  const settings = await readSettings(deps.db);
  const positions = await reservations.positionsByIds(deps.db, b.unitIds);
  const a = await amountsFor(deps.db, settings, {
    ...b,
    locationId: positions[0]?.location_id,
    unitTypes: positions.map((p) => p.unit_type),
  });
  return quoteOf(a, settings, newBookingRefusal(deps, a, b.hotelId));
}

/** The amounts and refusal for an existing booking, from its held unit-days, days and extras. */
async function quoteBooking(
  deps: Deps,
  settings: Settings,
  row: reservations.ReservationRow,
): Promise<{ amounts: Amounts; refusal: string | null; refusalCode: number }> {
  const held = await reservations.heldUnitDays(deps.db, row.id);
  const byUnit = new Map(held.map((u) => [u.position_id, u.unit_type]));
  const items = await reservations.itemsOf(deps.db, [row.id]);
  const amounts = await amountsFor(deps.db, settings, {
    locationId: row.location_id,
    unitTypes: [...byUnit.values()],
    days: Math.max(1, new Set(held.map((u) => u.day)).size),
    window: row.booking_window,
    itemIds: items.map((i) => i.price_id),
  });
  const say = (refusal: string, refusalCode = 409) => ({ amounts, refusal, refusalCode });
  if (!deps.payments) return say(payLinkTexts.notConfigured, 503);
  if (row.status !== 'held' && row.status !== 'confirmed') return say(payLinkTexts.wrongState);
  if (await repo.openLink(deps.db, row.id)) return say(payLinkTexts.alreadyOut);
  // Held without a link: a guest paying on /book, or a waitlist offer: theirs to finish.
  if (row.status === 'held') return say(payLinkTexts.guestPaying);
  if (row.hotel_id) return say(payLinkTexts.hotelGuest);
  const balance = (await reservations.paymentsOf(deps.db, [row.id])).reduce(
    (s, p) => s + (p.kind === 'deposit' ? p.amount_cents : -p.amount_cents),
    0,
  );
  if (balance > 0) return say(payLinkTexts.hasMoney(centsToMoney(balance)));
  if (amounts.fullCents <= 0) return say(payLinkTexts.nothingToPay);
  return { amounts, refusal: null, refusalCode: 0 };
}

async function loadForUser(db: Kysely<DB>, user: Actor, id: number): Promise<reservations.ReservationRow> {
  const row = await reservations.reservationById(db, id);
  if (!row) throw notFound(reservationTexts.notFound);
  const allowed = await reservations.userLocationIds(db, user.id);
  if (!allowed.has(row.location_id)) throw forbidden(reservationTexts.notYourLocation);
  return row;
}

const langOf = (code: string | null): 'en' | 'es' | null => (code === 'es' ? 'es' : code === 'en' ? 'en' : null);

function chosenCents(a: Amounts, amount: PayLinkAmount): number {
  if (amount === 'full') return a.fullCents;
  if (a.depositCents <= 0) throw conflict(payLinkTexts.depositNone);
  return a.depositCents;
}

function recipientOf(
  channel: PayLinkChannel,
  guest: { phone: string; email: string },
  settings: Pick<Settings, 'venueCountry'>,
): string {
  if (channel === 'sms') {
    if (!guest.phone) throw conflict(payLinkTexts.noPhone);
    return smsRecipient(guest.phone, settings.venueCountry);
  }
  if (!guest.email) throw conflict(payLinkTexts.noEmail);
  return guest.email;
}

/** One text or e-mail of the link, with a token of its own, in the caller's transaction. */
async function queueSend(
  trx: Kysely<DB>,
  deps: Pick<Deps, 'clock'>,
  settings: Settings,
  p: {
    linkId: number;
    channel: PayLinkChannel;
    recipient: string;
    userId: number | null;
    base: string;
    lastDay: string;
    firstDay: string;
    units: string[];
    amountCents: number;
    expiresAt: number;
    language: 'en' | 'es' | null;
  },
): Promise<void> {
  const link = newManageLink(p.base, p.lastDay, settings.timeZone);
  const es = p.language === 'es';
  const until = formatVenueTime(p.expiresAt, settings.timeZone, { locale: es ? 'es-US' : 'en-US' });
  const body = (es ? payLinkTexts.linkTextEs : payLinkTexts.linkText)(
    settings.venueName,
    p.firstDay,
    p.units.join(', '),
    centsToMoney(p.amountCents),
    until,
    link.url,
  );
  await repo.insertSend(trx, {
    link_id: p.linkId,
    token_hash: link.tokenHash,
    channel: p.channel,
    recipient: p.recipient,
    sent_at: deps.clock.now(),
    sent_by: p.userId,
    expires_at: link.expiresAt,
  });
  const subject = (es ? payLinkTexts.linkSubjectEs : payLinkTexts.linkSubject)(settings.venueName);
  await trx
    .insertInto('outbox')
    .values(
      outboxRow(deps.clock, {
        channel: p.channel,
        recipient: p.recipient,
        ...(p.channel === 'email' ? { subject } : {}),
        body,
        purpose: 'payment-link',
      }),
    )
    .execute();
}

/** A unique key caught: another "send" of this booking's link won the race. */
function isUniqueRace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * A new phone booking's link, in the booking's own transaction (saveReservation with payLink):
 * the booking was created held until `expiresAt`; the link and its message go with it or not at all.
 */
export interface NewBookingLink {
  amountCents: number;
  amountKind: PayLinkAmount;
  currency: string;
  expiresAt: number;
  channel: PayLinkChannel;
  recipient: string;
  settings: Settings;
}

/** Checks and prices a new booking's link before anything is written (saveReservation). */
export async function planNewBookingLink(
  deps: Deps,
  choice: PayLinkChoice,
  b: {
    unitIds: number[];
    days: string[];
    window: 'full' | 'morning' | 'afternoon';
    itemIds: number[];
    hotelId?: number | null;
    phone: string;
    email: string;
  },
): Promise<NewBookingLink> {
  const settings = await readSettings(deps.db);
  const positions = await reservations.positionsByIds(deps.db, b.unitIds);
  const a = await amountsFor(deps.db, settings, {
    locationId: positions[0]?.location_id,
    unitTypes: positions.map((p) => p.unit_type),
    days: b.days.length,
    window: b.window,
    itemIds: b.itemIds,
  });
  const refusal = newBookingRefusal(deps, a, b.hotelId);
  if (refusal) throw new HttpError(refusal === payLinkTexts.notConfigured ? 503 : 409, refusal);
  const minutes = choice.minutes ?? paymentHoldMinutes(settings.bookingPaymentMinutes);
  return {
    amountCents: chosenCents(a, choice.amount),
    amountKind: choice.amount,
    currency: settings.paymentCurrency,
    expiresAt: deps.clock.now() + minutes * 60_000,
    channel: choice.channel,
    recipient: recipientOf(choice.channel, b, settings),
    settings,
  };
}

/** Writes a planned link and its first message inside the new booking's transaction. */
export async function openNewBookingLink(
  trx: Kysely<DB>,
  deps: Pick<Deps, 'clock'>,
  plan: NewBookingLink,
  p: {
    reservationId: number;
    userId: number;
    base: string;
    units: string[];
    days: string[];
    language: 'en' | 'es' | null;
  },
): Promise<void> {
  const now = deps.clock.now();
  const linkId = await repo.insertLink(trx, {
    reservation_id: p.reservationId,
    open_reservation_id: p.reservationId,
    status: 'sent',
    amount_kind: plan.amountKind,
    amount_cents: plan.amountCents,
    currency: plan.currency,
    expires_at: plan.expiresAt,
    created_at: now,
    created_by: p.userId,
    updated_at: now,
  });
  await queueSend(trx, deps, plan.settings, {
    linkId,
    channel: plan.channel,
    recipient: plan.recipient,
    userId: p.userId,
    base: p.base,
    firstDay: p.days[0]!,
    lastDay: p.days.at(-1)!,
    units: p.units,
    amountCents: plan.amountCents,
    expiresAt: plan.expiresAt,
    language: p.language,
  });
}

/**
 * POST /saveReservation with payLink: the phone booking is taken held until the guest pays or
 * its time runs out, and the link goes out with it (one transaction) instead of the confirmation.
 */
export async function saveWithLink(
  deps: Deps,
  user: Actor,
  body: SaveReservationInput & { payLink: PayLinkChoice },
  ctx: { base: string },
): Promise<ReservationResponse> {
  const plan = await planNewBookingLink(deps, body.payLink, body);
  const res = await saveReservation(deps, user, { ...body, sendConfirmation: false, deposit: null }, ctx, {
    holdExpiresAt: plan.expiresAt,
    inTransaction: (trx, id, units, days) =>
      openNewBookingLink(trx, deps, plan, {
        reservationId: id,
        userId: user.id,
        base: ctx.base,
        units,
        days,
        language: body.languageCode ?? null,
      }),
  });
  return { ...res, details: payLinkTexts.sent(centsToMoney(plan.amountCents)) };
}

async function publishBooking(deps: Deps, row: reservations.ReservationRow): Promise<void> {
  const unitDays = (await reservations.unitDaysOf(deps.db, [row.id])).filter((u) => u.released_at === null);
  const days = [...new Set(unitDays.map((u) => u.day))];
  if (days.length === 0) days.push(row.first_day);
  for (const day of days)
    await deps.events.publish({
      type: 'reservation',
      day,
      unitIds: unitDays.filter((u) => u.day === day).map((u) => u.position_id),
      locationIds: [row.location_id],
    });
}

/** POST /sendPaymentLink: a link for a booked, unpaid booking; the booking is held until paid or its time runs out. */
export async function sendPayLink(
  deps: Deps,
  user: Actor,
  body: PayLinkChoice & { id: number; languageCode?: 'en' | 'es' },
  ctx: { base: string },
): Promise<PayLinkResponse> {
  const row = await loadForUser(deps.db, user, body.id);
  const settings = await readSettings(deps.db);
  const q = await quoteBooking(deps, settings, row);
  if (q.refusal) throw new HttpError(q.refusalCode, q.refusal);
  const cents = chosenCents(q.amounts, body.amount);
  const recipient = recipientOf(body.channel, row, settings);
  const now = deps.clock.now();
  const minutes = body.minutes ?? paymentHoldMinutes(settings.bookingPaymentMinutes);
  const expiresAt = now + minutes * 60_000;
  const language = body.languageCode ?? langOf(row.language_code);
  const held = await reservations.heldUnitDays(deps.db, row.id);
  const units = [...new Set(held.map(unitLabel))];
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The link first: its unique key lets one of many racing "send" taps through.
      const linkId = await repo.insertLink(trx, {
        reservation_id: row.id,
        open_reservation_id: row.id,
        status: 'sent',
        amount_kind: body.amount,
        amount_cents: cents,
        currency: settings.paymentCurrency,
        expires_at: expiresAt,
        created_at: now,
        created_by: user.id,
        updated_at: now,
      });
      // Booked and unpaid → held until the payment or its time (the hold-expiry job releases it).
      const moved = await reservations.transition(
        trx,
        row.id,
        ['confirmed'],
        {
          status: 'held',
          hold_expires_at: expiresAt,
          language_code: language,
          updated_at: now,
          updated_by: user.id,
        },
        row.version,
      );
      if (!moved) throw conflict(reservationTexts.stale);
      await queueSend(trx, deps, settings, {
        linkId,
        channel: body.channel,
        recipient,
        userId: user.id,
        base: ctx.base,
        firstDay: row.first_day,
        lastDay: row.last_day,
        units,
        amountCents: cents,
        expiresAt,
        language,
      });
      await reservations.audit(
        trx,
        user.id,
        'payment.link',
        `Booking ${row.id} for ${row.guest_name}: payment link for ${centsToMoney(cents)} sent by ${body.channel} to ${recipient}, held until it is paid (${minutes} min)`,
        now,
      );
    });
  } catch (err) {
    if (isUniqueRace(err)) throw conflict(payLinkTexts.alreadyOut);
    throw err;
  }
  await publishBooking(deps, row);
  const link = (await describe(deps, [(await repo.openLink(deps.db, row.id))!]))[0]!;
  return { success: 1, details: payLinkTexts.sent(centsToMoney(cents)), link };
}

/** The link that is out for a booking the user may see, still waiting for its payment. */
async function waitingLink(deps: Deps, user: Actor, id: number) {
  const row = await loadForUser(deps.db, user, id);
  const link = await repo.openLink(deps.db, row.id);
  if (!link) throw conflict(payLinkTexts.notOpen);
  const [shown] = await describe(deps, [link]);
  if (shown!.state === 'expired') throw conflict(payLinkTexts.ranOut);
  if (shown!.state !== 'waiting') throw conflict(payLinkTexts.notOpen);
  if (Number(link.expires_at) <= deps.clock.now()) throw conflict(payLinkTexts.ranOut);
  return { row, link };
}

/** POST /resendPaymentLink: the same link again (same amount and deadline), by text or e-mail. */
export async function resendPayLink(
  deps: Deps,
  user: Actor,
  body: { id: number; channel: PayLinkChannel },
  ctx: { base: string },
): Promise<PayLinkResponse> {
  const { row, link } = await waitingLink(deps, user, body.id);
  const settings = await readSettings(deps.db);
  const recipient = recipientOf(body.channel, row, settings);
  const units = [...new Set((await reservations.heldUnitDays(deps.db, row.id)).map(unitLabel))];
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await queueSend(trx, deps, settings, {
      linkId: link.id,
      channel: body.channel,
      recipient,
      userId: user.id,
      base: ctx.base,
      firstDay: row.first_day,
      lastDay: row.last_day,
      units,
      amountCents: link.amount_cents,
      expiresAt: Number(link.expires_at),
      language: langOf(row.language_code),
    });
    await reservations.audit(
      trx,
      user.id,
      'payment.linkResent',
      `Booking ${row.id} for ${row.guest_name}: payment link sent again by ${body.channel} to ${recipient}`,
      now,
    );
  });
  await publishBooking(deps, row);
  const [shown] = await describe(deps, [link]);
  return { success: 1, details: payLinkTexts.resent, link: shown! };
}

/**
 * POST /cancelPaymentLink: the link stops working and the provider's open page is closed; the
 * booking is kept (confirmed, to pay at the beach). Staff who want the units back cancel the
 * booking itself. A payment that slips through meanwhile still confirms it (it holds its units).
 */
export async function cancelPayLink(deps: Deps, user: Actor, id: number): Promise<PayLinkResponse> {
  const { row, link } = await waitingLink(deps, user, id);
  const now = deps.clock.now();
  for (const i of (await payments.intentsOf(deps.db, [row.id])).filter((x) => x.status === 'open')) {
    if (deps.payments && deps.payments.name === i.provider)
      await deps.payments.cancelPayment(i.provider_ref).catch(() => false);
    await payments.moveIntent(deps.db, i.id, ['open'], { status: 'cancelled', updated_at: now });
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.closeLink(trx, link.id, now))) throw conflict(payLinkTexts.notOpen);
    const fresh = (await reservations.reservationById(trx, row.id))!;
    if (fresh.status === 'held') {
      const ok = await reservations.transition(
        trx,
        row.id,
        ['held'],
        { status: 'confirmed', hold_expires_at: null, updated_at: now, updated_by: user.id },
        fresh.version,
      );
      if (!ok) throw conflict(reservationTexts.stale);
    }
    await reservations.audit(
      trx,
      user.id,
      'payment.linkCancelled',
      `Booking ${row.id} for ${row.guest_name}: payment link for ${centsToMoney(link.amount_cents)} cancelled; the booking is kept`,
      now,
    );
  });
  await publishBooking(deps, row);
  const [shown] = await describe(deps, [(await repo.latestLink(deps.db, row.id))!]);
  return { success: 1, details: payLinkTexts.cancelled, link: shown! };
}

/** GET /getPaymentLink/:id: the booking's newest link and what a new one would ask. */
export async function bookingPayLink(deps: Deps, user: Actor, id: number): Promise<BookingPayLink> {
  const row = await loadForUser(deps.db, user, id);
  const settings = await readSettings(deps.db);
  const latest = await repo.latestLink(deps.db, row.id);
  const q = await quoteBooking(deps, settings, row);
  return {
    link: latest ? (await describe(deps, [latest]))[0]! : null,
    quote: quoteOf(q.amounts, settings, q.refusal),
    phone: row.phone,
    email: row.email,
  };
}

/** GET /getPaymentLinks: the links of a day's bookings in the user's locations. */
export async function dayPayLinks(
  deps: Deps,
  user: Actor,
  q: { day: string; locationId?: number },
): Promise<{ links: PayLink[] }> {
  const allowed = await reservations.userLocationIds(deps.db, user.id);
  if (q.locationId && !allowed.has(q.locationId)) throw forbidden(reservationTexts.notYourLocation);
  const rows = await repo.linksOnDay(deps.db, q.day, q.locationId ? [q.locationId] : [...allowed]);
  return { links: await describe(deps, rows) };
}

/**
 * A link as staff see it. Its state is read from the booking and the link's payments (intents
 * with purpose 'link' opened after it), so the webhook and the hold-expiry job need not know links.
 */
async function describe(deps: Pick<Deps, 'db'>, links: repo.LinkRow[]): Promise<PayLink[]> {
  const ids = [...new Set(links.map((l) => l.reservation_id))];
  if (ids.length === 0) return [];
  const [rows, unitDays, intents, sends] = await Promise.all([
    deps.db.selectFrom('reservations').selectAll().where('id', 'in', ids).execute(),
    reservations.unitDaysOf(deps.db, ids),
    payments.intentsOf(deps.db, ids),
    repo.sendsOf(
      deps.db,
      links.map((l) => l.id),
    ),
  ]);
  const creators = await reservations.userNames(deps.db, [
    ...new Set(links.map((l) => l.created_by).filter((x): x is number => x !== null)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return links.map((l) => {
    const res = byId.get(l.reservation_id)!;
    const mine = unitDays.filter((u) => u.reservation_id === l.reservation_id);
    const live = mine.filter((u) => u.released_at === null);
    const shown = live.length ? live : mine;
    const next = links.find((x) => x.reservation_id === l.reservation_id && x.id > l.id);
    const paid = intents.filter(
      (i) =>
        i.reservation_id === l.reservation_id &&
        i.purpose === 'link' &&
        Number(i.created_at) >= Number(l.created_at) &&
        (!next || Number(i.created_at) < Number(next.created_at)),
    );
    return {
      id: l.id,
      reservationId: l.reservation_id,
      locationId: res.location_id,
      guestName: res.guest_name,
      phone: res.phone,
      email: res.email,
      units: [...new Set(shown.map(unitLabel))],
      day: res.first_day,
      state: stateOf(l, res, paid),
      amount: centsToMoney(l.amount_cents),
      amountKind: l.amount_kind,
      currency: l.currency,
      expiresAt: Number(l.expires_at),
      createdAt: Number(l.created_at),
      createdBy: l.created_by ? (creators.get(l.created_by) ?? null) : null,
      sends: sends
        .filter((s) => s.link_id === l.id)
        .map((s) => ({ channel: s.channel, recipient: s.recipient, at: Number(s.sent_at), by: s.by ?? null })),
    };
  });
}

function stateOf(link: repo.LinkRow, res: reservations.ReservationRow, intents: payments.IntentRow[]): PayLinkState {
  if (intents.some((i) => i.status === 'paid')) return 'paid';
  if (intents.some((i) => i.status === 'late' || i.status === 'mismatch')) return 'late';
  if (link.status === 'cancelled') return 'cancelled';
  if (res.status === 'held') return 'waiting';
  if (res.status === 'cancelled' && res.status_reason === 'Hold ran out') return 'expired';
  return 'cancelled';
}

// ---------- the guest's side ----------

/** A link out and waiting for this held booking (the webhook and the guest's page ask). */
export async function waitsForLink(db: Kysely<DB>, reservationId: number): Promise<repo.LinkRow | null> {
  return (await repo.openLink(db, reservationId)) ?? null;
}

/**
 * POST /api/public/booking/manage/:token/pay: the guest's page starts the provider's payment of
 * the link (or goes back to the page already open). A provider outage is a clear 503 and the
 * booking stays held: the guest may try again until the time runs out.
 */
export async function startLinkPayment(
  deps: Deps,
  row: reservations.ReservationRow,
  manageUrl: string,
): Promise<{ payUrl: string }> {
  const errors = guestBookingTexts.en.errors;
  const link = await repo.openLink(deps.db, row.id);
  const now = deps.clock.now();
  if (!link || row.status !== 'held' || row.hold_expires_at === null || Number(row.hold_expires_at) <= now)
    throw conflict(errors.payLinkClosed);
  const open = (await payments.intentsOf(deps.db, [row.id])).filter(
    (i) => i.status === 'open' && i.purpose === 'link' && i.pay_url && Number(i.created_at) >= Number(link.created_at),
  );
  if (open.length > 0) return { payUrl: open.at(-1)!.pay_url };
  const settings = await readSettings(deps.db);
  const units = [...new Set((await reservations.heldUnitDays(deps.db, row.id)).map(unitLabel))];
  try {
    const started = await startPayment(deps, {
      reservationId: row.id,
      purpose: 'link',
      amountCents: link.amount_cents,
      currency: link.currency,
      description: `${settings.venueName}: ${units.join(', ')} · ${row.first_day}`,
      email: row.email,
      successUrl: `${manageUrl}?paid=1`,
      cancelUrl: `${manageUrl}?paid=0`,
      holdExpiresAt: Number(row.hold_expires_at),
      lang: row.language_code === 'es' ? 'es' : 'en',
    });
    return { payUrl: started.redirectUrl };
  } catch (err) {
    // Nothing is released: the spots stay held and the guest may try again.
    if (err instanceof HttpError && err.statusCode === 503) throw serviceUnavailable(errors.payLinkUnavailable);
    throw err;
  }
}
