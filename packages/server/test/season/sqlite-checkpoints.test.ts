import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectSqlite } from '../../src/db/connect';
import { BACKSTOP_PAGES } from '../../src/db/sqlite-checkpointer';
import { testDialect } from '../helpers';

// Issue 25: the server's SQLite connection leaves WAL checkpoints to a thread of its own, so no
// commit on the event loop copies the log back (7–12 ms every ~40th sale). Seen from outside: the
// database file takes the committed pages soon after the commits, long before the connection's
// own backstop threshold would have made a commit copy them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-ckpt-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(testDialect === 'sqlite')('SQLite checkpoints', () => {
  it('the server connection checkpoints on its own thread, not in a commit', async () => {
    const file = path.join(dir, 'sandbar.db');
    const database = connectSqlite(file, { backgroundCheckpoints: true });
    try {
      // Commits copy the log back only past the backstop (40 MiB of log), not SQLite's 1,000 pages.
      const limit = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
      expect(limit.rows[0]!.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
      await sql`create table t (id integer primary key, b blob)`.execute(database.db);
      const before = fs.statSync(file).size;
      // ≈ 2,000 pages of log in 20 commits: twice SQLite's default threshold, a fifth of the backstop.
      for (let i = 0; i < 20; i++) {
        await database.db.transaction().execute(async (trx) => {
          for (let k = 0; k < 100; k++) await sql`insert into t (b) values (randomblob(3000))`.execute(trx);
        });
      }
      // The thread looks every 200 ms; a busy machine may take a few seconds.
      for (let i = 0; i < 100 && fs.statSync(file).size < before + 4_000_000; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      // The rows reached the database file: copied back by the checkpoint thread.
      expect(fs.statSync(file).size).toBeGreaterThan(before + 4_000_000);
    } finally {
      await database.close();
    }
  });
});
