import type { Kysely, Transaction } from 'kysely';
import type { DB, HotelsTable } from '../../db/schema';
import type { RosterLine } from './roster-csv';

type Db = Kysely<DB> | Transaction<DB>;

/** Hotels with the kind of their PMS connection (null: none saved, the roster). */
export function listHotels(db: Db) {
  return db
    .selectFrom('hotels')
    .leftJoin('hotel_pms', 'hotel_pms.hotel_id', 'hotels.id')
    .selectAll('hotels')
    .select('hotel_pms.kind as pms_kind')
    .orderBy('hotels.is_other')
    .orderBy('hotels.name')
    .orderBy('hotels.id')
    .execute();
}

export function findHotel(db: Db, id: number) {
  return db
    .selectFrom('hotels')
    .leftJoin('hotel_pms', 'hotel_pms.hotel_id', 'hotels.id')
    .selectAll('hotels')
    .select('hotel_pms.kind as pms_kind')
    .where('hotels.id', '=', id)
    .executeTakeFirst();
}

export async function guestCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('hotel_guests')
    .select(['hotel_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('hotel_id')
    .execute();
  return new Map(rows.map((r) => [r.hotel_id, Number(r.n)]));
}

export function guestsOf(db: Db, hotelId: number) {
  return db
    .selectFrom('hotel_guests')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .orderBy('room')
    .orderBy('id')
    .execute();
}

export async function insertHotel(db: Db, v: Omit<HotelsTable, 'id' | 'is_other'>): Promise<number> {
  return (
    await db
      .insertInto('hotels')
      .values({ ...v, is_other: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateHotel(db: Db, id: number, v: Partial<Omit<HotelsTable, 'id'>>): Promise<void> {
  await db.updateTable('hotels').set(v).where('id', '=', id).execute();
}

export async function hasSales(db: Db, hotelId: number): Promise<boolean> {
  return !!(await db.selectFrom('sales').select('id').where('hotel_id', '=', hotelId).limit(1).executeTakeFirst());
}

export async function eraseHotel(db: Db, id: number): Promise<void> {
  await db.deleteFrom('hotel_guests').where('hotel_id', '=', id).execute();
  await db.deleteFrom('price_hotels').where('hotel_id', '=', id).execute();
  // Its PMS connection (issue 34) goes with it; a hotel with room charges is never erased.
  await db.deleteFrom('hotel_pms').where('hotel_id', '=', id).execute();
  await db.deleteFrom('hotels').where('id', '=', id).execute();
}

/** Replaces a hotel's roster with a newly imported one. */
export async function replaceRoster(db: Db, hotelId: number, lines: RosterLine[]): Promise<void> {
  await db.deleteFrom('hotel_guests').where('hotel_id', '=', hotelId).execute();
  for (let i = 0; i < lines.length; i += 200) {
    await db
      .insertInto('hotel_guests')
      .values(
        lines.slice(i, i + 200).map((l) => ({
          hotel_id: hotelId,
          room: l.room,
          guest_name: l.guestName,
          accompanying_guest_name: l.accompanyingGuestName,
          additional: l.additional,
        })),
      )
      .execute();
  }
}

export function rosterUploads(db: Db, hotelId: number, folderId: string) {
  return db
    .selectFrom('uploads')
    .select(['id', 'file_name', 'status', 'status_reason', 'created_at'])
    .where('client_id', '=', String(hotelId))
    .where('folder_id', '=', folderId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** The roster lines of one hotel room, however the room was typed ('305', '0305'). */
export function guestsInRoom(db: Db, hotelId: number, room: string) {
  const rooms = [...new Set([room, room.replace(/^0+/, ''), room.padStart(4, '0')])].filter(Boolean);
  return db
    .selectFrom('hotel_guests')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('room', 'in', rooms)
    .orderBy('room')
    .orderBy('id')
    .limit(50)
    .execute();
}
