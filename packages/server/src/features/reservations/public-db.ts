import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';

// The guest page's own connections for what it only reads and counts (the availability answer's
// rebuilds, the read limit). Issue 24 asks that the page stay responsive while 200 phones and 20
// tablets race for the front row: through the app's connections a page view waited behind the
// checkouts — on PostgreSQL in the pool's queue (10 connections, each held by a booking's
// transaction), on SQLite behind the one connection's transactions, which span awaits. A reader
// sees only committed rows, which is all the page shows. SQLite in memory (tests) has no second
// connection to open: there the app's own is used.

type Deps = Pick<AppDeps, 'db' | 'database' | 'events'>;

const readers = new WeakMap<object, { db: Kysely<DB>; own: boolean }>();

/** This instance's reading connection(s) for the public page. */
export function publicDb(deps: Deps): Kysely<DB> {
  let r = readers.get(deps.events);
  if (!r) {
    if (deps.database.dialect === 'postgres' && deps.database.url) {
      const pool = new pg.Pool({ connectionString: deps.database.url, max: 2, connectionTimeoutMillis: 5000 });
      // An idle connection dropped (a database restart) is replaced on the next query.
      pool.on('error', () => undefined);
      r = { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), own: true };
    } else if (deps.database.dialect === 'sqlite' && deps.database.file && deps.database.file !== ':memory:') {
      const reader = new SQLite(deps.database.file, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
      r = { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: reader }) }), own: true };
    } else r = { db: deps.db, own: false };
    readers.set(deps.events, r);
  }
  return r.db;
}

/** Ends the page's own connections when the app closes (public.routes.ts). */
export async function closePublicDb(deps: Pick<Deps, 'events'>): Promise<void> {
  const r = readers.get(deps.events);
  readers.delete(deps.events);
  if (r?.own) await r.db.destroy();
}
