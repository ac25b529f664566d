/**
 * Single-unit cash sales per second, end to end: HTTP → POST /api/saveCustomer (validation,
 * server totals, compare-and-set, sale + items + customer + unit log + outbox receipt in one
 * transaction, board event) on SQLite and on PostgreSQL, 20 concurrent connections.
 *
 * The server runs as its own process (as in production); autocannon drives it from this one.
 * Every request sells a different unit with a fresh ourTransactionId, so each is a real sale.
 *
 *   node --import tsx bench/sales.bench.ts            (both databases)
 *   SALES_BENCH_DB=sqlite node --import tsx bench/sales.bench.ts
 *
 * Exports a default async function for bench/run.ts; prints one line per database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, connectPostgres, connectSqlite } from '../packages/server/src/db/connect';
import { seedDemoVenue } from '../packages/server/src/db/demo-seed';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { systemClock } from '../packages/server/src/platform/clock';
import { insertBenchPrice, positionIdsOf } from './fixtures';
import { type LoadResult, loadOnce, machineLoad } from './season/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 20;
const ROWS = 100;
const PER_ROW = 100; // 10,000 sellable units: one sale each
const SALES = Number(process.env.SALES_BENCH_SALES ?? 6000);
const PG_ADMIN = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface SalesBenchResult {
  database: 'sqlite' | 'postgres';
  connections: number;
  sales: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  recorded: number;
}

/** A location of 10,000 umbrellas, an all-day price, assigned to the demo staff user. */
async function seedBenchVenue(database: Database): Promise<{ positionIds: number[]; priceId: number }> {
  const db = database.db;
  await migrateToLatest(db);
  await seedDemoVenue(db, systemClock);
  const now = Date.now();
  const { id: locationId } = await db
    .insertInto('locations')
    .values({ name: 'BN', full_name: 'Bench Beach', umbrellas: PER_ROW, umbrella_rows: ROWS, sort: 9, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let row = 1; row <= ROWS; row++) {
    await db
      .insertInto('positions')
      .values(
        Array.from({ length: PER_ROW }, (_, i) => ({
          location_id: locationId,
          row,
          position: i + 1,
          unit_type: 'U',
          unit_number: (row - 1) * PER_ROW + i + 1,
          umbrella_type: 'U',
          removed: 0,
        })),
      )
      .execute();
  }
  const staff = await db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
  await db.insertInto('user_locations').values({ user_id: staff.id, location_id: locationId }).execute();
  const priceId = await insertBenchPrice(db, now);
  return { positionIds: await positionIdsOf(db, locationId), priceId };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  // SALES_BENCH_PROF=<dir> writes a CPU profile of the server (open it in Chrome DevTools).
  const prof = process.env.SALES_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SALES_BENCH_PROF}`] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: path.join(root, 'packages/server'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SANDBAR_DEMO: '0', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGTERM');
  throw new Error('bench server did not start');
}

async function stopServer(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

async function drive(url: string, positionIds: number[], priceId: number, sales: number) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff', password: 'sandbar-demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  let next = 0;
  // A fixed number of sales, timed from the first request to the last response (autocannon's
  // own duration is rounded up to whole seconds, which undercounted the rate by up to 20 %).
  return loadOnce({
    url: `${url}/api/saveCustomer`,
    connections: CONNECTIONS,
    amount: sales,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: () => {
      const unitId = positionIds[next++ % positionIds.length]!;
      return JSON.stringify({
        customerData: {
          ourTransactionId: crypto.randomUUID(),
          unitId,
          paymentMethod: 'Cash',
          customerName: 'Bench Guest',
          selectedUnit: priceId,
          orderTotal: '30.00',
          tipAmount: '0',
          receiptType: 'phone',
          customerPhone: '3055550100',
        },
      });
    },
  });
}

async function runOne(dialect: 'sqlite' | 'postgres'): Promise<SalesBenchResult> {
  let database: Database;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-bench-'));
    database = connectSqlite(path.join(dir, 'sandbar.db'));
    env = { SANDBAR_DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `sandbar_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_ADMIN);
    u.pathname = `/${name}`;
    database = connectPostgres(u.toString(), 5);
    env = { DATABASE_URL: u.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  try {
    const { positionIds, priceId } = await seedBenchVenue(database);
    const sales = Math.min(SALES, positionIds.length);
    const { url, proc } = await startServer(env);
    let r: LoadResult;
    try {
      r = await drive(url, positionIds, priceId, sales);
    } finally {
      await stopServer(proc);
    }
    const recorded = Number(
      (
        await database.db
          .selectFrom('sales')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    return {
      database: dialect,
      connections: CONNECTIONS,
      sales: r.ok,
      perSecond: Math.round(r.rps),
      p50Ms: r.p50,
      p99Ms: r.p99,
      errors: r.errors,
      recorded,
    };
  } finally {
    await database.close();
    await cleanup();
  }
}

export default async function salesBench(): Promise<SalesBenchResult[]> {
  const which = process.env.SALES_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  const out: SalesBenchResult[] = [];
  for (const d of dialects) {
    const r = await runOne(d);
    out.push(r);
    console.log(
      `sales ${r.database.padEnd(8)} ${r.connections} connections: ${r.perSecond} single-unit cash sales/s ` +
        `(${r.sales} sales, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, ${r.recorded} recorded; ${machineLoad()})`,
    );
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await salesBench();
}
