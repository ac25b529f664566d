import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// Reads of the posting screens (issue 34): the Postings screen, a sale's View, All Transactions'
// column and Needs attention. The queue's own reads and writes are in postings.repository.ts.

const columns = [
  'p.id',
  'p.sale_id',
  'p.hotel_id',
  'h.name as hotel',
  'p.day',
  'p.action',
  'p.status',
  'p.amount_cents',
  'p.room_number',
  'p.last_name',
  'p.attempts',
  'p.pms_ref',
  'p.last_error',
  'p.reason',
  'p.created_at',
  'p.posted_at',
  'p.next_attempt_at',
] as const;

const base = (db: Db) => db.selectFrom('pms_postings as p').innerJoin('hotels as h', 'h.id', 'p.hotel_id');

export type PostingListRow = Awaited<ReturnType<typeof postingsOfSale>>[number];

export function postingsOfDay(db: Db, day: string, hotelId: number | null) {
  let q = base(db).select(columns).where('p.day', '=', day);
  if (hotelId) q = q.where('p.hotel_id', '=', hotelId);
  return q.orderBy('p.id').execute();
}

export function postingsOfSale(db: Db, saleId: number) {
  return base(db).select(columns).where('p.sale_id', '=', saleId).orderBy('p.id').execute();
}

/** Postings that failed: refused by the PMS or given up after their retries (newest first). */
export function failedPostings(db: Db, limit: number) {
  return base(db).select(columns).where('p.status', '=', 'failed').orderBy('p.id', 'desc').limit(limit).execute();
}

export async function countFailed(db: Db): Promise<number> {
  const r = await db
    .selectFrom('pms_postings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The postings of these sales, oldest first (what each sale's Posting cell is made of). */
export async function postingsOfSales(db: Db, saleIds: number[]) {
  const out = [];
  // In chunks: a day's sales can be thousands, and a database has a limit on bound parameters.
  for (let i = 0; i < saleIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('pms_postings')
        .select(['id', 'sale_id', 'action', 'status', 'pms_ref', 'last_error'])
        .where('sale_id', 'in', saleIds.slice(i, i + 500))
        .orderBy('id')
        .execute()),
    );
  }
  return out;
}

/** Hotels connected to a PMS, with their names and since when (a sale before it posts nothing). */
export function connectedHotelNames(db: Db) {
  return db
    .selectFrom('hotel_pms as c')
    .innerJoin('hotels as h', 'h.id', 'c.hotel_id')
    .select(['h.id', 'h.name', 'c.kind', 'c.connected_at'])
    .where('c.kind', '!=', 'roster')
    .orderBy('h.name')
    .execute();
}
