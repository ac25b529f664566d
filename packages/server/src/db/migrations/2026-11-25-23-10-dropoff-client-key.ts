import type { Kysely } from 'kysely';

// Frozen: a drop-off made on a tablet while the link is down is queued and sent later, like a
// sale (issue 23). The tablet gives it a key of its own; the same key again (a late answer and the
// queued send, two tabs, a burst of retries) is the same drop-off, never a second one. The unique
// index is the one arbiter of a parallel burst on both databases. Drop-offs made before have no key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dropoffs').addColumn('client_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('dropoffs_user_client_key_unique')
    .on('dropoffs')
    .columns(['user_id', 'client_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dropoffs_user_client_key_unique').execute();
  await db.schema.alterTable('dropoffs').dropColumn('client_key').execute();
}
