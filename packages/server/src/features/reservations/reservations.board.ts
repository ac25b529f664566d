import type { BookingLocation, BookingUnit } from '@sandbar/contract/reservations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { RESERVATION_HOLD } from './reservation-claim';
import * as repo from './reservations.repository';
import { reservationsByUnit } from '../units/board-reservations';

// What the board shows of bookings (issue 24, DESIGN.md section 11): a unit reserved for the day
// is status 1 with its reservation(s) — guest, arrival, party, deposit — so tiles and the unit
// modal can tell a booking from a cart hold.

/**
 * The grid of a day to book from: every unit of these locations as free, reserved (and which
 * halves), taken or dark; for the public page also walk-in (a row the venue keeps off the page). `withGuests` adds who holds each booked unit (staff); the public page
 * asks without, so its answer carries no guest data.
 */
interface GridQuery {
  day: string;
  locationIds: number[];
  withGuests: boolean;
  now: number;
  /** The public page's view: the rows guests may book per location (null: every row); the rest are walk-in. */
  onlineRows?: Map<number, number[] | null>;
  /** Locations and units already read (a superset of locationIds'), e.g. kept by the public page's cache. */
  layout?: {
    locations: Awaited<ReturnType<typeof repo.locationsByIds>>;
    positions: Awaited<ReturnType<typeof repo.positionsIn>>;
  };
}

export async function bookingGrid(db: Kysely<DB>, c: GridQuery): Promise<BookingLocation[]> {
  return (await bookingGridUntil(db, c)).locations;
}

/**
 * The grid, and when it next changes by itself: the first cart hold that runs out after `now`
 * turns its unit free without any write (Infinity when none), so a cached answer lives until then.
 */
export async function bookingGridUntil(
  db: Kysely<DB>,
  c: GridQuery,
): Promise<{ locations: BookingLocation[]; holdsRunOutAt: number }> {
  let holdsRunOutAt = Infinity;
  const wanted = new Set(c.locationIds);
  const [locations, positions, states, claims, halves] = await Promise.all([
    c.layout ? c.layout.locations.filter((l) => wanted.has(l.id)) : repo.locationsByIds(db, c.locationIds),
    c.layout ? c.layout.positions.filter((p) => wanted.has(p.location_id)) : repo.positionsIn(db, c.locationIds),
    repo.statesOn(db, c.day, c.locationIds),
    c.withGuests ? reservationsByUnit(db, c.day, c.locationIds) : Promise.resolve(null),
    repo.claimedHalves(db, c.day, c.locationIds),
  ]);
  const stateBy = new Map(states.map((s) => [s.position_id, s]));
  const grid = locations.map((l) => {
    const rows: BookingUnit[][] = [];
    for (const p of positions.filter((x) => x.location_id === l.id)) {
      const st = stateBy.get(p.id);
      const h = halves.get(p.id) ?? { am: false, pm: false };
      let state: BookingUnit['state'];
      if (p.unit_type === 'P' || p.unit_type === 'T') state = 'dark';
      else if (!st || st.status === 0 || st.status === 3) state = 'free';
      else if (st.status === 1 && st.hold_cart_id === RESERVATION_HOLD) state = 'reserved';
      else if (st.status === 1 && st.hold_expires_at !== null && Number(st.hold_expires_at) < c.now) state = 'free';
      else {
        state = 'taken';
        if (st.status === 1 && st.hold_expires_at !== null)
          holdsRunOutAt = Math.min(holdsRunOutAt, Number(st.hold_expires_at));
      }
      const unit: BookingUnit = {
        unitId: p.id,
        unitType: p.unit_type,
        unitNumber: p.unit_number,
        row: p.row,
        position: p.position,
        state,
        halves: h,
      };
      const rowsOnline = c.onlineRows?.get(l.id);
      if (rowsOnline && !rowsOnline.includes(p.row) && state !== 'dark') unit.walkIn = true;
      const booked = claims?.get(p.id);
      if (booked?.length) unit.reservations = booked;
      while (rows.length < p.row) rows.push([]);
      rows[p.row - 1]!.push(unit);
    }
    return { id: l.id, name: l.name, fullName: l.full_name, rows: rows.filter((r) => r.length > 0) };
  });
  return { locations: grid, holdsRunOutAt };
}
