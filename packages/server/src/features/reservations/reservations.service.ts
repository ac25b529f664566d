import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import {
  type AddDepositInput,
  type BookingBoard,
  type BookingBoardQuery,
  type CancelPolicy,
  type CancelReservationInput,
  cancelPolicyTexts,
  type DepositIn,
  type MoveReservationInput,
  type NoShowInput,
  type Reservation,
  type ReservationResponse,
  type ReservationsQuery,
  type ReservationsResponse,
  type SaveReservationInput,
  publicBookingTexts,
  reservationLimits,
  reservationTexts,
} from '@sandbar/contract/reservations';
import { canAccess } from '@sandbar/contract/roles';
import { padRoom } from '@sandbar/contract/rules/pricing';
import { normalisePhone } from '@sandbar/contract/rules/phone';
import {
  type ReservationAction,
  type ReservationStatus,
  nextReservationStatus,
  windowHalves,
} from '@sandbar/contract/rules/reservation';
import { addDays, businessDay } from '@sandbar/contract/rules/time';
import type { Insertable, Kysely } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB, OutboxTable } from '../../db/schema';
import { type HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { BoardEvent } from '../../platform/events';
import type { SessionUser } from '../../platform/deps';
import type { Settings } from '@sandbar/contract/settings';
import { findRosterGuest } from '../hotels/roster-guest';
import { readSettings } from '../settings/settings.repository';
import { newManageLink, queueConfirmation } from './booking-confirmation';
import { claimUnitDay, claimable, releaseUnitDay, takenConflict, unitLabel } from './reservation-claim';
import {
  type BookingWrite,
  type UnitDaysRead,
  UnitDayTakenError,
  readUnitDaysPg,
  writeBookingPg,
} from './booking-statement.pg';
import { readState, stateFromRow } from '../units/unit-state.repository';
import { describeMoney, policyVerdict, remainingDeposits, settleDeposit } from './cancel-policy';
import { bookingGrid } from './reservations.board';
import { checkItems } from './reservation-items';
import * as repo from './reservations.repository';
import { ONLINE_METHOD, sendRefunds } from '../payments/refunds.service';
import { refundsOf } from '../payments/payments.repository';

// Advance bookings (issue 24, DESIGN.md section 11, decision 170): staff take, move, cancel and
// mark no-show reservations. Every change runs in one transaction (claims, rows, payments, unit
// log and audit line), then publishes a board event for each day it touched.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events'> & Partial<Pick<AppDeps, 'payments' | 'database'>>;
type Actor = Pick<SessionUser, 'id' | 'name' | 'userType'>;
type Window = SaveReservationInput['window'];

/** The venue's booking rules (Config, issue 24 point 5), with the contract's limits as defaults. */
export interface BookingRules {
  windowDays: number;
  maxUnits: number;
}

export function bookingRules(settings: Settings): BookingRules {
  const n = (v: string, fallback: number) => (/^\d+$/.test(v) ? Number(v) : fallback);
  return {
    windowDays: n(settings.bookingWindowDays, reservationLimits.defaultWindowDays),
    maxUnits: Math.min(reservationLimits.maxUnits, n(settings.bookingMaxUnits, reservationLimits.maxUnits)),
  };
}

async function venueToday(
  deps: Deps,
  /** The settings the caller already holds (the guest page's cached venue facts). */
  known?: Settings,
): Promise<{ today: string; timeZone: string; now: number; rules: BookingRules; settings: Settings }> {
  const settings = known ?? (await readSettings(deps.db));
  const now = deps.clock.now();
  return {
    today: businessDay(now, settings.timeZone),
    timeZone: settings.timeZone,
    now,
    rules: bookingRules(settings),
    settings,
  };
}

function checkDays(days: string[], today: string, rules: BookingRules): string[] {
  const last = addDays(today, rules.windowDays);
  for (const d of days) {
    if (d < today) throw badRequest(reservationTexts.dayPast);
    if (d > last) throw badRequest(reservationTexts.dayTooFar(rules.windowDays));
  }
  return [...days].sort();
}

/** The units to book: they exist, stand in one location, and that location is the user's. */
async function bookablePositions(
  db: Kysely<DB>,
  user: Actor | null,
  ids: number[],
  /** The units when the caller read them already (the guest's one-statement booking reads them with their states). */
  read?: repo.BookablePosition[],
): Promise<repo.BookablePosition[]> {
  const rows = read ?? (await repo.positionsByIds(db, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: repo.BookablePosition[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p || p.removed) throw notFound(reservationTexts.unitNotFound);
    if (p.unit_type === 'P' || p.unit_type === 'T') throw badRequest(reservationTexts.notForSale(unitLabel(p)));
    out.push(p);
  }
  if (new Set(out.map((p) => p.location_id)).size > 1) throw badRequest(reservationTexts.oneLocation);
  if (user) {
    const allowed = await repo.userLocationIds(db, user.id);
    if (!allowed.has(out[0]!.location_id)) throw forbidden(reservationTexts.notYourLocation);
  }
  // Claims in one order (day, then unit id) so two bookings of overlapping units never deadlock.
  return out.sort((a, b) => a.id - b.id);
}

/** A hotel guest is found on the hotel's roster by room and surname, like a room charge. */
async function checkHotelGuest(
  db: Kysely<DB>,
  b: { hotelId?: number | null; roomNumber: string; lastName: string; manualEntry: boolean },
): Promise<{ hotelId: number | null; roomNumber: string; lastName: string }> {
  if (!b.hotelId) return { hotelId: null, roomNumber: '', lastName: '' };
  const hotel = await repo.hotelById(db, b.hotelId);
  if (!hotel) throw badRequest(reservationTexts.hotelNotFound);
  const roomNumber = padRoom(b.roomNumber);
  if (!hotel.is_other && !b.manualEntry) {
    const guest = await findRosterGuest(db, hotel.id, roomNumber, b.lastName);
    if (!guest) throw badRequest(reservationTexts.guestNotFound);
  }
  return { hotelId: hotel.id, roomNumber, lastName: b.lastName };
}

function checkDeposit(d: DepositIn, guest: { hotelId: number | null }): void {
  if (d.method === 'Credit Card' && !d.cardTransactionId) throw badRequest(reservationTexts.depositCard);
  if (d.method === 'Voucher' && !d.voucherNumber) throw badRequest(reservationTexts.depositVoucher);
  if (d.method === 'Room Charge' && !guest.hotelId) throw badRequest(reservationTexts.depositRoomCharge);
}

function depositRow(reservationId: number, d: DepositIn, day: string, at: number, userId: number | null) {
  return {
    reservation_id: reservationId,
    kind: 'deposit' as const,
    method: d.method,
    amount_cents: moneyToCents(d.amount),
    day,
    at,
    user_id: userId,
    card_transaction_id: d.cardTransactionId || null,
    voucher_number: d.voucherNumber ?? '',
    reason: '',
    sale_id: null,
  };
}

function eventsFor(type: string, unitDays: { position_id: number; day: string }[], locationId: number): BoardEvent[] {
  const byDay = new Map<string, Set<number>>();
  for (const u of unitDays) {
    const s = byDay.get(u.day) ?? new Set<number>();
    s.add(u.position_id);
    byDay.set(u.day, s);
  }
  return [...byDay].map(([day, ids]) => ({ type, day, unitIds: [...ids], locationIds: [locationId] }));
}

async function publishAll(deps: Deps, events: BoardEvent[]) {
  for (const e of events) await deps.events.publish(e);
}

/** A database race the claim's check-and-set did not see first (PostgreSQL's unique key): a 409. */
function isClaimRace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

// ---------- reading ----------

/** The reservation as the API shows it: its units, payments and deposit balance. */
export async function describeReservations(db: Kysely<DB>, rows: repo.ReservationRow[]): Promise<Reservation[]> {
  const ids = rows.map((r) => r.id);
  const held = rows
    .filter((r) => r.status === 'held')
    .map((r) => ({ id: r.id, holdExpiresAt: r.hold_expires_at === null ? null : Number(r.hold_expires_at) }));
  const [unitDays, payments, locations, items, awaiting] = await Promise.all([
    repo.unitDaysOf(db, ids),
    repo.paymentsOf(db, ids),
    db.selectFrom('locations').select(['id', 'name']).execute(),
    repo.itemsOf(db, ids),
    repo.awaitingPayments(db, held),
  ]);
  const names = await repo.userNames(db, [...new Set(rows.map((r) => r.created_by).filter((x): x is number => !!x))]);
  const locationName = new Map(locations.map((l) => [l.id, l.name]));
  return rows.map((r) => {
    // A live reservation shows what it holds now; a finished one what it held.
    const mine = unitDays.filter((u) => u.reservation_id === r.id);
    const live = mine.filter((u) => u.released_at === null);
    const shown = live.length ? live : mine;
    const pays = payments.filter((p) => p.reservation_id === r.id);
    const balance = pays.reduce((sum, p) => sum + (p.kind === 'deposit' ? p.amount_cents : -p.amount_cents), 0);
    return {
      id: r.id,
      locationId: r.location_id,
      location: locationName.get(r.location_id) ?? '',
      status: r.status,
      channel: r.channel,
      window: r.booking_window,
      days: [...new Set(shown.map((u) => u.day))],
      units: shown.map((u) => ({ unitId: u.position_id, label: unitLabel(u), day: u.day })),
      guestName: r.guest_name,
      phone: r.phone,
      email: r.email,
      hotelId: r.hotel_id,
      roomNumber: r.room_number,
      lastName: r.last_name,
      partySize: r.party_size,
      arrival: r.arrival,
      notes: r.notes,
      items: items
        .filter((i) => i.reservation_id === r.id)
        .map((i) => ({ priceId: i.price_id, name: i.name, saleId: i.sale_id })),
      depositBalance: centsToMoney(balance),
      payments: pays.map((p) => ({
        id: p.id,
        kind: p.kind,
        method: p.method,
        amount: centsToMoney(p.amount_cents),
        day: p.day,
        at: Number(p.at),
        by: p.user_name,
        reason: p.reason,
      })),
      saleId: r.sale_id,
      createdAt: Number(r.created_at),
      createdBy: r.created_by ? (names.get(r.created_by) ?? null) : null,
      holdExpiresAt: r.hold_expires_at === null ? null : Number(r.hold_expires_at),
      awaitingPayment: awaiting.get(r.id) ?? null,
    };
  });
}

async function describeOne(db: Kysely<DB>, id: number): Promise<Reservation> {
  const row = await repo.reservationById(db, id);
  if (!row) throw notFound(reservationTexts.notFound);
  return (await describeReservations(db, [row]))[0]!;
}

/** GET /getReservations: a day's bookings in the user's locations (or one of them). */
export async function listReservations(deps: Deps, user: Actor, q: ReservationsQuery): Promise<ReservationsResponse> {
  const allowed = await repo.userLocationIds(deps.db, user.id);
  if (q.locationId && !allowed.has(q.locationId)) throw forbidden(reservationTexts.notYourLocation);
  const locationIds = q.locationId ? [q.locationId] : [...allowed];
  const rows = await repo.reservationsOnDay(deps.db, q.day, locationIds, q.status);
  return { reservations: await describeReservations(deps.db, rows) };
}

export async function getReservation(deps: Deps, user: Actor, id: number): Promise<Reservation> {
  const row = await loadForUser(deps.db, user, id);
  return (await describeReservations(deps.db, [row]))[0]!;
}

async function loadForUser(db: Kysely<DB>, user: Actor | null, id: number): Promise<repo.ReservationRow> {
  const row = await repo.reservationById(db, id);
  if (!row) throw notFound(reservationTexts.notFound);
  if (user) {
    const allowed = await repo.userLocationIds(db, user.id);
    if (!allowed.has(row.location_id)) throw forbidden(reservationTexts.notYourLocation);
  }
  return row;
}

/** GET /getBookingBoard: the grid of a day (today up to the booking window) in the user's locations. */
export async function getBookingBoard(deps: Deps, user: Actor, q: BookingBoardQuery): Promise<BookingBoard> {
  const { today, now, rules } = await venueToday(deps);
  const lastDay = addDays(today, rules.windowDays);
  const day = q.day ?? today;
  if (day < today) throw badRequest(reservationTexts.dayPast);
  if (day > lastDay) throw badRequest(reservationTexts.dayTooFar(rules.windowDays));
  const allowed = await repo.userLocationIds(deps.db, user.id);
  if (q.locationId && !allowed.has(q.locationId)) throw forbidden(reservationTexts.notYourLocation);
  const locationIds = q.locationId ? [q.locationId] : [...allowed];
  const locations = await bookingGrid(deps.db, { day, locationIds, withGuests: true, now });
  return { day, today, lastDay, locations };
}

// ---------- creating ----------

export interface NewReservation {
  unitIds: number[];
  days: string[];
  window: Window;
  guestName: string;
  phone: string;
  email: string;
  hotelId?: number | null;
  roomNumber: string;
  lastName: string;
  manualEntry: boolean;
  partySize: number;
  arrival: string;
  notes: string;
  channel: 'staff' | 'phone' | 'online';
  deposit?: DepositIn | null;
  languageCode?: 'en' | 'es' | null;
}

/**
 * Books units for days in one transaction: the reservation row, then each unit-day claimed through
 * the one pool (any loss undoes everything and answers 409 with who holds it), the deposit, the
 * audit line. `user` null: the public page (issue 24 point 4), which names no staff member.
 */
export interface CreateOptions {
  status?: ReservationStatus;
  holdExpiresAt?: number | null;
  manageTokenHash?: string | null;
  manageExpiresAt?: number | null;
  /** Runs in the booking's transaction (the guest's confirmation message goes with it or not at all). */
  inTransaction?: (trx: Kysely<DB>, id: number, units: string[], days: string[]) => Promise<void>;
  /** The venue's settings when the caller holds them already (the guest page's cached venue facts). */
  settings?: Settings;
  /**
   * PostgreSQL (decision 326): the booking in one statement when every unit-day reads free (a
   * half-day already booked goes through the transaction), its messages given as rows built before
   * the write instead of `inTransaction` (which then runs only on the transaction's path).
   */
  oneStatement?: {
    outbox: (units: string[], days: string[]) => Insertable<OutboxTable>[];
    /** The units' states and claims on the days, read already (the guest page reads them beside its limits). */
    read?: UnitDaysRead[];
    /** How the statement is run: the guest page's batches (decision 375); else writeBookingPg on its own. */
    write?: (w: BookingWrite) => Promise<number>;
  };
}

export async function createReservation(
  deps: Deps,
  user: Actor | null,
  input: NewReservation,
  opts: CreateOptions = {},
): Promise<Reservation> {
  return describeOne(deps.db, await createReservationId(deps, user, input, opts));
}

/** createReservation without describing the result: its id (the guest page builds its own answer). */
export async function createReservationId(
  deps: Deps,
  user: Actor | null,
  input: NewReservation,
  opts: CreateOptions = {},
): Promise<number> {
  const { today, now, rules } = await venueToday(deps, opts.settings);
  if (input.unitIds.length > rules.maxUnits) throw badRequest(reservationTexts.tooManyUnits(rules.maxUnits));
  const days = checkDays(input.days, today, rules);
  // PostgreSQL, a guest's booking (decision 326): its units, their states and claims in one read.
  const oneStatement = opts.oneStatement && deps.database?.dialect === 'postgres' && !input.deposit;
  const read = oneStatement ? (opts.oneStatement?.read ?? (await readUnitDaysPg(deps.db, input.unitIds, days))) : null;
  const positions = await bookablePositions(
    deps.db,
    user,
    input.unitIds,
    read?.map((r) => r.position),
  );
  const guest = await checkHotelGuest(deps.db, input);
  if (input.deposit) checkDeposit(input.deposit, guest);
  const phone = input.phone ? (normalisePhone(input.phone) ?? input.phone) : '';
  const locationId = positions[0]!.location_id;
  const userId = user?.id ?? null;
  const status = opts.status ?? 'confirmed';
  const row = {
    location_id: locationId,
    status,
    channel: input.channel,
    booking_window: input.window,
    first_day: days[0]!,
    last_day: days[days.length - 1]!,
    guest_name: input.guestName,
    phone,
    email: input.email,
    hotel_id: guest.hotelId,
    room_number: guest.roomNumber,
    last_name: guest.lastName,
    party_size: input.partySize,
    arrival: input.arrival,
    notes: input.notes,
    language_code: input.languageCode ?? null,
    hold_expires_at: opts.holdExpiresAt ?? null,
    manage_token_hash: opts.manageTokenHash ?? null,
    manage_expires_at: opts.manageExpiresAt ?? null,
    sale_id: null,
    status_reason: '',
    version: 1,
    created_at: now,
    created_by: userId,
    updated_at: now,
    updated_by: userId,
  };
  const by = user ? ` (${user.name})` : ' (online)';
  const auditText = (rid: number | string) =>
    `Booking ${rid} (${input.channel}) for ${input.guestName}: ${positions.map(unitLabel).join(', ')} on ${days.join(', ')}${
      input.deposit ? `, deposit ${centsToMoney(moneyToCents(input.deposit.amount))} ${input.deposit.method}` : ''
    }`;
  const events = eventsFor(
    'reservation',
    days.flatMap((day) => positions.map((p) => ({ position_id: p.id, day }))),
    locationId,
  );
  if (opts.oneStatement && read) {
    const written = await bookInOneStatement(deps, {
      read,
      row,
      positions,
      days,
      window: input.window,
      now,
      userId,
      log: [`Reserved for ${input.guestName} (booking `, `)${by}`],
      audit: [`Booking `, auditText('').slice('Booking '.length)],
      outbox: () => opts.oneStatement!.outbox(positions.map(unitLabel), days),
      events,
      write: opts.oneStatement.write,
    });
    if (written !== null) return written;
  }

  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const rid = await repo.insertReservation(trx, row);
      for (const day of days) {
        for (const p of positions) {
          await claimUnitDay(trx, {
            position: p,
            day,
            window: input.window,
            reservationId: rid,
            userId,
            now,
            log: `Reserved for ${input.guestName} (booking ${rid})${by}`,
          });
        }
      }
      if (input.deposit) await repo.insertPayment(trx, depositRow(rid, input.deposit, today, now, userId));
      if (opts.inTransaction) await opts.inTransaction(trx, rid, positions.map(unitLabel), days);
      await repo.audit(trx, userId, 'reservation.create', auditText(rid), now);
      return rid;
    });
  } catch (err) {
    // The claim's check-and-set answers races; a unique key caught under it is the same race.
    if (isClaimRace(err)) throw conflict(reservationTexts.stale);
    throw err;
  }
  await publishAll(deps, events);
  return id;
}

/**
 * A guest's booking on PostgreSQL in one statement (booking-statement.pg.ts, decision 326): reads
 * the unit-days' states, decides as claimUnitDay does, and writes. Null when a unit-day is already
 * booked for a half (the transaction decides the other half); a 409 naming who holds a unit-day
 * that is taken, read or lost meanwhile.
 */
async function bookInOneStatement(
  deps: Deps,
  b: {
    /** The units' states and claims on the days, read with the units (readUnitDaysPg). */
    read: UnitDaysRead[];
    row: Omit<Insertable<DB['reservations']>, 'id'>;
    positions: repo.BookablePosition[];
    days: string[];
    window: Window;
    now: number;
    userId: number | null;
    log: [string, string];
    audit: [string, string];
    /** The guest's messages, built only once every unit-day reads free (a refused phone builds none). */
    outbox: () => Insertable<OutboxTable>[];
    events: BoardEvent[];
    write?: (w: BookingWrite) => Promise<number>;
  },
): Promise<number | null> {
  const readOf = (p: repo.BookablePosition) => b.read.find((r) => r.position.id === p.id);
  const stateOf = (p: repo.BookablePosition, day: string) =>
    stateFromRow(
      readOf(p)?.states.find((r) => r.day === day),
      p.id,
      day,
      p.unit_type,
    );
  const unitDays: BookingWrite['unitDays'] = [];
  for (const day of b.days) {
    for (const p of b.positions) {
      const st = stateOf(p, day);
      const claim = claimable(st, b.now);
      if (claim === 'halfBooked') {
        // Booked already: refused here when a half asked for is taken (a phone that reached the
        // gate after the winner left it), else the transaction books the other half.
        const clash = readOf(p)?.claims.find((k) => k.day === day && windowHalves(b.window).includes(k.half));
        if (clash) throw conflict(reservationTexts.reservedFor(unitLabel(p), day, clash.guest_name, clash.arrival));
        return null;
      }
      if (claim === 'taken') throw await takenConflict(deps.db, p, day, st);
      unitDays.push({ positionId: p.id, day, version: st.version, halves: windowHalves(b.window), log: b.log });
    }
  }
  // On PostgreSQL's bus the statement NOTIFYs its own events (delivered when it commits).
  const carried = deps.events.viaDatabase === true;
  let id: number;
  try {
    const write = b.write ?? ((w: BookingWrite) => writeBookingPg(deps.db, w));
    id = await write({
      reservation: b.row,
      unitDays,
      outbox: b.outbox(),
      audit: b.audit,
      notify: carried ? b.events.map((e) => JSON.stringify(e)) : [],
      now: b.now,
      userId: b.userId,
    });
  } catch (err) {
    if (err instanceof UnitDayTakenError) {
      // Who took it, told as the transaction's path tells it.
      for (const day of b.days)
        for (const p of b.positions) {
          const st = await readState(deps.db, p.id, day, p.unit_type);
          if (st.version !== stateOf(p, day).version) throw await takenConflict(deps.db, p, day, st);
        }
      throw conflict(reservationTexts.stale);
    }
    if (isClaimRace(err)) throw conflict(reservationTexts.stale);
    throw err;
  }
  if (carried) for (const e of b.events) deps.events.sentWithWrite?.(e);
  else await publishAll(deps, b.events);
  return id;
}

/** POST /saveReservation: a desk or phone booking, optionally with a deposit. */
export async function saveReservation(
  deps: Deps,
  user: Actor,
  body: SaveReservationInput,
  ctx: { base: string },
  /** A booking held for its payment (a pay link, issue 33 point 7): its hold and what goes with it. */
  held?: { holdExpiresAt: number; inTransaction: NonNullable<CreateOptions['inTransaction']> },
): Promise<ReservationResponse> {
  // Extras are checked and stored as the guest page does (reservation-items.ts): in the booking's transaction.
  if (body.itemIds.length > 0) await checkItems(deps.db, body, await repo.positionsByIds(deps.db, body.unitIds));
  // A phone booking's guest gets what a guest booking on the page gets: the text with a manage link.
  const settings = body.sendConfirmation ? await readSettings(deps.db) : null;
  // The link works until the end of the day after the last booked day.
  const link = settings ? newManageLink(ctx.base, [...body.days].sort().at(-1)!, settings.timeZone) : null;
  const reservation = await createReservation(deps, user, body, {
    manageTokenHash: link?.tokenHash ?? null,
    manageExpiresAt: link?.expiresAt ?? null,
    ...(held ? { status: 'held' as const, holdExpiresAt: held.holdExpiresAt } : {}),
    inTransaction: async (trx, id, units, days) => {
      await repo.insertItems(trx, id, body.itemIds);
      if (settings && link) await queueConfirmation(trx, deps.clock, settings, link, body, { id, units, days });
      if (held) await held.inTransaction(trx, id, units, days);
    },
  });
  return { success: 1, details: reservationTexts.saved, reservation };
}

// ---------- changing ----------

/** Runs one state change of the machine in a transaction: refuses what the state does not allow. */
async function change(
  deps: Deps,
  user: Actor | null,
  id: number,
  action: ReservationAction,
  verb: string,
  work: (
    trx: Kysely<DB>,
    row: repo.ReservationRow,
    next: ReservationStatus,
    now: number,
    today: string,
    rules: BookingRules,
  ) => Promise<{ touched: { position_id: number; day: string }[]; patch?: Record<string, unknown>; audit: string }>,
  /** The states this caller may move the booking from (the guest cannot cancel a checked-in one), and its refusal. */
  only?: { from: ReservationStatus[]; refusal: (status: ReservationStatus) => HttpError },
): Promise<Reservation> {
  const row = await loadForUser(deps.db, user, id);
  const refuse = (status: ReservationStatus) =>
    only && !only.from.includes(status) ? only.refusal(status) : conflict(reservationTexts.notAllowed(status, verb));
  const next = nextReservationStatus(row.status, action);
  if (!next || (only && !only.from.includes(row.status))) throw refuse(row.status);
  const { today, now, rules } = await venueToday(deps);
  const userId = user?.id ?? null;
  let touched: { position_id: number; day: string }[] = [];
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The transition first, atomically, from the state read (and its version): a check-in (or
      // another change) committed meanwhile makes this 0 rows, and the answer says what it is now.
      const moved = await repo.transition(trx, row.id, [row.status], { status: next }, row.version);
      if (!moved) {
        const fresh = await repo.reservationById(trx, row.id);
        const current = fresh ? fresh.status : row.status;
        const allowed = nextReservationStatus(current, action) && (!only || only.from.includes(current));
        throw current !== row.status && !allowed ? refuse(current) : conflict(reservationTexts.stale);
      }
      const r = await work(trx, row, next, now, today, rules);
      touched = r.touched;
      const ok = await repo.updateReservation(trx, row.id, row.version + 1, {
        status: next,
        updated_at: now,
        updated_by: userId,
        ...(r.patch ?? {}),
      });
      if (!ok) throw conflict(reservationTexts.stale);
      await repo.audit(trx, userId, `reservation.${action}`, r.audit, now);
    });
  } catch (err) {
    if (isClaimRace(err)) throw conflict(reservationTexts.stale);
    throw err;
  }
  await publishAll(deps, eventsFor('reservation', touched, row.location_id));
  return describeOne(deps.db, id);
}

async function releaseAll(
  trx: Kysely<DB>,
  row: repo.ReservationRow,
  userId: number | null,
  now: number,
  log: string,
): Promise<{ position_id: number; day: string }[]> {
  const held = await repo.heldUnitDays(trx, row.id);
  for (const u of held) await releaseUnitDay(trx, { unitDay: u, reservationId: row.id, userId, now, log });
  return held;
}

/**
 * POST /cancelReservation: the units go back on sale and the venue's policy decides the deposit:
 * its refund share given back when cancelled up to the cut-off (the rest kept), all kept after.
 * A supervisor or an admin may choose otherwise — refund (all, or an amount: a partial refund,
 * the rest kept), keep it (forfeit), or leave it on account — with a reason, audited as an
 * override (issue 33 point 6). Money paid online goes back through the provider: queued in the
 * cancel's transaction, sent after it, and recorded only once the provider accepts it.
 */
export async function cancelReservation(
  deps: Deps,
  user: Actor,
  body: CancelReservationInput,
): Promise<ReservationResponse> {
  let details: string = reservationTexts.cancelled;
  let askedRefund = 0;
  const reservation = await change(deps, user, body.id, 'cancel', 'cancelled', async (trx, row, _next, now, today) => {
    const payments = await repo.paymentsOf(trx, [row.id]);
    const verdict = policyVerdict(row, payments, await readSettings(trx), now);
    const choice = verdict.depositCents > 0 ? (body.deposit ?? verdict.outcome) : 'none';
    if (body.refundAmount !== undefined && choice !== 'refund') throw badRequest(cancelPolicyTexts.refundAmountAlone);
    // What goes back: the amount typed, else the policy's share (all when the policy kept it).
    const refundCents =
      choice !== 'refund'
        ? 0
        : body.refundAmount !== undefined
          ? moneyToCents(body.refundAmount)
          : verdict.outcome === 'refund'
            ? verdict.refundCents
            : verdict.depositCents;
    if (refundCents > verdict.depositCents)
      throw badRequest(cancelPolicyTexts.refundTooBig(centsToMoney(verdict.depositCents)));
    const override =
      choice !== 'none' && (choice !== verdict.outcome || (choice === 'refund' && refundCents !== verdict.refundCents));
    if (override) {
      if (!canAccess(user.userType, 'bookingsManage')) throw forbidden(cancelPolicyTexts.overrideRole);
      if (!body.overrideReason) throw badRequest(cancelPolicyTexts.overrideReasonBlank);
    }
    const touched = await releaseAll(
      trx,
      row,
      user.id,
      now,
      `Booking ${row.id} for ${row.guest_name} cancelled: ${body.reason} (${user.name})`,
    );
    let money = '';
    if (choice === 'refund' || choice === 'forfeit') {
      const cents = await settleDeposit(trx, {
        reservationId: row.id,
        payments,
        kind: choice,
        agent: user.id,
        day: today,
        now,
        reason: override ? body.overrideReason : body.reason,
        refundCents,
      });
      money = `; ${describeMoney(choice, choice === 'refund' ? refundCents : cents)}`;
    }
    const amount = centsToMoney(verdict.depositCents);
    if (choice === 'refund')
      details =
        refundCents === verdict.depositCents
          ? cancelPolicyTexts.refunded(amount)
          : cancelPolicyTexts.refundedPart(centsToMoney(refundCents), centsToMoney(verdict.depositCents - refundCents));
    else if (choice === 'forfeit') details = cancelPolicyTexts.forfeited(amount);
    else if (choice === 'keep') details = cancelPolicyTexts.keptOnAccount(amount);
    askedRefund = refundCents;
    if (override) {
      const chose = choice === 'refund' ? `refund ${centsToMoney(refundCents)}` : choice;
      const said = verdict.outcome === 'refund' ? `refund ${centsToMoney(verdict.refundCents)} of` : verdict.outcome;
      await repo.audit(
        trx,
        user.id,
        'reservation.policyOverride',
        `Booking ${row.id} for ${row.guest_name}: the policy said ${said} the deposit of ${amount}, ${user.name} chose ${chose}: ${body.overrideReason}`,
        now,
      );
    }
    return {
      touched,
      patch: { status_reason: body.reason },
      audit: `Booking ${row.id} for ${row.guest_name} cancelled: ${body.reason}${money}`,
    };
  });
  await sendOwedRefunds(deps);
  // A refund the provider refused is said now, not left for a toast that says "refunded".
  if (askedRefund > 0) {
    const refused = (await refundsOf(deps.db, [body.id])).filter((r) => r.status === 'failed');
    if (refused.length > 0)
      details = cancelPolicyTexts.refundRefused(
        centsToMoney(refused.reduce((sum, r) => sum + r.amount_cents, 0)),
        refused[0]!.last_error || 'refused',
      );
  }
  return { success: 1, details, reservation };
}

/** GET /getCancelPolicy/:id: what cancelling now does to the deposit, before staff confirm. */
export async function getCancelPolicy(deps: Deps, user: Actor, id: number): Promise<CancelPolicy> {
  const row = await loadForUser(deps.db, user, id);
  const payments = await repo.paymentsOf(deps.db, [row.id]);
  const verdict = policyVerdict(row, payments, await readSettings(deps.db), deps.clock.now());
  const online = remainingDeposits(payments)
    .filter((d) => d.method === ONLINE_METHOD)
    .reduce((sum, d) => sum + d.cents, 0);
  return {
    outcome: verdict.outcome,
    deposit: centsToMoney(verdict.depositCents),
    cutoffAt: verdict.cutoffAt,
    canOverride: canAccess(user.userType, 'bookingsManage'),
    refund: centsToMoney(verdict.refundCents),
    online: centsToMoney(online),
  };
}

/** POST /markReservationNoShow: the guest did not come; the units go back on sale now. */
export async function markNoShow(deps: Deps, user: Actor | null, body: NoShowInput): Promise<ReservationResponse> {
  const name = user?.name ?? 'release time';
  const reservation = await change(deps, user, body.id, 'noShow', 'marked a no-show', async (trx, row, _n, now) => {
    const touched = await releaseAll(
      trx,
      row,
      user?.id ?? null,
      now,
      `Booking ${row.id} for ${row.guest_name}: no-show, ${body.reason} (${name})`,
    );
    return {
      touched,
      patch: { status_reason: body.reason },
      audit: `Booking ${row.id} for ${row.guest_name} marked a no-show: ${body.reason}`,
    };
  });
  return { success: 1, details: reservationTexts.noShow, reservation };
}

/**
 * POST /moveReservation: to other units (as many as it holds) and/or other days (as many). The old
 * unit-days are let go and the new ones claimed in one transaction, so a move that loses any
 * claim changes nothing.
 */
export async function moveReservation(
  deps: Deps,
  user: Actor,
  body: MoveReservationInput,
): Promise<ReservationResponse> {
  const reservation = await change(deps, user, body.id, 'move', 'moved', async (trx, row, _n, now, today, rules) => {
    const held = await repo.heldUnitDays(trx, row.id);
    const oldUnits = [...new Set(held.map((u) => u.position_id))];
    const oldDays = [...new Set(held.map((u) => u.day))];
    if (body.unitIds && body.unitIds.length !== oldUnits.length) throw badRequest(reservationTexts.moveSameCount);
    if (body.days && body.days.length !== oldDays.length) throw badRequest(reservationTexts.moveSameCount);
    if (body.unitIds && new Set(body.unitIds).size !== body.unitIds.length)
      throw badRequest(reservationTexts.unitTwice);
    if (body.days && new Set(body.days).size !== body.days.length) throw badRequest(reservationTexts.dayTwice);
    const days = body.days ? checkDays(body.days, today, rules) : oldDays;
    const positions = await bookablePositions(trx, user, body.unitIds ?? oldUnits);
    if (positions[0]!.location_id !== row.location_id) throw badRequest(reservationTexts.oneLocation);
    for (const u of held) {
      await releaseUnitDay(trx, {
        unitDay: u,
        reservationId: row.id,
        userId: user.id,
        now,
        log: `Booking ${row.id} for ${row.guest_name} moved away (${user.name})`,
      });
    }
    for (const day of days) {
      for (const p of positions) {
        await claimUnitDay(trx, {
          position: p,
          day,
          window: row.booking_window,
          reservationId: row.id,
          userId: user.id,
          now,
          log: `Reserved for ${row.guest_name} (booking ${row.id}, moved here) (${user.name})`,
        });
      }
    }
    const added = days.flatMap((day) => positions.map((p) => ({ position_id: p.id, day })));
    return {
      touched: [...held, ...added],
      patch: { first_day: days[0]!, last_day: days[days.length - 1]! },
      audit: `Booking ${row.id} for ${row.guest_name} moved from ${held.map((u) => `${unitLabel(u)} ${u.day}`).join(', ')} to ${positions
        .map(unitLabel)
        .join(', ')} on ${days.join(', ')}`,
    };
  });
  return { success: 1, details: reservationTexts.moved, reservation };
}

/** POST /addReservationDeposit: takes (more of) a deposit; it counts on today's drop-off. */
export async function addDeposit(deps: Deps, user: Actor, parsed: AddDepositInput): Promise<ReservationResponse> {
  const row = await loadForUser(deps.db, user, parsed.id);
  if (row.status !== 'held' && row.status !== 'confirmed')
    throw conflict(reservationTexts.notAllowed(row.status, 'given a deposit'));
  checkDeposit(parsed.deposit, { hotelId: row.hotel_id });
  const { today, now } = await venueToday(deps);
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertPayment(trx, depositRow(row.id, parsed.deposit, today, now, user.id));
    await repo.audit(
      trx,
      user.id,
      'reservation.deposit',
      `Booking ${row.id} for ${row.guest_name}: deposit ${centsToMoney(moneyToCents(parsed.deposit.amount))} ${parsed.deposit.method}`,
      now,
    );
  });
  const reservation = await describeOne(deps.db, row.id);
  return {
    success: 1,
    details: reservationTexts.depositTaken(centsToMoney(moneyToCents(parsed.deposit.amount))),
    reservation,
  };
}

/** A held booking whose time ran out (the guest did not finish, a waitlist offer went unanswered). */
export async function cancelHeld(deps: Deps, id: number): Promise<Reservation> {
  return change(deps, null, id, 'expire', 'expired', async (trx, row, _n, now) => {
    const touched = await releaseAll(trx, row, null, now, `Booking ${row.id} for ${row.guest_name}: hold ran out`);
    return {
      touched,
      patch: { status_reason: 'Hold ran out' },
      audit: `Booking ${row.id} for ${row.guest_name}: hold ran out`,
    };
  });
}

/** A guest keeps the unit a waitlist offer holds for them (its hold not yet run out). */
export async function keepOfferByGuest(deps: Deps, id: number): Promise<Reservation> {
  return change(deps, null, id, 'confirm', 'confirmed', async (_trx, row) => ({
    touched: [],
    patch: { hold_expires_at: null },
    audit: `Booking ${row.id} for ${row.guest_name}: waitlist offer kept by the guest`,
  }));
}

/** POST /confirmReservation: staff confirm a booking that waits for them (an online one, by the venue's rule). */
export async function confirmReservation(deps: Deps, user: Actor, id: number): Promise<ReservationResponse> {
  // A booking held for its online payment is the provider's to confirm: confirmed by staff, it
  // would keep its units with nothing paid once the guest walks away from the payment page. The
  // same for a payment link still out: staff cancel the link first (the booking kept, to pay at
  // the beach). The one read the staff screens use to leave Confirm out.
  if ((await repo.awaitingPayments(deps.db, [{ id, holdExpiresAt: null }])).size > 0)
    throw conflict(reservationTexts.awaitsPayment);
  const reservation = await change(deps, user, id, 'confirm', 'confirmed', async (_trx, row) => ({
    touched: [],
    patch: { hold_expires_at: null },
    audit: `Booking ${row.id} for ${row.guest_name} confirmed`,
  }));
  return { success: 1, details: reservationTexts.saved, reservation };
}

/**
 * The guest cancels through their manage link: the units go back on sale and the venue's policy
 * decides the deposit, written to the agent who took it (no staff member cancelled).
 */
export async function cancelByGuest(deps: Deps, id: number): Promise<Reservation> {
  const cancelled = await cancelByGuestNow(deps, id);
  await sendOwedRefunds(deps);
  return deps.payments ? describeOne(deps.db, id) : cancelled;
}

/** Refunds queued by a cancel go to the provider right after it commits (the job retries a refusal). */
async function sendOwedRefunds(deps: Deps): Promise<void> {
  if (deps.payments) await sendRefunds({ db: deps.db, clock: deps.clock, payments: deps.payments });
}

async function cancelByGuestNow(deps: Deps, id: number): Promise<Reservation> {
  // A checked-in booking is the desk's: its units are sold (issue 32 defect 5).
  const only = {
    from: ['held', 'confirmed'] as ReservationStatus[],
    refusal: (status: ReservationStatus) =>
      conflict(
        status === 'checked_in' ? publicBookingTexts.checkedIn : reservationTexts.notAllowed(status, 'cancelled'),
      ),
  };
  return change(
    deps,
    null,
    id,
    'cancel',
    'cancelled',
    async (trx, row, _n, now, today) => {
      const payments = await repo.paymentsOf(trx, [row.id]);
      const verdict = policyVerdict(row, payments, await readSettings(trx), now);
      const touched = await releaseAll(
        trx,
        row,
        null,
        now,
        `Booking ${row.id} for ${row.guest_name} cancelled by the guest`,
      );
      let money = '';
      if (verdict.outcome === 'refund' || verdict.outcome === 'forfeit') {
        const cents = await settleDeposit(trx, {
          reservationId: row.id,
          payments,
          kind: verdict.outcome,
          agent: null,
          day: today,
          now,
          reason: 'Cancelled by the guest',
          refundCents: verdict.refundCents,
        });
        money = `; ${describeMoney(verdict.outcome, cents)}`;
      }
      return {
        touched,
        patch: { status_reason: 'Cancelled by the guest' },
        audit: `Booking ${row.id} for ${row.guest_name} cancelled by the guest${money}`,
      };
    },
    only,
  );
}
