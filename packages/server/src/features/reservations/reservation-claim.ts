import { type BookingWindow, windowHalves } from '@sandbar/contract/rules/reservation';
import { reservationTexts } from '@sandbar/contract/reservations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HttpError, conflict } from '../../platform/errors';
import { type UnitState, addUnitLog, compareAndSet, readState } from '../units/unit-state.repository';
import * as repo from './reservations.repository';

// The one pool (DESIGN.md section 11, decision 170). A unit-day is a sale, a cart hold, a
// reservation (or a waitlist offer, which is a held reservation) — never two. A reservation claims
// a unit-day through unit_states' compareAndSet, the check-and-set every sale and hold goes
// through: status 1 with the hold mark below. Sales and holds already refuse a status-1 unit whose
// hold is not theirs and has no expiry; a concurrent sale, hold or booking of the same unit-day
// bumps the version, so exactly one writer wins. Which half-days are booked is kept in
// reservation_claims, whose primary key (unit, day, half) keeps two bookings off one half.

/**
 * hold_cart_id of a reserved unit-day. A cart id is [A-Za-z0-9_-]{8,64} (HoldUnitBody), so no cart
 * can ever match it; hold_user_id and hold_expires_at stay null, so no hold "runs out".
 */
export const RESERVATION_HOLD = 'reservation:';

export interface ClaimPosition {
  id: number;
  location_name: string;
  unit_type: string;
  unit_number: number;
  row: number;
  position: number;
}

export const unitLabel = (p: Omit<ClaimPosition, 'id' | 'unit_type'>) =>
  `${p.location_name} ${p.unit_number || `${p.row}-${p.position}`}`;

export function isReservedState(st: Pick<UnitState, 'status' | 'holdCartId'>): boolean {
  return st.status === 1 && st.holdCartId === RESERVATION_HOLD;
}

/** The booking holding a unit-day (the first, when two half days share it): guest, arrival, booked at. */
export async function holderOf(db: Kysely<DB>, positionId: number, day: string) {
  const [c] = await repo.claimsOn(db, positionId, day);
  return c;
}

/** Why a unit-day cannot be booked, told truthfully: who holds it. */
export async function takenText(db: Kysely<DB>, p: ClaimPosition, day: string, st: UnitState): Promise<string> {
  const unit = unitLabel(p);
  if (st.status === 6) return reservationTexts.notForSale(unit);
  if (isReservedState(st)) {
    const [c] = await repo.claimsOn(db, p.id, day);
    if (c) return reservationTexts.reservedFor(unit, day, c.guest_name, c.arrival);
  }
  if (st.status === 1) return reservationTexts.heldOn(unit, day);
  return reservationTexts.soldOn(unit, day);
}

/**
 * The 409 for a unit-day that cannot be booked at all, for any half (sold, held or dark): the
 * claim gate tells the guests waiting behind a booking refused with it that the unit-day is gone,
 * without a statement each (claim-gate.ts, decision 371).
 */
export class UnitDayGone extends HttpError {
  constructor(details: string) {
    super(409, details);
  }
}

/** The 409 for a unit-day that is not free: UnitDayGone unless it is booked (a half may still be free). */
export async function takenConflict(db: Kysely<DB>, p: ClaimPosition, day: string, st: UnitState): Promise<HttpError> {
  const text = await takenText(db, p, day, st);
  return isReservedState(st) ? conflict(text) : new UnitDayGone(text);
}

/** A cart hold whose ten minutes ran out does not hold the unit (as for a sale). */
function cartHoldRunOut(st: UnitState, now: number): boolean {
  return st.status === 1 && !isReservedState(st) && st.holdExpiresAt !== null && st.holdExpiresAt < now;
}

/**
 * What a booking may do with a unit-day in this state: claim it (free, left, or a cart hold that
 * ran out), or not (sold, held, dark); one already booked for a half may be booked for the other.
 */
export function claimable(st: UnitState, now: number): 'free' | 'halfBooked' | 'taken' {
  if (isReservedState(st)) return 'halfBooked';
  return st.status === 0 || st.status === 3 || cartHoldRunOut(st, now) ? 'free' : 'taken';
}

/**
 * Claims one unit-day for a reservation inside the caller's transaction, or throws 409 naming who
 * holds it. Free (0), left (3) or a run-out cart hold may be booked; a unit-day already reserved
 * may be booked for the other half when both bookings are half days.
 */
export async function claimUnitDay(
  trx: Kysely<DB>,
  c: {
    position: ClaimPosition;
    day: string;
    window: BookingWindow;
    reservationId: number;
    userId: number | null;
    now: number;
    log: string;
  },
): Promise<void> {
  const p = c.position;
  const st = await readState(trx, p.id, c.day, p.unit_type);
  const halves = windowHalves(c.window);
  if (isReservedState(st)) {
    const claims = await repo.claimsOn(trx, p.id, c.day);
    const clash = claims.find((k) => halves.includes(k.half));
    if (clash) throw conflict(reservationTexts.reservedFor(unitLabel(p), c.day, clash.guest_name, clash.arrival));
  } else if (!(st.status === 0 || st.status === 3 || cartHoldRunOut(st, c.now))) {
    throw await takenConflict(trx, p, c.day, st);
  }
  const won = await compareAndSet(
    trx,
    p.id,
    c.day,
    st.version,
    { status: 1, holdCartId: RESERVATION_HOLD },
    { userId: c.userId, now: c.now },
  );
  if (!won) throw await takenConflict(trx, p, c.day, await readState(trx, p.id, c.day, p.unit_type));
  await repo.insertClaims(
    trx,
    halves.map((half) => ({ position_id: p.id, day: c.day, half, reservation_id: c.reservationId })),
  );
  await repo.insertUnitDay(trx, {
    reservation_id: c.reservationId,
    position_id: p.id,
    day: c.day,
    booking_window: c.window,
  });
  await addUnitLog(trx, { positionId: p.id, day: c.day, kind: 'log', text: c.log, userId: c.userId, at: c.now });
}

/**
 * Lets one unit-day of a reservation go inside the caller's transaction: its half-days are freed,
 * and the unit goes back on sale (0, or 3 when it had customers that day) unless another booking
 * still holds the other half. A unit-day no longer reserved (checked in: now a sale) is left as it is.
 */
export async function releaseUnitDay(
  trx: Kysely<DB>,
  c: {
    unitDay: { id: number; position_id: number; day: string; unit_type: string };
    reservationId: number;
    userId: number | null;
    now: number;
    log: string;
  },
): Promise<void> {
  const { unitDay: u } = c;
  await repo.deleteClaims(trx, c.reservationId, u.position_id, u.day);
  await repo.releaseUnitDay(trx, u.id, c.now);
  const st = await readState(trx, u.position_id, u.day, u.unit_type);
  if (isReservedState(st)) {
    const rest = await repo.claimsOn(trx, u.position_id, u.day);
    const patch = rest.length
      ? { status: 1, holdCartId: RESERVATION_HOLD }
      : { status: (await repo.hasCustomersOn(trx, u.position_id, u.day)) ? 3 : 0 };
    const ok = await compareAndSet(trx, u.position_id, u.day, st.version, patch, { userId: c.userId, now: c.now });
    if (!ok) throw conflict(reservationTexts.stale);
  }
  await addUnitLog(trx, {
    positionId: u.position_id,
    day: u.day,
    kind: 'log',
    text: c.log,
    userId: c.userId,
    at: c.now,
  });
}
