import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migration-helpers';

// Frozen: a sale reads the price list, its hotel links and the settings (issue 25: on SQLite the
// price list alone was a tenth of a sale's CPU), though they change a few times a season. One
// number that every change of those tables moves, kept by the database itself (triggers), so
// whatever writes them — the app, a script, SQL by hand, another instance — moves it in the same
// transaction; a sale reads the number and reads the lists again only when it moved
// (features/sales/sale-catalogue-cache.ts, decision 253).
const TABLES = ['prices', 'price_hotels', 'settings'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_version').values({ id: 1, version: 1 }).execute();
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION sandbar_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END
      $fn$`.execute(db);
    for (const t of TABLES) {
      await sql`CREATE TRIGGER ${sql.raw(`${t}_catalogue_version`)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)}
        FOR EACH STATEMENT EXECUTE FUNCTION sandbar_catalogue_changed()`.execute(db);
    }
    return;
  }
  for (const t of TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql`CREATE TRIGGER ${sql.raw(`${t}_${op}_catalogue_version`)} AFTER ${sql.raw(op.toUpperCase())}
        ON ${sql.table(t)} BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const t of TABLES)
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${t}_catalogue_version`)} ON ${sql.table(t)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS sandbar_catalogue_changed()`.execute(db);
  } else {
    for (const t of TABLES) {
      for (const op of ['insert', 'update', 'delete']) {
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${t}_${op}_catalogue_version`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('catalogue_version').execute();
}
