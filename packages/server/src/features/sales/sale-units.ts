import { holdMs } from '@sandbar/contract/rules/pricing';
import { formatCents } from '@sandbar/contract/rules/money';
import { type VenueDate, addDays, businessDay, dayStartMs, venueParts } from '@sandbar/contract/rules/time';
import { saleBookingTexts } from '@sandbar/contract/messages';
import { saleTexts } from '@sandbar/contract/sales';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import type { UnitState } from '../units/unit-state.repository';
import type { SaleReads } from './sale-statement.pg';
import * as repo from './sales.repository';
import { RESERVATION_HOLD, holderOf, isReservedState } from '../reservations/reservation-claim';

// What selling asks of a unit, shared by the sale and by holds: may this user sell it, may this
// cart take it, and if not, who has it since when; and which venue day it is.

// Building an Intl formatter costs more than the rest of a sale's arithmetic: remember the
// current venue day and its bounds, and only work it out again when `now` leaves them.
let dayMemo: { timeZone: string; from: number; to: number; day: string } | null = null;
export function venueDay(now: number, timeZone: string): string {
  const m = dayMemo;
  if (m && m.timeZone === timeZone && now >= m.from && now < m.to) return m.day;
  const day = businessDay(now, timeZone);
  dayMemo = { timeZone, from: dayStartMs(day, timeZone), to: dayStartMs(addDays(day, 1), timeZone), day };
  return day;
}

// The venue's clock, to the minute, of the minute a sale is in: every zone's offset is whole
// minutes, so the answer holds for the whole UTC minute (formatToParts cost 1.5 % of a sale).
let minuteMemo: { timeZone: string; minute: number; parts: VenueDate } | null = null;
export function venueMinute(now: number, timeZone: string): VenueDate {
  const minute = Math.floor(now / 60_000);
  const m = minuteMemo;
  if (m && m.timeZone === timeZone && m.minute === minute) return m.parts;
  const parts = venueParts(now, timeZone);
  minuteMemo = { timeZone, minute, parts };
  return parts;
}

/** The venue's zone as last seen by venueDay (null before the first call). */
export function lastSeenTimeZone(): string | null {
  return dayMemo?.timeZone ?? null;
}

export const unitLabel = (p: repo.PositionRow) => `${p.location_name} ${p.unit_number || `${p.row}-${p.position}`}`;

/** Units the signed-in user may sell: they exist, are not removed, and stand in an assigned location. */
export async function authorisedPositions(
  db: Kysely<DB>,
  user: SessionUser,
  ids: number[],
  reads: SaleReads | null = null,
): Promise<repo.PositionRow[]> {
  const [rows, allowed] = reads
    ? [reads.positions, reads.allowedLocations]
    : await Promise.all([repo.positionsByIds(db, ids), repo.userLocationIds(db, user.id)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: repo.PositionRow[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p || p.removed) throw notFound(saleTexts.unitNotFound);
    if (!allowed.has(p.location_id)) throw forbidden(saleTexts.notYourLocation);
    out.push(p);
  }
  return out;
}

/**
 * Whether a unit may be taken by this cart: empty, left (3) or occupied without a sale (5), or
 * held (1) by this cart or user, by nobody, or by a hold that has run out. Paid (2, 4) and
 * pier or tower spots (6) never.
 */
export function takeable(state: UnitState, cartId: string | null, userId: number, now: number): boolean {
  if (state.status === 0 || state.status === 3 || state.status === 5) return true;
  if (state.status !== 1) return false;
  // Booked for the day (issue 24): only its check-in sale takes it (SaleContext.checkInUnits).
  if (state.holdCartId === RESERVATION_HOLD) return false;
  if (!state.holdCartId) return true;
  if (cartId && state.holdCartId === cartId) return true;
  if (state.holdUserId === userId && !cartId) return true;
  return state.holdExpiresAt !== null && state.holdExpiresAt < now;
}

/** '10:05 AM' in the venue's zone: what a 409 says about when something happened. */
function clockTime(ms: number, timeZone: string): string {
  const p = venueParts(ms, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Why a unit cannot be taken, told truthfully: who sold it, when and how, or whose order holds
 * it since when (never "on another tablet" when it was this user, half an hour ago).
 */
export async function takenMessage(
  db: Kysely<DB>,
  p: repo.PositionRow,
  state: UnitState,
  timeZone: string,
  /** Who holds or sold the units, when the sale's read brought it (PostgreSQL): no read of its own. */
  known?: Pick<SaleReads, 'holders' | 'soldBy'>,
): Promise<string> {
  const holders = known?.holders;
  const unit = unitLabel(p);
  if (state.status === 6) return saleTexts.unitNotForSale(unit);
  // A walk-in on a unit booked for today is told whose booking holds it, and since when (issue 32).
  if (isReservedState(state)) {
    const holder = holders
      ? holders.find((h) => h.position_id === p.id && h.day === state.day)
      : await holderOf(db, p.id, state.day);
    if (holder) {
      return businessDay(Number(holder.created_at), timeZone) === state.day
        ? saleBookingTexts.bookedMeanwhile(unit, holder.guest_name, clockTime(Number(holder.created_at), timeZone))
        : saleBookingTexts.reservedToday(unit, holder.guest_name);
    }
  }
  if (state.status === 1) {
    const who = state.holdUserId ? await repo.userName(db, state.holdUserId) : null;
    const since = state.holdExpiresAt !== null ? state.holdExpiresAt - holdMs : (state.updatedAt ?? 0);
    return saleTexts.unitHeldBy(unit, who ?? 'another', clockTime(since, timeZone));
  }
  const sold = !state.customerId
    ? undefined
    : known?.soldBy
      ? known.soldBy.find((c) => c.customer_id === state.customerId)
      : await repo.customerSaleInfo(db, state.customerId);
  if (!sold) return saleTexts.unitTaken(unit, 'was just sold on another tablet');
  return saleTexts.unitSoldBy(
    unit,
    sold.user_name ?? 'someone',
    clockTime(Number(sold.created_at), timeZone),
    `${sold.payment_method} ${formatCents(sold.price_cents)}`,
  );
}
