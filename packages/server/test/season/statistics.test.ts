import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectSqlite } from '../../src/db/connect';
import { seedDemoVenue } from '../../src/demo-venue';
import { migrateToLatest } from '../../src/db/migrate';
import { systemClock } from '../../src/platform/clock';
import { testDialect } from '../helpers';

// Issue 25: a SQLite venue's planner statistics are the server's job (PRAGMA optimize at open and
// every few hours), not left to whether anyone ever ran ANALYZE. PostgreSQL's autovacuum analyzes.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-stats-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(testDialect === 'sqlite')('SQLite statistics', () => {
  it('opening a database that was never analyzed analyzes it', async () => {
    const file = path.join(dir, 'sandbar.db');
    const first = connectSqlite(file);
    await migrateToLatest(first.db);
    await seedDemoVenue(first.db, systemClock);
    // Opened empty, then filled: nothing was ever analyzed.
    const none = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat1'`.execute(
      first.db,
    );
    expect(none.rows[0]!.n).toBe(0);
    await first.close();

    const again = connectSqlite(file);
    const stats = await sql<{ tbl: string }>`select distinct tbl from sqlite_stat1`.execute(again.db);
    await again.close();
    expect(stats.rows.map((r) => r.tbl)).toEqual(expect.arrayContaining(['positions', 'prices', 'users']));
  });
});
