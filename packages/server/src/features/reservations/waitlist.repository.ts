import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, WaitlistRequestsTable } from '../../db/schema';

// SQL of the bookings waitlist (issue 24 point 7).

export type WaitlistRow = Selectable<WaitlistRequestsTable>;

/** A request joining the line (the guest's page or staff), waiting from `now`. */
export interface NewWaitlistRequest {
  day: string;
  locationId: number;
  unitType: string;
  window: Insertable<WaitlistRequestsTable>['booking_window'];
  guestName: string;
  /** Normalised by the caller (the contact the line compares). */
  phone: string;
  email: string;
  partySize: number;
  languageCode: Insertable<WaitlistRequestsTable>['language_code'];
  channel: Insertable<WaitlistRequestsTable>['channel'];
}

export async function insertRequest(db: Kysely<DB>, r: NewWaitlistRequest, now: number): Promise<number> {
  const row: Insertable<WaitlistRequestsTable> = {
    day: r.day,
    location_id: r.locationId,
    unit_type: r.unitType,
    booking_window: r.window,
    guest_name: r.guestName,
    phone: r.phone,
    email: r.email,
    party_size: r.partySize,
    language_code: r.languageCode,
    channel: r.channel,
    status: 'waiting',
    offer_reservation_id: null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const { id } = await db.insertInto('waitlist_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Requests still in line (waiting or offered) for a day and location. */
export async function inLine(db: Kysely<DB>, day: string, locationId: number) {
  return db
    .selectFrom('waitlist_requests')
    .select(['id', 'phone', 'email'])
    .where('status', 'in', ['waiting', 'offered'])
    .where('day', '=', day)
    .where('location_id', '=', locationId)
    .orderBy('id')
    .execute();
}

/** Requests waiting for a unit on `today` or later, first come first served. */
export async function waiting(db: Kysely<DB>, today: string, limit: number): Promise<WaitlistRow[]> {
  return db
    .selectFrom('waitlist_requests')
    .selectAll()
    .where('status', '=', 'waiting')
    .where('day', '>=', today)
    .orderBy('day')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Offered requests with the state of the booking they were offered. */
export async function offered(db: Kysely<DB>) {
  return db
    .selectFrom('waitlist_requests')
    .innerJoin('reservations', 'reservations.id', 'waitlist_requests.offer_reservation_id')
    .select(['waitlist_requests.id', 'waitlist_requests.version', 'reservations.status as booking_status'])
    .where('waitlist_requests.status', '=', 'offered')
    .execute();
}

/** Moves a request on, only if nobody (another instance) moved it since it was read: 1 or 0 rows. */
export async function setStatus(
  db: Kysely<DB>,
  id: number,
  version: number,
  patch: Pick<WaitlistRow, 'status'> & Partial<Pick<WaitlistRow, 'offer_reservation_id'>>,
  now: number,
): Promise<number> {
  const res = await db
    .updateTable('waitlist_requests')
    .set({ ...patch, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The request a booking was offered to (when the guest keeps it). */
export async function byOffer(db: Kysely<DB>, reservationId: number) {
  return db
    .selectFrom('waitlist_requests')
    .select(['id', 'version', 'status'])
    .where('offer_reservation_id', '=', reservationId)
    .executeTakeFirst();
}

/** A day's requests in some locations (every status), first come first, with the location's name. */
export async function requestsOnDay(db: Kysely<DB>, day: string, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('waitlist_requests')
    .innerJoin('locations', 'locations.id', 'waitlist_requests.location_id')
    .selectAll('waitlist_requests')
    .select('locations.name as location_name')
    .where('waitlist_requests.day', '=', day)
    .where('waitlist_requests.location_id', 'in', locationIds)
    .orderBy('waitlist_requests.id')
    .execute();
}

export async function requestById(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('waitlist_requests')
    .innerJoin('locations', 'locations.id', 'waitlist_requests.location_id')
    .selectAll('waitlist_requests')
    .select('locations.name as location_name')
    .where('waitlist_requests.id', '=', id)
    .executeTakeFirst();
}
