import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Helpers that let migrations speak Kysely's schema builder only, yet produce the right
// auto-increment key on both SQLite and PostgreSQL. Never change one once a migration uses it.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch-milliseconds column type: bigint on both databases. */
export const epochMs = sql`bigint`;
