import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Hotels connected to a PMS, with their names (one, or all). */
export function connectedHotels(db: Db, hotelId?: number) {
  let q = db
    .selectFrom('hotel_pms as h')
    .innerJoin('hotels as o', 'o.id', 'h.hotel_id')
    .select(['h.hotel_id', 'h.kind', 'h.connected_at', 'o.name'])
    .where('h.kind', '!=', 'roster');
  if (hotelId) q = q.where('h.hotel_id', '=', hotelId);
  return q.orderBy('o.name').execute();
}

/**
 * The room-charge sales Sandbar counts for a hotel's folio that day: not deleted, taken since the
 * hotel was connected (the same rule the queue posts by).
 */
export function countedSales(db: Db, hotelId: number, day: string, connectedAt: number) {
  return db
    .selectFrom('sales')
    .select(['id', 'total_cents', 'room_number', 'last_name', 'customer_name'])
    .where('hotel_id', '=', hotelId)
    .where('day', '=', day)
    .where('payment_method', '=', 'Room Charge')
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', connectedAt)
    .orderBy('id')
    .execute();
}

/** Every posting made or queued to the hotel for that day's sales (charges and reversals). */
export function postingsOf(db: Db, hotelId: number, day: string) {
  return db
    .selectFrom('pms_postings as p')
    .innerJoin('sales as s', 's.id', 'p.sale_id')
    .select([
      'p.id',
      'p.sale_id',
      'p.action',
      'p.amount_cents',
      'p.status',
      'p.last_error',
      'p.voids_id',
      's.room_number',
      's.last_name',
      's.customer_name',
    ])
    .where('p.hotel_id', '=', hotelId)
    .where('p.day', '=', day)
    .orderBy('p.id')
    .execute();
}

/**
 * Postings that failed after their retries or were refused, newest first: Needs attention for
 * admins. A failed charge a correction superseded is left out (its reversal settles it).
 */
export function failedPostings(db: Db, limit: number) {
  return db
    .selectFrom('pms_postings as p')
    .innerJoin('hotels as o', 'o.id', 'p.hotel_id')
    .select([
      'p.id',
      'p.sale_id',
      'p.hotel_id',
      'o.name as hotel',
      'p.day',
      'p.action',
      'p.amount_cents',
      'p.attempts',
      'p.last_error',
    ])
    .where('p.status', '=', 'failed')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('pms_postings as v').select('v.id').whereRef('v.voids_id', '=', 'p.id'))),
    )
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countFailed(db: Db): Promise<number> {
  const r = await db
    .selectFrom('pms_postings as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.status', '=', 'failed')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('pms_postings as v').select('v.id').whereRef('v.voids_id', '=', 'p.id'))),
    )
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
