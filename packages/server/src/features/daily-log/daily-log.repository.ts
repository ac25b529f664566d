import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function listDailyLogs(db: Db) {
  return db.selectFrom('daily_logs').select(['id', 'log_date']).orderBy('log_date', 'desc').execute();
}

export function findDailyLog(db: Db, id: number) {
  return db.selectFrom('daily_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDailyLogByDate(db: Db, logDate: string) {
  return db.selectFrom('daily_logs').selectAll().where('log_date', '=', logDate).executeTakeFirst();
}

export async function insertDailyLog(
  db: Db,
  v: { logDate: string; data: string; userId: number; now: number },
): Promise<number> {
  const row = await db
    .insertInto('daily_logs')
    .values({
      log_date: v.logDate,
      data: v.data,
      created_at: v.now,
      created_by: v.userId,
      updated_at: v.now,
      updated_by: v.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDailyLog(
  db: Db,
  id: number,
  v: { logDate: string; data: string; userId: number; now: number },
): Promise<void> {
  await db
    .updateTable('daily_logs')
    .set({ log_date: v.logDate, data: v.data, updated_at: v.now, updated_by: v.userId })
    .where('id', '=', id)
    .execute();
}

export async function deleteDailyLog(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('daily_logs').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
