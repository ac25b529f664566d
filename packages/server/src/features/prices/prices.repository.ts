import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, PricesTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;
export type PriceValues = Omit<Insertable<PricesTable>, 'id' | 'created_at'>;

export function listPrices(db: Db) {
  return db.selectFrom('prices').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findPrice(db: Db, id: number) {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hotelLinks(db: Db, priceIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!priceIds.length) return out;
  const rows = await db
    .selectFrom('price_hotels')
    .select(['price_id', 'hotel_id'])
    .where('price_id', 'in', priceIds)
    .orderBy('hotel_id')
    .execute();
  for (const r of rows) out.set(r.price_id, [...(out.get(r.price_id) ?? []), r.hotel_id]);
  return out;
}

export function hotelOptions(db: Db) {
  return db.selectFrom('hotels').select(['id', 'name']).where('is_other', '=', 0).orderBy('name').execute();
}

export async function existingHotelIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('hotels').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export async function insertPrice(db: Db, v: PriceValues & { created_at: number }): Promise<number> {
  return (await db.insertInto('prices').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePrice(db: Db, id: number, v: Partial<PriceValues>): Promise<void> {
  await db.updateTable('prices').set(v).where('id', '=', id).execute();
}

export async function replaceHotelLinks(db: Db, priceId: number, hotelIds: number[]): Promise<void> {
  await db.deleteFrom('price_hotels').where('price_id', '=', priceId).execute();
  if (hotelIds.length)
    await db
      .insertInto('price_hotels')
      .values(hotelIds.map((hotel_id) => ({ price_id: priceId, hotel_id })))
      .execute();
}

/**
 * Deletes a price. Sale items keep their own name and amounts (reports read those), so their
 * link to the price is cleared rather than the sale being touched otherwise.
 */
export async function erasePrice(db: Db, id: number): Promise<void> {
  await db.updateTable('sale_items').set({ price_id: null }).where('price_id', '=', id).execute();
  await db.deleteFrom('price_hotels').where('price_id', '=', id).execute();
  // A booking's extra of this price goes with it: it can no longer be sold at check-in.
  await db.deleteFrom('reservation_items').where('price_id', '=', id).execute();
  await db.deleteFrom('prices').where('id', '=', id).execute();
}
