import type { DayHalf } from '@sandbar/contract/rules/reservation';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ReservationPaymentsTable, ReservationsTable } from '../../db/schema';

// SQL of advance bookings (issue 24). The claim itself goes through units/unit-state.repository
// (compareAndSet), like a sale's; this file holds the reservation's own rows.

export type ReservationRow = Selectable<ReservationsTable>;
export type PaymentRow = Selectable<ReservationPaymentsTable> & { user_name: string | null };

// A booking reads positions and the user's locations as a sale does: the same SQL.
export { type PositionRow as BookablePosition, positionsByIds, userLocationIds } from '../venue/venue.repository';
// What the board shows of bookings is read in features/units (the board sits below bookings).
export { awaitingPayments, balances, boardClaims, itemsOf } from '../units/board-reservations';

export async function hotelById(db: Kysely<DB>, id: number) {
  return db.selectFrom('hotels').select(['id', 'name', 'is_other']).where('id', '=', id).executeTakeFirst();
}

export async function insertReservation(db: Kysely<DB>, row: Insertable<ReservationsTable>): Promise<number> {
  const r = await db.insertInto('reservations').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function reservationById(db: Kysely<DB>, id: number): Promise<ReservationRow | undefined> {
  return db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a state change only if the reservation is still at `version` (two staff, one booking). */
export async function updateReservation(
  db: Kysely<DB>,
  id: number,
  version: number,
  patch: Partial<Insertable<ReservationsTable>>,
): Promise<boolean> {
  const r = await db
    .updateTable('reservations')
    .set({ ...patch, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * One atomic transition (issue 32 defect 5): the row moves on only from one of `from` (and, given,
 * at `version`), in one conditional UPDATE that counts its rows. As a transaction's first write it
 * also takes the booking's row lock first, so a check-in and a cancel of one booking queue on the
 * same row instead of each holding a unit-day the other waits for (PostgreSQL deadlocked).
 */
export async function transition(
  db: Kysely<DB>,
  id: number,
  from: ReservationRow['status'][],
  patch: Partial<Insertable<ReservationsTable>>,
  version?: number,
): Promise<boolean> {
  let q = db
    .updateTable('reservations')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', from);
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertUnitDay(
  db: Kysely<DB>,
  row: { reservation_id: number; position_id: number; day: string; booking_window: ReservationRow['booking_window'] },
): Promise<void> {
  await db
    .insertInto('reservation_units')
    .values({ ...row, released_at: null })
    .execute();
}

/** The unit-days a reservation holds now (not released). */
export async function heldUnitDays(db: Kysely<DB>, reservationId: number) {
  return db
    .selectFrom('reservation_units')
    .innerJoin('positions', 'positions.id', 'reservation_units.position_id')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'reservation_units.id',
      'reservation_units.position_id',
      'reservation_units.day',
      'reservation_units.booking_window',
      'positions.location_id',
      'positions.unit_type',
      'positions.unit_number',
      'positions.row',
      'positions.position',
      'locations.name as location_name',
    ])
    .where('reservation_units.reservation_id', '=', reservationId)
    .where('reservation_units.released_at', 'is', null)
    .orderBy('reservation_units.day')
    .orderBy('reservation_units.position_id')
    .execute();
}

export async function releaseUnitDay(db: Kysely<DB>, id: number, at: number): Promise<void> {
  await db.updateTable('reservation_units').set({ released_at: at }).where('id', '=', id).execute();
}

/** Every unit-day of these reservations, held or released: what a reservation shows. */
export async function unitDaysOf(db: Kysely<DB>, reservationIds: number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .selectFrom('reservation_units')
    .innerJoin('positions', 'positions.id', 'reservation_units.position_id')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'reservation_units.reservation_id',
      'reservation_units.position_id',
      'reservation_units.day',
      'reservation_units.released_at',
      'positions.unit_number',
      'positions.row',
      'positions.position',
      'locations.name as location_name',
    ])
    .where('reservation_units.reservation_id', 'in', reservationIds)
    .orderBy('reservation_units.day')
    .orderBy('reservation_units.position_id')
    .execute();
}

/** The half-days already claimed on one unit-day, and by which reservation. */
export async function claimsOn(db: Kysely<DB>, positionId: number, day: string) {
  return db
    .selectFrom('reservation_claims')
    .innerJoin('reservations', 'reservations.id', 'reservation_claims.reservation_id')
    .select([
      'reservation_claims.half',
      'reservation_claims.reservation_id',
      'reservations.guest_name',
      'reservations.arrival',
      'reservations.created_at',
    ])
    .where('reservation_claims.position_id', '=', positionId)
    .where('reservation_claims.day', '=', day)
    .execute();
}

export async function insertClaims(
  db: Kysely<DB>,
  rows: { position_id: number; day: string; half: DayHalf; reservation_id: number }[],
): Promise<void> {
  if (rows.length) await db.insertInto('reservation_claims').values(rows).execute();
}

export async function deleteClaims(db: Kysely<DB>, reservationId: number, positionId: number, day: string) {
  await db
    .deleteFrom('reservation_claims')
    .where('reservation_id', '=', reservationId)
    .where('position_id', '=', positionId)
    .where('day', '=', day)
    .execute();
}

export async function hasCustomersOn(db: Kysely<DB>, positionId: number, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('unit_customers')
    .select('id')
    .where('position_id', '=', positionId)
    .where('day', '=', day)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function insertPayment(db: Kysely<DB>, row: Insertable<ReservationPaymentsTable>): Promise<void> {
  await db.insertInto('reservation_payments').values(row).execute();
}

export async function paymentsOf(db: Kysely<DB>, reservationIds: number[]): Promise<PaymentRow[]> {
  if (reservationIds.length === 0) return [];
  return db
    .selectFrom('reservation_payments')
    .leftJoin('users', 'users.id', 'reservation_payments.user_id')
    .selectAll('reservation_payments')
    .select('users.name as user_name')
    .where('reservation_payments.reservation_id', 'in', reservationIds)
    .orderBy('reservation_payments.at')
    .orderBy('reservation_payments.id')
    .execute();
}

/** Reservations with a unit-day on `day` in these locations (held or released). */
export async function reservationsOnDay(
  db: Kysely<DB>,
  day: string,
  locationIds: number[],
  status?: ReservationRow['status'],
): Promise<ReservationRow[]> {
  if (locationIds.length === 0) return [];
  let q = db
    .selectFrom('reservations')
    .selectAll()
    .where('location_id', 'in', locationIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('reservation_units')
          .select('reservation_units.id')
          .whereRef('reservation_units.reservation_id', '=', 'reservations.id')
          .where('reservation_units.day', '=', day),
      ),
    );
  if (status) q = q.where('status', '=', status);
  return q.orderBy('arrival').orderBy('id').execute();
}

export async function userNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function audit(db: Kysely<DB>, userId: number | null, kind: string, detail: string, at: number) {
  await db.insertInto('audit_log').values({ user_id: userId, kind, detail, at }).execute();
}

export async function locationsByIds(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'full_name', 'booking_payment', 'booking_deposit'])
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function positionsIn(db: Kysely<DB>, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('positions')
    .select(['id', 'location_id', 'row', 'position', 'unit_type', 'unit_number'])
    .where('location_id', 'in', locationIds)
    .where('removed', '=', 0)
    .orderBy('row')
    .orderBy('position')
    .execute();
}

export async function statesOn(db: Kysely<DB>, day: string, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('unit_states')
    .innerJoin('positions', 'positions.id', 'unit_states.position_id')
    .select([
      'unit_states.position_id',
      'unit_states.status',
      'unit_states.hold_cart_id',
      'unit_states.hold_expires_at',
    ])
    .where('unit_states.day', '=', day)
    .where('positions.location_id', 'in', locationIds)
    .execute();
}

/** Which halves of each unit's day are booked, for the grid (no guest data). */
export async function claimedHalves(db: Kysely<DB>, day: string, locationIds: number[]) {
  const out = new Map<number, { am: boolean; pm: boolean }>();
  if (locationIds.length === 0) return out;
  const rows = await db
    .selectFrom('reservation_claims')
    .innerJoin('positions', 'positions.id', 'reservation_claims.position_id')
    .select(['reservation_claims.position_id', 'reservation_claims.half'])
    .where('reservation_claims.day', '=', day)
    .where('positions.location_id', 'in', locationIds)
    .execute();
  for (const r of rows) {
    const h = out.get(r.position_id) ?? { am: false, pm: false };
    h[r.half] = true;
    out.set(r.position_id, h);
  }
  return out;
}

/** Confirmed bookings holding a unit-day on `day` (candidates for the no-show release). */
export async function confirmedOnDay(db: Kysely<DB>, day: string) {
  return db
    .selectFrom('reservations')
    .innerJoin('locations', 'locations.id', 'reservations.location_id')
    .select([
      'reservations.id',
      'reservations.location_id',
      'reservations.created_at',
      'reservations.booking_window',
      'locations.name as location_name',
    ])
    .where('reservations.status', '=', 'confirmed')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('reservation_units')
          .select('reservation_units.id')
          .whereRef('reservation_units.reservation_id', '=', 'reservations.id')
          .where('reservation_units.day', '=', day)
          .where('reservation_units.released_at', 'is', null),
      ),
    )
    .orderBy('reservations.id')
    .execute();
}

/** Held bookings whose hold ran out. */
export async function expiredHeld(db: Kysely<DB>, now: number) {
  return db
    .selectFrom('reservations')
    .select(['id'])
    .where('status', '=', 'held')
    .where('hold_expires_at', '<', now)
    .execute();
}

export async function reservationByManageHash(db: Kysely<DB>, hash: string) {
  return db.selectFrom('reservations').selectAll().where('manage_token_hash', '=', hash).executeTakeFirst();
}

/** Price list items any guest may buy (not linked to a hotel), for the guest's page. */
export async function publicPrices(db: Kysely<DB>) {
  return db
    .selectFrom('prices')
    .select(['id', 'name', 'name_es', 'unit_type', 'price_cents', 'add_on', 'start_time', 'end_time'])
    .where('all_hotels', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('price_hotels').select('price_id').whereRef('price_hotels.price_id', '=', 'prices.id')),
      ),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The hotel rates (items linked to a hotel, or to all), with the hotels each is linked to. */
export async function publicHotelPrices(db: Kysely<DB>) {
  const [items, links] = await Promise.all([
    db
      .selectFrom('prices')
      .select([
        'id',
        'name',
        'name_es',
        'unit_type',
        'hotel_rate_cents',
        'add_on',
        'start_time',
        'end_time',
        'all_hotels',
      ])
      .where((eb) =>
        eb.or([
          eb('all_hotels', '=', 1),
          eb.exists(
            eb.selectFrom('price_hotels').select('price_id').whereRef('price_hotels.price_id', '=', 'prices.id'),
          ),
        ]),
      )
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('price_hotels').select(['price_id', 'hotel_id']).execute(),
  ]);
  return { items, links };
}

/** The named hotels (not Other): the ones a guest may give a room at. */
export async function namedHotels(db: Kysely<DB>) {
  return db
    .selectFrom('hotels')
    .select(['id', 'name'])
    .where('is_other', '=', 0)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The add-ons a guest may pick (regular or hotel ones): their unit type and hotel links. */
export async function addOnsByIds(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return [];
  const [items, links] = await Promise.all([
    db.selectFrom('prices').select(['id', 'unit_type', 'add_on', 'all_hotels']).where('id', 'in', ids).execute(),
    db.selectFrom('price_hotels').select(['price_id', 'hotel_id']).where('price_id', 'in', ids).execute(),
  ]);
  return items.map((i) => ({ ...i, hotelIds: links.filter((l) => l.price_id === i.id).map((l) => l.hotel_id) }));
}

export async function insertItems(db: Kysely<DB>, reservationId: number, priceIds: number[]): Promise<void> {
  if (priceIds.length === 0) return;
  await db
    .insertInto('reservation_items')
    .values(priceIds.map((price_id) => ({ reservation_id: reservationId, price_id, sale_id: null })))
    .execute();
}

/** The check-in sale sold these extras of the booking: they are not offered again. */
export async function markItemsSold(db: Kysely<DB>, reservationId: number, priceIds: number[], saleId: number) {
  if (priceIds.length === 0) return;
  await db
    .updateTable('reservation_items')
    .set({ sale_id: saleId })
    .where('reservation_id', '=', reservationId)
    .where('price_id', 'in', priceIds)
    .where('sale_id', 'is', null)
    .execute();
}
