import { centsToMoney } from '@sandbar/contract/common';
import {
  PublicAvailability,
  type PublicAvailabilityQuery,
  type PublicBooking,
  type PublicBookingInput,
  type PublicBookingResponse,
  type PublicHotel,
  type PublicPrice,
  publicBookingTexts,
} from '@sandbar/contract/reservations';
import { padRoom } from '@sandbar/contract/rules/pricing';
import { holdsUnits, namesIn, offerMinutesOf, onlineRowsFor } from '@sandbar/contract/rules/reservation';
import { addDays, businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import { type Settings, cancelPolicyIn } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { HttpError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors';
import { findRosterGuest } from '../hotels/roster-guest';
import { readSettings } from '../settings/settings.repository';
import { type LimitDeps, type PublicLimit, takeLimits } from './public-limits';
import { mailboxKey, phoneE164, phoneRegion } from './guest-contact';
import { policyVerdict } from './cancel-policy';
import { publicDb } from './public-db';
import { checkItems } from './reservation-items';
import { bookingGridUntil } from './reservations.board';
import { availabilityCache, cachedAnswer, encodedAnswer, etagOf, notModified } from './availability-cache';
import type { BoardEncoding } from '../units/board-cache';
import * as repo from './reservations.repository';
import { bookingRules, cancelByGuest, createReservationId, describeReservations } from './reservations.service';
import { bookingTurns, claimGate } from './claim-gate';
import { UnitDayGone } from './reservation-claim';
import type { UnitDaysRead } from './booking-statement.pg';
import { bookingBatches, unitDaysReads } from './booking-batches';
import { confirmationRow, hashToken, newManageLink, queueConfirmation } from './booking-confirmation';
import {
  heldMessageRow,
  locationPayments,
  paymentPlan,
  publicPaymentRule,
  queueHeldMessage,
} from '../payments/booking-payment';
import { abandonPayment, publicPayment, startPayment } from '../payments/online-payment.service';
import type { PublicPayment } from '@sandbar/contract/payments';
import { cancelHeld } from './reservations.service';
import { startLinkPayment, waitsForLink } from '../payments/pay-link.service';
import { reservationIdByToken } from '../payments/pay-link.repository';

export { hashToken };

// The guest's booking page (issue 24 points 4 and 9): availability without guest data, a booking
// with a manage link (a random token stored only as its SHA-256, expiring after the booked day),
// a confirmation by text or e-mail through the outbox in the booking's own transaction.

type Deps = LimitDeps & Pick<AppDeps, 'payments'>;

export async function onlineLocationIds(db: Kysely<DB>, rule: string): Promise<number[]> {
  const names = namesIn(rule);
  if (names.length === 0) return [];
  const rows = await db.selectFrom('locations').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
  return rows.filter((r) => names.includes(r.name.toLowerCase())).map((r) => r.id);
}

/** Per online location, the rows guests may book (null: every row) — Config → Bookings, bookable rows. */
export async function onlineRowsOf(
  db: Kysely<DB>,
  settings: { bookingOnlineRows: string },
  locationIds: number[],
): Promise<Map<number, number[] | null>> {
  const out = new Map<number, number[] | null>();
  if (!settings.bookingOnlineRows.trim()) return out;
  const rows = await db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute();
  for (const l of rows) out.set(l.id, onlineRowsFor(settings.bookingOnlineRows, l.name));
  return out;
}

/**
 * GET /api/public/booking/availability as bytes: the cached answer of the day and location set
 * (availability-cache.ts), compressed for the phone when it accepts it, or 304 when its ETag is the
 * phone's. Every request counts against its address's read limit, hit or not.
 */
export async function availabilityResponse(
  deps: Deps,
  q: PublicAvailabilityQuery,
  ctx: { ip: string; encoding?: BoardEncoding; ifNoneMatch?: string },
): Promise<{ notModified: boolean; body: Buffer; encoding?: BoardEncoding; etag: string }> {
  if (!(await takeLimits(deps, [['availabilityPerIp', ctx.ip]]))) throw tooManyRequests(publicBookingTexts.tooMany);
  const now = deps.clock.now();
  const key = `${q.day ?? ''}|${q.locationId ?? ''}`;
  const hit = await availabilityCache(deps.events).getOrBuild(key, q.day, now, async () => {
    const { answer, validUntil } = await availabilityUntil(deps, q, now);
    // Through the contract's schema, as the route's serialiser did: only its fields go out.
    const body = Buffer.from(JSON.stringify(PublicAvailability.parse(answer)));
    return cachedAnswer(answer.day, body, now, validUntil);
  });
  const etag = etagOf(hit, ctx.encoding);
  if (notModified(hit, ctx.ifNoneMatch)) return { notModified: true, body: Buffer.alloc(0), etag };
  return ctx.encoding
    ? { notModified: false, body: encodedAnswer(hit, ctx.encoding), encoding: ctx.encoding, etag }
    : { notModified: false, body: hit.body, etag };
}

/** The set-up the answers share (see AvailabilityCache.venue): settings, online locations, their units, prices, hotel rates. */
function venueFacts(deps: Deps, now: number) {
  const db = publicDb(deps);
  return availabilityCache(deps.events).venue(now, async () => {
    const settings = await readSettings(db);
    const online = await onlineLocationIds(db, settings.bookingOnlineLocations);
    const [onlineRows, locations, positions, prices, hotelRates] = await Promise.all([
      online.length ? onlineRowsOf(db, settings, online) : undefined,
      repo.locationsByIds(db, online),
      repo.positionsIn(db, online),
      repo.publicPrices(db),
      publicHotelRates(db),
    ]);
    return { settings, online, onlineRows, layout: { locations, positions }, prices, hotelRates };
  });
}

/** The grid (free / booked / taken) and the day's prices, and the last moment it holds without a write: a hold running out, or the day turning. */
async function availabilityUntil(
  deps: Deps,
  q: PublicAvailabilityQuery,
  now: number,
): Promise<{ answer: PublicAvailability; validUntil: number }> {
  const { settings, online, onlineRows, layout, prices, hotelRates } = await venueFacts(deps, now);
  const rules = bookingRules(settings);
  const today = businessDay(now, settings.timeZone);
  const lastDay = addDays(today, rules.windowDays);
  const day = q.day ?? today;
  checkGuestDay(day, settings, now);
  if (q.locationId && !online.includes(q.locationId)) throw notFound(publicBookingTexts.notOnline);
  const locationIds = q.locationId ? [q.locationId] : online;
  const { locations, holdsRunOutAt } = await bookingGridUntil(publicDb(deps), {
    day,
    locationIds,
    withGuests: false,
    now,
    onlineRows,
    layout,
  });
  const validUntil = Math.min(holdsRunOutAt, dayStartMs(addDays(today, 1), settings.timeZone) - 1);
  const answer: PublicAvailability = {
    venueName: settings.venueName,
    day,
    today,
    lastDay,
    maxUnits: rules.maxUnits,
    offerMinutes: offerMinutesOf(settings),
    policy: settings.bookingCancelPolicy,
    policyEs: cancelPolicyIn(settings, 'es'),
    locations,
    prices: prices
      .map((p) => ({
        id: p.id,
        name: p.name,
        ...(p.name_es ? { nameEs: p.name_es } : {}),
        unitType: p.unit_type,
        price: centsToMoney(p.price_cents),
        addOn: Boolean(p.add_on),
        startHour: Number(p.start_time),
        endHour: Number(p.end_time),
      }))
      .concat(hotelRates.prices),
    hotels: hotelRates.hotels,
    payment: publicPaymentRule(settings),
    locationPayments: locationPayments(
      settings,
      layout.locations.filter((l) => locationIds.includes(l.id)),
    ),
  };
  return { answer, validUntil };
}

/**
 * The hotel rates a guest may book at (point 4: "room + surname for hotel rates"): each hotel item
 * at its hotel rate with the hotels it is for, and those hotels' names. Nothing of any roster.
 */
async function publicHotelRates(db: Kysely<DB>): Promise<{ prices: PublicPrice[]; hotels: PublicHotel[] }> {
  const [{ items, links }, named] = await Promise.all([repo.publicHotelPrices(db), repo.namedHotels(db)]);
  const namedIds = named.map((h) => h.id);
  const prices = items.map((p) => ({
    id: p.id,
    name: p.name,
    ...(p.name_es ? { nameEs: p.name_es } : {}),
    unitType: p.unit_type,
    price: centsToMoney(p.hotel_rate_cents),
    addOn: Boolean(p.add_on),
    startHour: Number(p.start_time),
    endHour: Number(p.end_time),
    hotelIds: p.all_hotels
      ? namedIds
      : links.filter((l) => l.price_id === p.id && namedIds.includes(l.hotel_id)).map((l) => l.hotel_id),
  }));
  const withRates = new Set(prices.flatMap((p) => p.hotelIds));
  return { prices: prices.filter((p) => p.hotelIds.length > 0), hotels: named.filter((h) => withRates.has(h.id)) };
}

/**
 * A guest's hotel rate: the hotel has rates here, and its list has this surname in this room —
 * the very check a room charge makes (findRosterGuest). Unknown room and wrong surname get one
 * message, and tries are limited per IP and per room, so the page cannot be used to read a roster.
 */
async function checkHotelRate(
  deps: Deps,
  body: { hotelId?: number | null; roomNumber: string; lastName: string },
  ip: string,
): Promise<void> {
  if (!body.hotelId) return;
  const roomKey = `${body.hotelId}:${padRoom(body.roomNumber)}`;
  if (
    !(await takeLimits(deps, [
      ['hotelCheckPerIp', ip],
      ['hotelCheckPerRoom', roomKey],
    ]))
  )
    throw tooManyRequests(publicBookingTexts.tooMany);
  const { hotels } = await publicHotelRates(deps.db);
  const found = hotels.some((h) => h.id === body.hotelId)
    ? await findRosterGuest(deps.db, body.hotelId, body.roomNumber, body.lastName)
    : null;
  if (!found) throw badRequest(publicBookingTexts.hotelGuestNotFound);
}

export type PolicySettings = Pick<Settings, 'bookingCancelPolicy' | 'bookingCancelPolicyEs'> &
  Partial<Pick<Settings, 'timeZone'>>;

export async function toPublic(
  db: Kysely<DB>,
  row: repo.ReservationRow,
  settings: PolicySettings,
  /** Given, a booking that can still be cancelled says what cancelling now does to its deposit. */
  now?: number,
): Promise<PublicBooking> {
  const [[r], [place]] = await Promise.all([
    describeReservations(db, [row]),
    repo.locationsByIds(db, [row.location_id]),
  ]);
  const verdict =
    now !== undefined && holdsUnits(row.status)
      ? policyVerdict(row, await repo.paymentsOf(db, [row.id]), await readSettings(db), now)
      : null;
  return {
    status: r!.status,
    day: r!.days[0] ?? row.first_day,
    window: r!.window,
    location: r!.location,
    locationName: place?.full_name || r!.location,
    units: [...new Set(r!.units.map((u) => u.label))],
    items: r!.items.map((i) => i.name),
    guestName: r!.guestName,
    partySize: r!.partySize,
    arrival: r!.arrival,
    policy: settings.bookingCancelPolicy,
    policyEs: cancelPolicyIn(settings, 'es'),
    holdExpiresAt: row.status === 'held' && row.hold_expires_at !== null ? Number(row.hold_expires_at) : null,
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    cancelOutcome: verdict
      ? {
          outcome: verdict.outcome,
          deposit: centsToMoney(verdict.depositCents),
          cutoffAt: verdict.cutoffAt,
          refund: centsToMoney(verdict.refundCents),
        }
      : null,
    payment: await publicPayment(db, row.id, row.status),
  };
}

/**
 * A day a guest sent, against the booking window — before anything (a manage link's expiry, a
 * grid) is built from it: "9999-12-31" is a 400 like any day too far, never a RangeError.
 */
export function checkGuestDay(day: string, settings: Settings, now: number): void {
  const today = businessDay(now, settings.timeZone);
  if (day < today) throw badRequest(publicBookingTexts.dayPast);
  if (day > addDays(today, bookingRules(settings).windowDays)) throw badRequest(publicBookingTexts.dayTooFar);
}

/**
 * The guest's contact as the page keeps it (issue 32 defect 4): the phone in E.164 in the venue's
 * country (refused when it does not parse), the e-mail as typed; and the keys the per-contact
 * limit counts — every contact given, each in its one normal form.
 */
export function guestContactOf(
  body: { phone: string; email: string },
  settings: Pick<Settings, 'venueCountry'>,
): { phone: string; email: string; keys: string[] } {
  const phone = body.phone ? phoneE164(body.phone, phoneRegion(settings.venueCountry)) : '';
  if (phone === null) throw badRequest(publicBookingTexts.invalidPhone);
  const keys = [phone, body.email ? mailboxKey(body.email) : ''].filter(Boolean);
  return { phone, email: body.email, keys };
}

/** Counts a guest's booking (or waitlist request) against its address and each of its contacts. */
export async function takeGuestLimits(deps: LimitDeps, ip: string, keys: string[]): Promise<void> {
  const hits: [PublicLimit, string][] = [
    ['bookingPerIp', ip],
    ...keys.map((k): [PublicLimit, string] => ['bookingPerContact', k]),
  ];
  if (!(await takeLimits(deps, hits))) throw tooManyRequests(publicBookingTexts.tooMany);
}

/** POST /api/public/booking: a guest books units of an online location for one day. */
export async function bookOnline(
  deps: Deps,
  body: PublicBookingInput,
  ctx: { ip: string; base: string },
): Promise<PublicBookingResponse> {
  // The venue as the page shows it (the availability cache's venue facts, kept until a setting,
  // location, unit or price changes): under the opening rush a booking read settings, locations and
  // units four times before it began (issue 36). createReservation still reads the units it claims.
  const now = deps.clock.now();
  const { settings, online, onlineRows, layout } = await venueFacts(deps, now);
  const contact = guestContactOf(body, settings);
  checkGuestDay(body.day, settings, now);
  const known = new Map(layout.positions.map((p) => [p.id, p]));
  const cached = body.unitIds.map((id) => known.get(id));
  const positions = cached.every((p) => p !== undefined) ? cached : await repo.positionsByIds(deps.db, body.unitIds);
  if (positions.some((p) => !online.includes(p.location_id))) throw badRequest(publicBookingTexts.notOnline);
  // Rows the venue keeps for walk-ins are not the page's to book (staff still book and sell them).
  if (positions.some((p) => onlineRows?.get(p.location_id)?.includes(p.row) === false))
    throw badRequest(publicBookingTexts.walkInRow);
  // One claim per unit-day at a time on this instance (claim-gate.ts): a phone that lost the race
  // to another phone here, or to a tablet that sold the unit, is told so without a statement of
  // its own — not even its limits' (decision 371): a refusal that costs nothing needs no counting.
  const ticket = await claimGate(deps).enter(
    body.unitIds.map((positionId) => ({ positionId, day: body.day, window: body.window })),
  );
  if (!ticket) throw conflict(publicBookingTexts.unitGone);
  let won = false;
  let gone = false;
  let plan: Awaited<ReturnType<typeof paymentPlan>>;
  let link: ReturnType<typeof newManageLink>;
  // PostgreSQL, no extras: the units' states and claims are read beside the limits, not in the
  // turn, which then holds the write alone (decision 374): under the opening rush each statement
  // waits ~100 ms for the busy loop, and the turns are the queue. The gate keeps this instance's
  // other claims off these unit-days; a sale or another instance's claim meanwhile fails the
  // write's compare-and-set, and the guest is told the unit is gone, as before.
  const readAhead = deps.database.dialect === 'postgres' && !body.itemIds.length;
  let read: UnitDaysRead[] | undefined;
  try {
    [, read] = await Promise.all([
      takeGuestLimits(deps, ctx.ip, contact.keys),
      readAhead ? unitDaysReads(deps).read(body.unitIds, [body.day]) : undefined,
    ]);
    await checkHotelRate(deps, body, ctx.ip);
    await checkItems(deps.db, body, positions);
    link = newManageLink(ctx.base, body.day, settings.timeZone);
    // Issue 33: the venue may ask for a deposit or the whole booking now; the booking is then held
    // (its units claimed) until the provider's webhook confirms the payment.
    plan = await paymentPlan(deps, settings, {
      unitTypes: positions.map((p) => p.unit_type),
      window: body.window,
      itemIds: body.itemIds,
      hotelId: body.hotelId,
      // The booked location's own rule, if it has one (decision 300); a booking is of one location.
      location: layout.locations.find((l) => l.id === positions[0]?.location_id),
    });
  } catch (err) {
    ticket.leave(false);
    throw err;
  }
  const holdExpiresAt = plan ? now + plan.holdMinutes * 60_000 : null;
  const guest = { ...body, phone: contact.phone };
  // What the transaction wrote (its units' labels), for the answer built below without reading it back.
  let booked: string[] = [];
  const status = plan || settings.bookingNeedsConfirmation === '1' ? 'held' : 'confirmed';
  const book = () => {
    // A tablet sold it as this guest's turn came: no statement to learn so (decision 373).
    if (ticket.soldMeanwhile()) throw new UnitDayGone(publicBookingTexts.unitGone);
    return createReservationId(
      deps,
      null,
      {
        unitIds: body.unitIds,
        days: [body.day],
        window: body.window,
        guestName: body.guestName,
        phone: contact.phone,
        email: contact.email,
        hotelId: body.hotelId ?? null,
        roomNumber: body.hotelId ? body.roomNumber : '',
        lastName: body.hotelId ? body.lastName : '',
        manualEntry: false,
        partySize: body.partySize,
        arrival: body.arrival,
        notes: '',
        channel: 'online',
        languageCode: body.languageCode,
      },
      {
        status,
        holdExpiresAt,
        manageTokenHash: link.tokenHash,
        manageExpiresAt: link.expiresAt,
        settings,
        inTransaction: async (trx, id, units, days) => {
          booked = units;
          await repo.insertItems(trx, id, body.itemIds);
          if (plan) await queueHeldMessage(trx, deps.clock, settings, plan, link.url, guest, { units, days });
          else await queueConfirmation(trx, deps.clock, settings, link, guest, { id, units, days });
        },
        // PostgreSQL: without extras, the booking and its message in one statement (decision 326).
        oneStatement: body.itemIds.length
          ? undefined
          : {
              read,
              // PostgreSQL: the write joins the next batch (decision 375); sold while it
              // waits, it leaves at once.
              write: readAhead ? (w) => bookingBatches(deps).write(w, ticket.sold) : undefined,
              outbox: (units, days) => {
                booked = units;
                return [
                  plan
                    ? heldMessageRow(deps.clock, settings, plan, link.url, guest, { units, days })
                    : confirmationRow(deps.clock, settings, link, guest, { units, days }, []),
                ];
              },
            },
      },
    );
  };
  // PostgreSQL without extras: the batches are the queue (decision 375). Else the turn queue; sold
  // while it waits for its turn, out of it at once (decision 374).
  const created = await (
    readAhead ? Promise.resolve().then(book) : bookingTurns(deps).run(book, { signal: ticket.sold })
  )
    .then((id) => {
      won = true;
      return id;
    })
    .catch((err: unknown) => {
      // One unit, refused because a tablet sold it (or it is held or dark): the phones waiting at
      // the gate for it are told it is gone without a statement each (decision 371).
      if (ticket.sold.aborted && err === ticket.sold.reason) err = new UnitDayGone(publicBookingTexts.unitGone);
      if (err instanceof UnitDayGone && body.unitIds.length === 1) gone = true;
      // Who holds a unit is staff's business: a guest only learns that it is gone.
      if (err instanceof HttpError && err.statusCode === 409) throw conflict(publicBookingTexts.unitGone);
      throw err;
    })
    .finally(() => ticket.leave(won || gone));
  let payUrl: string | null = null;
  if (plan) {
    try {
      payUrl = (
        await startPayment(deps, {
          reservationId: created,
          purpose: 'booking',
          amountCents: plan.amountCents,
          currency: plan.currency,
          description: `${settings.venueName}: ${[...new Set(booked)].join(', ')} · ${body.day}`,
          email: contact.email,
          successUrl: `${link.url}?paid=1`,
          cancelUrl: `${link.url}?paid=0`,
          holdExpiresAt: holdExpiresAt!,
          lang: body.languageCode,
        })
      ).redirectUrl;
    } catch (err) {
      // The provider is down: no unit stays held for a payment that cannot start.
      await cancelHeld(deps, created).catch(() => undefined);
      throw err;
    }
  }
  // The answer is what the booking just wrote (issue 36): under the opening rush, reading it back
  // cost a winner eight statements, each queued again behind every other phone's.
  const place = layout.locations.find((l) => l.id === positions[0]!.location_id);
  const booking: PublicBooking = {
    status,
    day: body.day,
    window: body.window,
    location: place?.name ?? '',
    locationName: place?.full_name || place?.name || '',
    units: [...new Set(booked)],
    items: body.itemIds.length ? (await repo.itemsOf(deps.db, [created])).map((i) => i.name) : [],
    guestName: body.guestName,
    partySize: body.partySize,
    arrival: body.arrival,
    policy: settings.bookingCancelPolicy,
    policyEs: cancelPolicyIn(settings, 'es'),
    holdExpiresAt: status === 'held' ? holdExpiresAt : null,
    cancelOutcome: null,
    payment:
      plan && payUrl
        ? {
            state: 'due',
            amount: centsToMoney(plan.amountCents),
            paid: centsToMoney(0),
            refunded: centsToMoney(0),
            refundPending: centsToMoney(0),
            currency: plan.currency,
            payUrl,
          }
        : NO_PAYMENT,
  };
  return { booking, manageUrl: link.url, payUrl };
}

const NO_PAYMENT: PublicPayment = {
  state: 'none',
  amount: '0.00',
  paid: '0.00',
  refunded: '0.00',
  refundPending: '0.00',
  currency: '',
  payUrl: null,
};

export async function byToken(deps: LimitDeps, token: string, ip: string): Promise<repo.ReservationRow> {
  if (!(await takeLimits(deps, [['managePerIp', ip]]))) throw tooManyRequests(publicBookingTexts.tooMany);
  const hash = hashToken(token);
  const now = deps.clock.now();
  const row = await repo.reservationByManageHash(deps.db, hash);
  if (row && row.manage_expires_at !== null && Number(row.manage_expires_at) >= now) return row;
  // A payment link's token (issue 33 point 7) opens the same page of its booking.
  const viaLink = await reservationIdByToken(deps.db, hash, now);
  const linked = viaLink === null ? undefined : await repo.reservationById(deps.db, viaLink);
  if (!linked) throw notFound(publicBookingTexts.linkExpired);
  return linked;
}

/**
 * POST /api/public/booking/manage/:token/pay: the guest's page starts the payment a link asks
 * for and sends the guest to the provider's page; back on this same address afterwards.
 */
export async function payByToken(deps: Deps, token: string, ip: string, base: string): Promise<{ payUrl: string }> {
  const row = await byToken(deps, token, ip);
  return startLinkPayment(deps, row, `${base}/book/manage/${token}`);
}

/** GET /api/public/booking/manage/:token: the guest's own booking. */
export async function viewByToken(deps: Deps, token: string, ip: string): Promise<PublicBooking> {
  const row = await byToken(deps, token, ip);
  return toPublic(deps.db, row, await readSettings(deps.db), deps.clock.now());
}

/** POST /api/public/booking/manage/:token/cancel: the guest cancels; the units go back on sale. */
export async function cancelByToken(deps: Deps, token: string, ip: string): Promise<PublicBooking> {
  const row = await byToken(deps, token, ip);
  await cancelByGuest(deps, row.id);
  const fresh = (await repo.reservationById(deps.db, row.id))!;
  return toPublic(deps.db, fresh, await readSettings(deps.db));
}

/**
 * POST /api/public/booking/manage/:token/abandon: the guest came back from the provider's page
 * without paying (its cancel address). The page is closed at the provider and the hold let go, so
 * the units are free at once; a payment that went through meanwhile keeps the booking.
 */
export async function abandonByToken(deps: Deps, token: string, ip: string): Promise<PublicBooking> {
  const row = await byToken(deps, token, ip);
  // A payment link's booking stays held: the guest may pay again until its time runs out.
  if (row.status === 'held')
    await abandonPayment(deps, row.id, { keepHold: (await waitsForLink(deps.db, row.id)) !== null });
  const fresh = (await repo.reservationById(deps.db, row.id))!;
  return toPublic(deps.db, fresh, await readSettings(deps.db), deps.clock.now());
}
