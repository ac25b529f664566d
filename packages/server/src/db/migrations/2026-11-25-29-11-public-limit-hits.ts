import { type Kysely, sql } from 'kysely';
import { epochMs, isPostgres } from '../migration-helpers';

// Frozen: the guest page's limits, shared by every instance on PostgreSQL (decision record 173,
// features/reservations/public-limits.ts): hits per limit, hashed key and fixed window. Unlogged:
// a counter lost in a crash only forgives a minute's reads, and no WAL is written per page view.
// SQLite runs one instance, which counts in memory: no table there.
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('public_limit_hits')
    .modifyFront(sql`unlogged`)
    .addColumn('limit_name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('window_start', epochMs, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('public_limit_hits_pkey', ['limit_name', 'key_hash', 'window_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('public_limit_hits').ifExists().execute();
}
