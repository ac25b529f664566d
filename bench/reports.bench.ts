/**
 * Reports on a season (issue 10): every daily report type (and one hotel's RoomCharge report) of
 * a busy day, and the search types over the whole season, through the real app (`app.inject`,
 * signed in as the season admin), on SQLite and on PostgreSQL. Targets: each daily report
 * < 200 ms p99, every whole-season search < 1 s: the summaries (Daily Totals, Agent tips, Moves)
 * whole, the lists (every tipped, card or room-charge sale: 10⁴–10⁵ rows) a page at a time
 * (decision 102) — the first page, the next, and a CSV download's largest page. Fetching a whole
 * list the way the CSV download does is timed for information. Figures are printed, never asserted; each
 * line carries the machine's load average (the machine may be shared) and the median CPU time
 * this process spent on one request (all of it on SQLite; PostgreSQL's own work is not in it),
 * which a loaded machine does not inflate the way it inflates the wall-clock times.
 *
 *   node --import tsx bench/reports.bench.ts
 *   REPORTS_BENCH_DB=sqlite|postgres          one database only
 *   REPORTS_BENCH_SQLITE_DIR=./data-season    an already seeded SQLite season (else one is seeded in a temp folder)
 *   REPORTS_BENCH_PG_URL=postgres://…/db      an already seeded PostgreSQL season (else sandbar_reports_bench is seeded, or reused)
 *   REPORTS_BENCH_RUNS=30                     runs per daily type (summary searches: a third of it)
 *   REPORTS_BENCH_LISTS=0                     skip fetching the whole lists page by page
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ReportData,
  dailyReportTypes,
  isPagedSearchType,
  roomChargeType,
  searchPageRows,
  searchReportTypes,
} from '@sandbar/contract/reports';
import { addDays, dayStartMs } from '@sandbar/contract/rules/time';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { type Database, connectPostgres, connectSqlite } from '../packages/server/src/db/connect';
import { isEmpty } from '../packages/server/src/db/demo-seed';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { loadEnv } from '../packages/server/src/env';
import { readSettings } from '../packages/server/src/features/settings/settings.repository';
import { machineLoad } from './season/load';
import { SEASON_PASSWORD, seedSeason } from './season/seed';

const RUNS = Number(process.env.REPORTS_BENCH_RUNS ?? 30);
const which = process.env.REPORTS_BENCH_DB;
const lists = process.env.REPORTS_BENCH_LISTS !== '0';
const pgAdmin = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function seeded(database: Database, label: string): Promise<void> {
  await migrateToLatest(database.db);
  if (!(await isEmpty(database.db))) return;
  console.log(`${label}: seeding a 120-day season of 1,200 units (minutes) …`);
  const t0 = Date.now();
  const s = await seedSeason(database, {});
  console.log(`${label}: ${s.sales.toLocaleString('en-US')} sales in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function sqliteSeason(): Promise<Database> {
  const dir = process.env.REPORTS_BENCH_SQLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-reports-bench-'));
  const database = connectSqlite(path.join(dir, 'sandbar.db'));
  await seeded(database, 'SQLite');
  return database;
}

async function postgresSeason(): Promise<Database> {
  let url = process.env.REPORTS_BENCH_PG_URL;
  if (!url) {
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'sandbar_reports_bench'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE sandbar_reports_bench');
    await admin.end();
    const u = new URL(pgAdmin);
    u.pathname = '/sandbar_reports_bench';
    url = u.toString();
  }
  const database = connectPostgres(url, 10);
  await seeded(database, 'PostgreSQL');
  // What autovacuum does over a season: the visibility map that lets the summary searches read
  // their covering index alone (index-only scans), and fresh statistics.
  await sql`vacuum (analyze) sales`.execute(database.db);
  return database;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function run(label: string, database: Database) {
  const app = await buildApp({
    database,
    env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
    logger: false,
    webDist: null,
  });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'seasonadmin', password: SEASON_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
    const headers = { authorization: `Bearer ${login.json().token}` };
    const settings = await readSettings(database.db);
    // The busiest full day of the season: yesterday (today is filled up to the current hour).
    const sales = await database.db
      .selectFrom('sales')
      .select((eb) => [eb.fn.min('day').as('first'), eb.fn.max('day').as('last'), eb.fn.countAll().as('n')])
      .executeTakeFirstOrThrow();
    const day = addDays(String(sales.last), -1);
    const ts = Math.floor((dayStartMs(day, settings.timeZone) + 12 * 3_600_000) / 1000);
    const dayCount = await database.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    const hotel = await database.db
      .selectFrom('hotels')
      .select('name')
      .where('is_other', '=', 0)
      .executeTakeFirstOrThrow();
    console.log(
      `\n${label}: ${Number(sales.n).toLocaleString('en-US')} sales ${sales.first} … ${sales.last}; ` +
        `daily reports of ${day} (${Number(dayCount.n).toLocaleString('en-US')} sales), ${RUNS} runs each, ${machineLoad()}`,
    );
    const time = async (url: string, runs: number, warm = 2) => {
      const ms: number[] = [];
      let bytes = 0;
      let rows = 0;
      const cpu: number[] = [];
      for (let i = 0; i < runs + warm; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const dt = performance.now() - t0;
        const c = process.cpuUsage(c0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes = res.rawPayload.length;
        rows = (res.json() as { reportRows: unknown[] }).reportRows.length;
        if (i >= warm) {
          // warm-up runs first
          ms.push(dt);
          cpu.push((c.user + c.system) / 1000);
        }
      }
      return { p50: pct(ms, 50), p99: pct(ms, 99), cpu: pct(cpu, 50), bytes, rows };
    };
    const row = (
      name: string,
      r: { p50: number; p99: number; cpu: number; bytes: number; rows: number },
      target: number | null,
    ) =>
      console.log(
        `  ${name.padEnd(24)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ` +
          `cpu ${r.cpu.toFixed(1).padStart(7)} ms  ` +
          `${String(r.rows).padStart(6)} rows ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB  ` +
          `${target === null ? 'info' : r.p99 < target ? 'ok  ' : `OVER ${target} ms`}  (${machineLoad()})`,
      );
    let worst = 0;
    for (const type of [...dailyReportTypes, roomChargeType(hotel.name)]) {
      const r = await time(`/api/getReport/${type}/${ts}`, RUNS);
      worst = Math.max(worst, r.p99);
      row(type, r, 200);
    }
    console.log(`  worst daily p99: ${worst.toFixed(1)} ms (target < 200 ms), ${machineLoad()}`);
    const from = dayStartMs(String(sales.first), settings.timeZone);
    const to = dayStartMs(String(sales.last), settings.timeZone) + 12 * 3_600_000;
    console.log(
      `  whole-season search ${sales.first} … ${sales.last}, ${Math.max(3, Math.round(RUNS / 3))} runs each:`,
    );
    let worstSearch = 0;
    const types = [...searchReportTypes.map((t) => t.type as string), roomChargeType(hotel.name)];
    const searchRuns = Math.max(3, Math.round(RUNS / 3));
    for (const type of types) {
      const url = `/api/getSearchReport/${type}/${from}/${to}`;
      const r = await time(url, searchRuns);
      worstSearch = Math.max(worstSearch, r.p99);
      row(`search ${type}`, r, 1000);
      if (!isPagedSearchType(type)) continue;
      // A list search answers a page at a time (decision 102): the next page, and the largest
      // page a CSV download asks for, both under the same target.
      const first = await app.inject({ method: 'GET', url, headers });
      const next = (first.json() as ReportData).page?.next;
      if (next) {
        const r2 = await time(`${url}?after=${next}`, searchRuns);
        worstSearch = Math.max(worstSearch, r2.p99);
        row(`  its next page`, r2, 1000);
        const r3 = await time(`${url}?after=${next}&limit=${searchPageRows.max}`, searchRuns);
        worstSearch = Math.max(worstSearch, r3.p99);
        row(`  a ${searchPageRows.max}-row page`, r3, 1000);
      }
      if (lists) {
        // The whole range as the CSV download fetches it, for information.
        const t0 = performance.now();
        let after = next ?? null;
        let pages = 1;
        while (after) {
          const res = await app.inject({
            method: 'GET',
            url: `${url}?after=${after}&limit=${searchPageRows.max}`,
            headers,
          });
          after = (res.json() as ReportData).page?.next ?? null;
          pages++;
        }
        console.log(
          `  ${'  the whole range (CSV)'.padEnd(24)} ${(performance.now() - t0).toFixed(0).padStart(7)} ms in ${pages} pages, ` +
            `${(first.json() as ReportData).page?.total.toLocaleString('en-US')} rows  info  (${machineLoad()})`,
        );
      }
    }
    console.log(
      `  worst search p99 (every type, its pages): ${worstSearch.toFixed(1)} ms (target < 1000 ms), ${machineLoad()}`,
    );
  } finally {
    await app.close();
  }
}

if (!which || which === 'sqlite') {
  const db = await sqliteSeason();
  try {
    await run('SQLite', db);
  } finally {
    await db.close();
  }
}
if (!which || which === 'postgres') {
  const db = await postgresSeason();
  try {
    await run('PostgreSQL', db);
  } finally {
    await db.close();
  }
}
