import { centsToMoney } from '@sandbar/contract/common';
import { saleBookingTexts } from '@sandbar/contract/messages';
import { reservationTexts } from '@sandbar/contract/reservations';
import { nextReservationStatus } from '@sandbar/contract/rules/reservation';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { UnitState } from '../units/unit-state.repository';
import { isReservedState } from './reservation-claim';
import * as repo from './reservations.repository';

// Check-in (issue 24 point 2): the sale wizard sells a booked guest's units as an ordinary sale
// that names the reservation. The sale may then take unit-days this reservation holds today, its
// total is reduced by the deposit on account, and in the sale's own transaction the reservation
// lets those unit-days go (they are now the sale's), records the deposit as applied and becomes
// checked in.

export interface CheckIn {
  reservationId: number;
  /** Deposit on account applied to this sale, in cents (at most the sale's subtotal). */
  depositCents: number;
  guestName: string;
  /** Positions of today's unit-days this reservation holds. */
  heldPositions: Set<number>;
}

/** A name as people compare it: case and runs of spaces do not count. */
const sameName = (a: string, b: string) => {
  const n = (s: string) => s.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();
  return n(a) === n(b);
};

/**
 * Reads what a check-in sale may take and apply. Refuses a booking that is not live or not the
 * user's, one that holds none of the sale's units today, and a sale made out to someone else than
 * the booking's guest (issue 32: only a sale started as this booking's check-in may check it in).
 */
export async function checkInContext(
  db: Kysely<DB>,
  reservationId: number,
  day: string,
  allowedLocations: Set<number>,
  sale: { units: { id: number; label: string }[]; customerName: string },
): Promise<CheckIn> {
  const row = await repo.reservationById(db, reservationId);
  if (!row) throw notFound(reservationTexts.notFound);
  if (!allowedLocations.has(row.location_id)) throw forbidden(reservationTexts.notYourLocation);
  if (!nextReservationStatus(row.status, 'checkIn'))
    throw conflict(reservationTexts.notAllowed(row.status, 'checked in'));
  const held = (await repo.heldUnitDays(db, row.id)).filter((u) => u.day === day);
  if (!sale.units.some((u) => held.some((h) => h.position_id === u.id)))
    throw conflict(saleBookingTexts.checkInNotThisUnit(row.guest_name, sale.units.map((u) => u.label).join(', ')));
  if (!sameName(sale.customerName, row.guest_name))
    throw conflict(saleBookingTexts.checkInOtherGuest(row.guest_name, sale.customerName.trim() || '—'));
  const balances = await repo.balances(db, [row.id]);
  return {
    reservationId: row.id,
    depositCents: Math.max(0, balances.get(row.id) ?? 0),
    guestName: row.guest_name,
    heldPositions: new Set(held.map((u) => u.position_id)),
  };
}

/**
 * The check-in's transition, as the sale's transaction's first write (issue 32 defect 5): one
 * conditional UPDATE from confirmed (or checked in, a later day of a multi-day booking). A cancel
 * committed meanwhile makes it 0 rows and the sale is refused; taken first, the booking's row lock
 * orders a check-in and a cancel of one booking the same way (both start with this row).
 */
export async function beginCheckIn(trx: Kysely<DB>, c: CheckIn, now: number, userId: number): Promise<void> {
  const from = (['held', 'confirmed', 'checked_in', 'no_show', 'cancelled'] as const).filter(
    (s) => nextReservationStatus(s, 'checkIn') !== null,
  );
  const moved = await repo.transition(trx, c.reservationId, from, {
    status: 'checked_in',
    updated_at: now,
    updated_by: userId,
  });
  if (moved) return;
  const row = await repo.reservationById(trx, c.reservationId);
  throw conflict(reservationTexts.notAllowed(row?.status ?? 'cancelled', 'checked in'));
}

/** A reserved unit-day this check-in's reservation holds (and no other booking shares). */
export async function takeableByCheckIn(db: Kysely<DB>, c: CheckIn, state: UnitState): Promise<boolean> {
  if (!isReservedState(state) || !c.heldPositions.has(state.positionId)) return false;
  const claims = await repo.claimsOn(db, state.positionId, state.day);
  return claims.every((k) => k.reservation_id === c.reservationId);
}

/** The deposit a sale of `subtotalCents` uses: all of it, or the subtotal when the deposit is larger. */
export function appliedCents(c: CheckIn | null, subtotalCents: number): number {
  return c ? Math.min(c.depositCents, subtotalCents) : 0;
}

/** In the sale's transaction: the reservation lets today's sold unit-days go, applies the deposit, is checked in. */
export async function completeCheckIn(
  trx: Kysely<DB>,
  c: CheckIn,
  w: {
    saleId: number;
    day: string;
    positionIds: number[];
    applied: number;
    userId: number;
    now: number;
    method: string;
    /** The add-ons this sale sells: the booking's extras among them are sold (not offered again). */
    addonIds: number[];
  },
): Promise<void> {
  await repo.markItemsSold(trx, c.reservationId, w.addonIds, w.saleId);
  const held = (await repo.heldUnitDays(trx, c.reservationId)).filter(
    (u) => u.day === w.day && w.positionIds.includes(u.position_id),
  );
  for (const u of held) {
    await repo.deleteClaims(trx, c.reservationId, u.position_id, u.day);
    await repo.releaseUnitDay(trx, u.id, w.now);
  }
  if (w.applied > 0) {
    await repo.insertPayment(trx, {
      reservation_id: c.reservationId,
      kind: 'applied',
      method: w.method,
      amount_cents: w.applied,
      day: w.day,
      at: w.now,
      user_id: w.userId,
      card_transaction_id: null,
      voucher_number: '',
      reason: `Applied to sale ${w.saleId}`,
      sale_id: w.saleId,
    });
  }
  const row = await repo.reservationById(trx, c.reservationId);
  if (!row || !nextReservationStatus(row.status, 'checkIn')) throw conflict(reservationTexts.stale);
  const ok = await repo.updateReservation(trx, row.id, row.version, {
    status: 'checked_in',
    sale_id: w.saleId,
    updated_at: w.now,
    updated_by: w.userId,
  });
  if (!ok) throw conflict(reservationTexts.stale);
  await repo.audit(
    trx,
    w.userId,
    'reservation.checkIn',
    `Booking ${row.id} for ${row.guest_name} checked in: sale ${w.saleId}${w.applied ? `, deposit ${centsToMoney(w.applied)} applied` : ''}`,
    w.now,
  );
}
