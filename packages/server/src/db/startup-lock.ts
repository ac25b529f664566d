import pg from 'pg';
import type { Database } from './connect';

/** pg_advisory_lock key of Sandbar's start-up work ("sandbar" as a number, any fixed value would do). */
export const STARTUP_LOCK_KEY = 7_361_626_172;

/**
 * Runs the start-up work (migrations, the demo seed on an empty database) under a PostgreSQL
 * advisory lock, so instances started together take turns: the first migrates and seeds, the
 * others wait, then find the schema current and the venue seeded (issue 27: the second crashed in
 * the demo seed on a duplicate key). The lock is held by a connection of its own and ends with it,
 * so a crash mid-way frees it. SQLite has one server per file: the work just runs.
 */
export async function underStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres' || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
