import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function listLocations(db: Db, onlyIds?: number[]) {
  let q = db.selectFrom('locations').selectAll().orderBy('sort').orderBy('id');
  if (onlyIds) {
    if (!onlyIds.length) return Promise.resolve([]);
    q = q.where('id', 'in', onlyIds);
  }
  return q.execute();
}

export function findLocation(db: Db, id: number) {
  return db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userLocationIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_locations').select('location_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.location_id);
}

export async function nextSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .select((eb) => eb.fn.max<number>('sort').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertLocation(
  db: Db,
  v: {
    name: string;
    full_name: string;
    umbrellas: number;
    umbrella_rows: number;
    sort: number;
    created_at: number;
    booking_payment?: '' | 'none' | 'deposit' | 'full';
    booking_deposit?: string;
  },
): Promise<number> {
  return (await db.insertInto('locations').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateLocation(
  db: Db,
  id: number,
  v: {
    name: string;
    full_name: string;
    umbrellas: number;
    umbrella_rows: number;
    booking_payment?: '' | 'none' | 'deposit' | 'full';
    booking_deposit?: string;
  },
): Promise<void> {
  await db.updateTable('locations').set(v).where('id', '=', id).execute();
}

export function positionsOf(db: Db, locationId: number) {
  return db
    .selectFrom('positions')
    .select(['id', 'row', 'position', 'removed'])
    .where('location_id', '=', locationId)
    .execute();
}

export async function insertPositions(db: Db, locationId: number, cells: { row: number; position: number }[]) {
  // Chunked: SQLite limits the number of bound values in one statement.
  for (let i = 0; i < cells.length; i += 200) {
    await db
      .insertInto('positions')
      .values(
        cells.slice(i, i + 200).map((c) => ({
          location_id: locationId,
          row: c.row,
          position: c.position,
          unit_type: '',
          unit_number: 0,
          umbrella_type: null,
          removed: 0,
        })),
      )
      .execute();
  }
}

export async function setRemoved(db: Db, ids: number[], removed: 0 | 1): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('positions')
      .set({ removed })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/** Positions among `ids` that are in use on `day` (a status other than empty, or a hold). */
export async function positionsInUse(db: Db, ids: number[], day: string): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('unit_states')
    .select('position_id')
    .where('position_id', 'in', ids)
    .where('day', '=', day)
    .where((eb) => eb.or([eb('status', 'not in', [0, 6]), eb('hold_cart_id', 'is not', null)]))
    .execute();
  return rows.map((r) => r.position_id);
}

/**
 * True when anything happened at this location: unit states, customers, logs, sale items or sales.
 * Driven from the location's positions (a few hundred rows), each probed through its position
 * index: asking the season-sized tables "any row whose position is in (…) limit 1" let
 * PostgreSQL walk the whole table hoping for an early hit, which never comes for an unused location.
 */
export async function hasHistory(db: Db, locationId: number): Promise<boolean> {
  const used = await db
    .selectFrom('positions as p')
    .select('p.id')
    .where('p.location_id', '=', locationId)
    .where((eb) =>
      eb.or(
        (['unit_states', 'unit_customers', 'unit_logs', 'sale_items'] as const).map((t) =>
          eb.exists(
            eb
              .selectFrom(t)
              .select(sql`1`.as('x'))
              .whereRef(`${t}.position_id`, '=', 'p.id'),
          ),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  if (used) return true;
  return !!(await db
    .selectFrom('sales')
    .select('id')
    .where('location_id', '=', locationId)
    .limit(1)
    .executeTakeFirst());
}

export async function eraseLocation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_locations').where('location_id', '=', id).execute();
  await db.deleteFrom('positions').where('location_id', '=', id).execute();
  await db.deleteFrom('locations').where('id', '=', id).execute();
}

export async function activeAdminIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('user_type', '=', 'A').where('active', '=', 1).execute();
  return rows.map((r) => r.id);
}

export async function assign(db: Db, userIds: number[], locationId: number): Promise<void> {
  if (userIds.length)
    await db
      .insertInto('user_locations')
      .values(userIds.map((user_id) => ({ user_id, location_id: locationId })))
      .execute();
}
