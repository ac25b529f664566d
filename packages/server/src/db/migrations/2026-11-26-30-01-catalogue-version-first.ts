import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migration-helpers';

// Frozen. PostgreSQL only: the catalogue version (2026-11-25-29-50) moved AFTER each statement, so
// an edit locked its price row first and the version row second. Two admins editing crossing rows
// (A then B, and B) deadlocked: one held B and waited for the version, the other held the version
// and wanted B; PostgreSQL refused one edit (40P01). Moving the version BEFORE the statement takes
// the version row first in every writer, one order, so they wait in turn. Same transaction, so a
// sale still sees the new version only with the new rows. SQLite has one writer at a time: nothing
// to change there.
const TABLES = ['prices', 'price_hotels', 'settings'] as const;

async function fireThem(db: Kysely<any>, when: 'BEFORE' | 'AFTER'): Promise<void> {
  for (const t of TABLES) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${t}_catalogue_version`)} ON ${sql.table(t)}`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${t}_catalogue_version`)}
      ${sql.raw(when)} INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)}
      FOR EACH STATEMENT EXECUTE FUNCTION sandbar_catalogue_changed()`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await fireThem(db, 'BEFORE');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await fireThem(db, 'AFTER');
}
