import type { UserType } from '@sandbar/contract/roles';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Active users of the given types, by name. */
export function listUsers(db: Db, types: readonly UserType[]) {
  if (!types.length) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('active', '=', 1)
    .where('user_type', 'in', [...types])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findActiveUser(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

export function findUsername(db: Db, username: string) {
  return db.selectFrom('users').select(['id', 'active']).where('username', '=', username).executeTakeFirst();
}

export async function locationIdsByUser(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('user_locations')
    .select(['user_id', 'location_id'])
    .where('user_id', 'in', userIds)
    .orderBy('location_id')
    .execute();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.location_id]);
  return out;
}

export function allLocations(db: Db) {
  return db.selectFrom('locations').select(['id', 'name', 'full_name']).orderBy('sort').orderBy('id').execute();
}

export async function insertUser(
  db: Db,
  values: {
    username: string;
    name: string;
    initials: string;
    phone: string;
    email: string;
    password_hash: string;
    user_type: UserType;
    two_factor: number;
    language_code: string;
    created_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...values, active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<{
    username: string;
    name: string;
    initials: string;
    phone: string;
    email: string;
    password_hash: string;
    user_type: UserType;
    two_factor: number;
    language_code: string;
    active: number;
  }>,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function replaceUserLocations(db: Db, userId: number, locationIds: number[]): Promise<void> {
  await db.deleteFrom('user_locations').where('user_id', '=', userId).execute();
  if (locationIds.length)
    await db
      .insertInto('user_locations')
      .values(locationIds.map((location_id) => ({ user_id: userId, location_id })))
      .execute();
}

export async function existingLocationIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('locations').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Whether the user ever sold: the first of their sales through sales_user_day, not a count of all. */
export async function hasSales(db: Db, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('sales').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst());
}

/** Revokes a user's sessions, all of them or all but `keep` (the one changing its own password). */
export async function revokeSessions(db: Db, userId: number, at: number, keep?: number): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  await q.execute();
}

/** Erases a user with no history at all; throws (foreign key) when anything still names them. */
export async function eraseUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('auth_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_locations').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export async function audit(db: Db, userId: number, kind: string, detail: string, at: number): Promise<void> {
  await db.insertInto('audit_log').values({ user_id: userId, kind, detail, at }).execute();
}
