/**
 * Two instances started together on an empty PostgreSQL database (issue 27): both must start.
 * Before the start-up lock, both migrated at once and the second crashed in the demo seed on a
 * duplicate key. Each server runs in its own process, as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../faults/private-postgres';
import { pgAdminUrl, testDialect } from '../helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The advisory lock id Kysely's PostgreSQL migrator takes (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(testDialect !== 'postgres')('two instances on an empty PostgreSQL database', () => {
  const name = `sandbar_twostart_${crypto.randomBytes(4).toString('hex')}`;
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const procs: ChildProcess[] = [];

  afterAll(async () => {
    for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
    await sleep(200);
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('both start, the schema is migrated once and the demo venue seeded once', async () => {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    // Start them "together" whatever the machine's speed: this test holds the lock Kysely's migrator
    // takes (and nothing else), so both instances queue at their first lock (Kysely's or Sandbar's)
    // and are let go at once.
    const gate = new pg.Client({ connectionString: url.toString() });
    await gate.connect();
    await gate.query(`SELECT pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);

    const ports = [await freePort(), await freePort()];
    const logs = ['', ''];
    const exits: (number | null)[] = [null, null];
    ports.forEach((port, i) => {
      const p = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          SANDBAR_DEMO: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      p.stdout!.on('data', (d: Buffer) => (logs[i] += d.toString()));
      p.stderr!.on('data', (d: Buffer) => (logs[i] += d.toString()));
      p.on('exit', (code) => (exits[i] = code ?? -1));
      procs.push(p);
    });

    try {
      for (let round = 0; ; round++) {
        for (const i of [0, 1]) {
          if (exits[i] !== null) throw new Error(`instance ${i + 1} exited with ${exits[i]}:\n${logs[i]}`);
        }
        const { rows } = await gate.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
        );
        if (Number(rows[0]!.n) >= 2) break;
        if (round > 1200) throw new Error(`the instances never both waited:\n${logs.join('\n---\n')}`);
        await sleep(50);
      }
    } finally {
      await gate.query(`SELECT pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      await gate.end();
    }

    const healthy = [false, false];
    for (let round = 0; round < 900 && !(healthy[0] && healthy[1]); round++) {
      for (const i of [0, 1]) {
        if (exits[i] !== null) throw new Error(`instance ${i + 1} exited with ${exits[i]}:\n${logs[i]}`);
        if (!healthy[i]) {
          try {
            healthy[i] = (await fetch(`http://127.0.0.1:${ports[i]}/api/health`)).ok;
          } catch {
            // not up yet
          }
        }
      }
      await sleep(100);
    }
    expect(healthy, logs.join('\n---\n')).toEqual([true, true]);

    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const users = await check.query<{ username: string }>('SELECT username FROM users ORDER BY username');
      expect(users.rows.map((r) => r.username)).toEqual(['admin', 'manager', 'owner', 'staff', 'supervisor']);
      const locations = await check.query<{ n: string }>('SELECT count(*) AS n FROM locations');
      expect(Number(locations.rows[0]!.n)).toBe(3);
    } finally {
      await check.end();
    }
    // Exactly one of them printed the demo logins: the one that seeded.
    expect(logs.filter((l) => l.includes('Sandbar demo venue loaded')).length).toBe(1);
  }, 120_000);
});
