import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface LogDetailValues {
  category: string;
  name: string;
  label: string;
  placeholder: string;
  field_sort: number;
  field_type: string;
}

export function listLogDetails(db: Db) {
  return db.selectFrom('log_details').selectAll().orderBy('field_sort').orderBy('id').execute();
}

export function findLogDetail(db: Db, id: number) {
  return db.selectFrom('log_details').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLogDetailByName(db: Db, name: string) {
  return db.selectFrom('log_details').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function insertLogDetail(db: Db, values: LogDetailValues, now: number): Promise<number> {
  const row = await db
    .insertInto('log_details')
    .values({ ...values, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLogDetail(db: Db, id: number, values: LogDetailValues): Promise<boolean> {
  const res = await db.updateTable('log_details').set(values).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteLogDetail(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('log_details').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
