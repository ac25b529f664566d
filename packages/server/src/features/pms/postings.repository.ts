import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB, PmsPostingsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** What a posting reads of its sale: both the queue's feed and a single sale's postings. */
const SALE_COLUMNS = [
  's.id',
  's.our_transaction_id',
  's.hotel_id',
  's.day',
  's.room_number',
  's.last_name',
  's.created_at',
  's.tip_cents',
  's.extra_cents',
  's.total_cents',
] as const;

/**
 * Room-charge sales of connected hotels that have no posting yet (taken online, or arrived from
 * a tablet's offline queue): the queue is derived from the sales themselves, so no sale is lost
 * between its commit and its posting, whatever stops in between.
 */
export function salesWithoutPosting(db: Db, limit: number) {
  return db
    .selectFrom('sales as s')
    .innerJoin('hotel_pms as h', 'h.hotel_id', 's.hotel_id')
    .select(SALE_COLUMNS)
    .where('h.kind', '!=', 'roster')
    .where('s.payment_method', '=', 'Room Charge')
    .where('s.deleted_at', 'is', null)
    .whereRef('s.created_at', '>=', 'h.connected_at')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('pms_postings as p').select('p.id').whereRef('p.sale_id', '=', 's.id'))),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** A sale's items with their unit's kind (umbrella or cabana) for the folio lines. */
export function saleItems(db: Db, saleId: number) {
  return db
    .selectFrom('sale_items as i')
    .leftJoin('positions as p', 'p.id', 'i.position_id')
    .select(['i.kind', 'i.name', 'i.charged_cents', 'p.unit_type'])
    .where('i.sale_id', '=', saleId)
    .orderBy('i.id')
    .execute();
}

/** Adds a posting unless one with its key exists (two instances sweeping at once add it once). */
export async function insertPosting(db: Db, row: Omit<PmsPostingsTable, 'id'>): Promise<boolean> {
  const r = await db
    .insertInto('pms_postings')
    .values(row)
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Postings due now. A reversal waits until the charge it reverses has settled (posted, failed or
 * cancelled): it must know whether there is anything on the folio to reverse.
 */
export function duePostings(db: Db, now: number, limit: number) {
  return db
    .selectFrom('pms_postings as p')
    .selectAll('p')
    .where('p.status', '=', 'pending')
    .where('p.next_attempt_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('p.voids_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('pms_postings as c')
              .select('c.id')
              .whereRef('c.id', '=', 'p.voids_id')
              .where('c.status', '=', 'pending'),
          ),
        ),
      ]),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/**
 * Takes the sale's row lock (a no-op update, as the corrections do) so the queue deciding a sale's
 * postings and an admin correcting the sale run one after the other on both databases.
 */
export async function lockSale(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('sales')
    .set({ deleted_at: sql<number | null>`deleted_at` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A sale as its postings need it, with its hotel's connection (null when the roster). */
export function saleForPostings(db: Db, id: number) {
  return db
    .selectFrom('sales as s')
    .leftJoin('hotel_pms as h', 'h.hotel_id', 's.hotel_id')
    .select([...SALE_COLUMNS, 's.payment_method', 's.deleted_at', 'h.kind', 'h.mapping', 'h.connected_at'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export function postingsOfSale(db: Db, saleId: number) {
  return db.selectFrom('pms_postings').selectAll().where('sale_id', '=', saleId).orderBy('id').execute();
}

export function postingById(db: Db, id: number) {
  return db.selectFrom('pms_postings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The reversal of a charge, if one was queued. */
export function reversalOf(db: Db, chargeId: number) {
  return db.selectFrom('pms_postings').selectAll().where('voids_id', '=', chargeId).executeTakeFirst();
}

/**
 * Cancels a charge that no instance has tried yet (nothing can have reached the PMS): a
 * conditional update on its attempt count, so a claim taken meanwhile wins and the charge is
 * reversed instead.
 */
export async function cancelUntried(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('pms_postings')
    .set({ status: 'voided' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Remembers the guest a claimed posting goes to (a later attempt, and its reversal, use it). */
export async function setGuest(db: Db, id: number, attempt: number, reservationId: string, accountId: string) {
  await db
    .updateTable('pms_postings')
    .set({ reservation_id: reservationId.slice(0, 200), account_id: accountId.slice(0, 200) })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .execute();
}

/** A failed charge settled by its reversal's read-back: on the folio after all, or never there. */
export async function settleFailedCharge(
  db: Db,
  id: number,
  set: Partial<Pick<PmsPostingsTable, 'status' | 'pms_ref' | 'posted_at' | 'last_error'>>,
): Promise<void> {
  await db.updateTable('pms_postings').set(set).where('id', '=', id).where('status', '=', 'failed').execute();
}

/** Claims a posting for one instance: a conditional update on its attempt count (as the outbox). */
export async function claim(db: Db, id: number, attempts: number, leaseUntil: number): Promise<boolean> {
  const r = await db
    .updateTable('pms_postings')
    .set({ attempts: attempts + 1, next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function finish(
  db: Db,
  id: number,
  attempt: number,
  set: Partial<Pick<PmsPostingsTable, 'status' | 'pms_ref' | 'last_error' | 'next_attempt_at' | 'posted_at'>>,
): Promise<void> {
  // Only the claim that is still ours writes its outcome.
  await db.updateTable('pms_postings').set(set).where('id', '=', id).where('attempts', '=', attempt).execute();
}

export function postingsOfDay(db: Db, day: string, hotelId: number | null) {
  let q = db.selectFrom('pms_postings').selectAll().where('day', '=', day);
  if (hotelId) q = q.where('hotel_id', '=', hotelId);
  return q.orderBy('id').execute();
}

/** Tries a failed posting again; never a charge a correction has superseded (its reversal decides). */
export async function retry(db: Db, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('pms_postings')
    .set({ status: 'pending', next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('pms_postings as v').select('v.id').whereRef('v.voids_id', '=', 'pms_postings.id')),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
