import type { Kysely, Transaction } from 'kysely';
import type { DB, UploadsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertUpload(db: Db, v: Omit<UploadsTable, 'id'>): Promise<number> {
  return (await db.insertInto('uploads').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateUpload(db: Db, id: number, v: Partial<Omit<UploadsTable, 'id'>>): Promise<void> {
  await db.updateTable('uploads').set(v).where('id', '=', id).execute();
}

export function findByStoredName(db: Db, storedName: string) {
  return db.selectFrom('uploads').selectAll().where('stored_name', '=', storedName).executeTakeFirst();
}

export function findUpload(db: Db, id: number) {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names already uploaded (successfully) to this client's folder, lower-cased. */
export async function namesInFolder(db: Db, clientId: string, folderId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('uploads')
    .select('file_name')
    .where('client_id', '=', clientId)
    .where('folder_id', '=', folderId)
    .where('status', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.file_name.toLowerCase()));
}
