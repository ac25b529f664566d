import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, HotelPmsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function findConnection(db: Db, hotelId: number) {
  return db.selectFrom('hotel_pms').selectAll().where('hotel_id', '=', hotelId).executeTakeFirst();
}

export async function saveConnection(db: Db, row: Insertable<HotelPmsTable>): Promise<void> {
  const { hotel_id: _id, ...rest } = row;
  await db
    .insertInto('hotel_pms')
    .values(row)
    .onConflict((oc) => oc.column('hotel_id').doUpdateSet(rest))
    .execute();
}

/** Hotels connected to a PMS (not the roster). */
export function connectedHotels(db: Db) {
  return db.selectFrom('hotel_pms').selectAll().where('kind', '!=', 'roster').execute();
}
