/**
 * Flat with history (issue 25, deliver 3), SQLite and PostgreSQL: CPU per signed sale on a season
 * venue (120 days, ≈ 228k sales; SALES_HISTORY_DAYS, SALES_HISTORY_SCALE) against a fresh one (its
 * first 11 days), both in this process (the app through `inject`, so only the server's work is
 * counted: no HTTP client beside it; on PostgreSQL its backends' CPU is added), sold one after the
 * other in turns, 8 turns of 400 sales each (SALES_HISTORY_TURNS) after 2,000 untimed sales per venue; the
 * figure is the median of the turns' season/fresh ratios. Target: the season within ×1.05 of the fresh venue. The full season bench
 * (`npm run bench -- season`) measures the same over HTTP with 20 tablets.
 *
 *   npm run bench -- sales-history          SALES_HISTORY_DB=sqlite|postgres (default both)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import { buildApp } from '../packages/server/src/app';
import pg from 'pg';
import { type Database, connectPostgres, connectSqlite } from '../packages/server/src/db/connect';
import { loadEnv } from '../packages/server/src/env';
import { benchSaleBody, benchSignatures, insertBenchPrice, positionIdsOf } from './fixtures';
import { backendCpu, machineLoad, median } from './season/load';
import { SEASON_PASSWORD, seedSeason } from './season/seed';

const DAYS = Number(process.env.SALES_HISTORY_DAYS ?? 120);
const SCALE = Number(process.env.SALES_HISTORY_SCALE ?? 1);
const TURNS = Number(process.env.SALES_HISTORY_TURNS ?? 8);
const PER_TURN = 400;
/**
 * Untimed sales per venue first. With 500, a sale at ≈ 0.5 ms was still warming up through the
 * first six turns (2026-11-25 22:57: 1.02 → 0.58 ms on the season, 0.91 → 0.58 ms fresh).
 */
const WARMUP = 2000;
/** Rows of 100 units to sell from: every sale takes a unit nobody sold (the warm-up, then the turns). */
const ROWS = Math.ceil((WARMUP + TURNS * PER_TURN) / 100) + 1;
const TZ = 'America/New_York';
const NOW = dayStartMs(businessDay(Date.now(), TZ), TZ) + 18 * 3_600_000;
const signatures = benchSignatures('compact');
const PG_ADMIN = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function openVenue(dialect: 'sqlite' | 'postgres', label: string, days: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sandbar-history-${label}-`));
  let database: Database;
  let pgName: string | null = null;
  if (dialect === 'sqlite') {
    // The server's connection, as main.ts opens it.
    database = connectSqlite(path.join(dir, 'sandbar.db'), { backgroundCheckpoints: true });
  } else {
    pgName = `sandbar_history_${label}_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${pgName}`);
    const u = new URL(PG_ADMIN);
    u.pathname = `/${pgName}`;
    database = connectPostgres(u.toString());
  }
  const t0 = performance.now();
  const summary = await seedSeason(database, { days, units: 1200, scale: SCALE, now: NOW });
  const db = database.db;
  const { id: locationId } = await db
    .insertInto('locations')
    .values({ name: 'SELL', full_name: 'Bench Sales', umbrellas: 100, umbrella_rows: ROWS, sort: 999, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let r = 1; r <= ROWS; r++) {
    await db
      .insertInto('positions')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          location_id: locationId,
          row: r,
          position: i + 1,
          unit_type: 'U',
          unit_number: (r - 1) * 100 + i + 1,
          umbrella_type: 'U',
          removed: 0,
        })),
      )
      .execute();
  }
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'seasonadmin')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_locations').values({ user_id: admin.id, location_id: locationId }).execute();
  const priceId = await insertBenchPrice(db, Date.now());
  const units = await positionIdsOf(db, locationId);
  const app = await buildApp({
    database,
    env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0', SANDBAR_DATA_DIR: dir }),
    logger: false,
    webDist: null,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'seasonadmin', password: SEASON_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().token as string}`, 'content-type': 'application/json' };
  console.log(
    `  ${label}: ${days} days, ${summary.sales.toLocaleString('en-US')} sales seeded in ` +
      `${((performance.now() - t0) / 1000).toFixed(0)} s (${machineLoad()})`,
  );
  let n = 0;
  return {
    /** CPU ms per sale of `count` signed sales, one after the other (this process's, and PostgreSQL's backends'). */
    async sell(count: number): Promise<{ server: number; backends: number }> {
      const c0 = process.cpuUsage();
      const b0 = pgName ? await backendCpu(pgName) : new Map<number, number>();
      for (let i = 0; i < count; i++) {
        const k = n++;
        const res = await app.inject({
          method: 'POST',
          url: '/api/saveCustomer',
          headers,
          payload: benchSaleBody(k, units[k]!, priceId, signatures),
        });
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      }
      const c = process.cpuUsage(c0);
      let backends = 0;
      if (pgName) for (const [pid, cpu] of await backendCpu(pgName)) backends += cpu - (b0.get(pid) ?? 0);
      return { server: (c.user + c.system) / 1000 / count, backends: (backends * 1000) / count };
    },
    /** PostgreSQL: buffer pages this database touched so far (hit in shared buffers, and read). */
    async buffers(): Promise<{ hit: number; read: number }> {
      if (!pgName) return { hit: 0, read: 0 };
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      try {
        // The backends' counters reach the view when they go idle: let them.
        await new Promise((r) => setTimeout(r, 1200));
        const { rows } = await c.query<{ hit: string; read: string }>(
          'SELECT blks_hit AS hit, blks_read AS read FROM pg_stat_database WHERE datname = $1',
          [pgName],
        );
        return { hit: Number(rows[0]!.hit), read: Number(rows[0]!.read) };
      } finally {
        await c.end();
      }
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
      if (pgName) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    },
  };
}

export default async function salesHistoryBench(): Promise<void> {
  const which = process.env.SALES_HISTORY_DB;
  for (const dialect of (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[]) {
    await compare(dialect);
  }
}

/** CPU per sale of this process, and on PostgreSQL of its backends too. */
async function compare(dialect: 'sqlite' | 'postgres'): Promise<void> {
  console.log(`Selling with history, ${dialect}: a ${DAYS}-day season against a fresh venue (${machineLoad()})`);
  const season = await openVenue(dialect, 'season', DAYS);
  const fresh = await openVenue(dialect, 'fresh', 11);
  try {
    await season.sell(WARMUP);
    await fresh.sell(WARMUP);
    const s: { server: number; backends: number }[] = [];
    const f: { server: number; backends: number }[] = [];
    const b0 = [await season.buffers(), await fresh.buffers()];
    for (let i = 0; i < TURNS; i++) {
      s.push(await season.sell(PER_TURN));
      f.push(await fresh.sell(PER_TURN));
    }
    const b1 = [await season.buffers(), await fresh.buffers()];
    const total = (x: { server: number; backends: number }) => x.server + x.backends;
    // Turn by turn (each pair sold in the same seconds), then the median of those ratios.
    const ratio = median(s.map((x, i) => total(x) / total(f[i]!)));
    const both = dialect === 'postgres';
    const split = (xs: { server: number; backends: number }[]) =>
      both
        ? ` (${median(xs.map((x) => x.server)).toFixed(2)} server + ${median(xs.map((x) => x.backends)).toFixed(2)} backends)`
        : '';
    const pages = (i: number) => {
      const n = TURNS * PER_TURN;
      return `${((b1[i]!.hit - b0[i]!.hit + b1[i]!.read - b0[i]!.read) / n).toFixed(0)} pages a sale, ${((b1[i]!.read - b0[i]!.read) / n).toFixed(2)} read`;
    };
    console.log(
      `sales-history ${dialect}: CPU per signed sale season ${median(s.map(total)).toFixed(2)} ms${split(s)}, ` +
        `fresh ${median(f.map(total)).toFixed(2)} ms${split(f)}, ×${ratio.toFixed(2)} (median of ${TURNS} turns' ` +
        `ratios; target ≤ ×1.05: ${ratio <= 1.05 ? 'met' : 'MISSED'}; turns season ` +
        `${s.map((x) => total(x).toFixed(2)).join(' / ')}, fresh ${f.map((x) => total(x).toFixed(2)).join(' / ')})` +
        `${both ? `; buffers season ${pages(0)}, fresh ${pages(1)}` : ''} (${machineLoad()})`,
    );
  } finally {
    await season.close();
    await fresh.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await salesHistoryBench();
}
