import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migration-helpers';

// Frozen: on PostgreSQL a sale is written by one statement (features/sales/sale-statement.pg.ts,
// decision record 150). A statement cannot roll itself back half-way, so when one of its units was
// taken meanwhile it calls this function, whose error undoes the whole statement (the sale, its
// items, customers, unit states, log lines, receipt and signature alike). SQLite needs nothing:
// its sale stays a transaction of small statements in-process.
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE FUNCTION sandbar_unit_taken() RETURNS integer LANGUAGE plpgsql VOLATILE AS $fn$
    BEGIN
      RAISE EXCEPTION 'a unit of this sale was taken meanwhile' USING ERRCODE = 'SB409';
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP FUNCTION IF EXISTS sandbar_unit_taken()`.execute(db);
}
