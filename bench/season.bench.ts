/**
 * The season benchmark (issue 15): does August feel like opening day? In one run, on SQLite and
 * on PostgreSQL, a fresh venue (its first 11 days) against a season venue (SEASON_BENCH_DAYS,
 * default 120), both of 1,200 units from bench/season/seed.ts, each served by the real server in
 * its own process:
 *   today's board · a past busy day (compared per byte) · board search · selling (signed sales
 *   in the season's real mix: carts with their holds, room charges, tips, prints; selling-mix.ts) · the drop-off report alone, with the board at half its rate (its own latency)
 *   and with the board saturated (does the board keep its rate?) · deleting a location with
 *   history, an unused location, a user with sales, a new user, a new price · start time (median
 *   of three spawns) · RSS · database size · the sales table and its indexes
 * and then today's board of 1,200 against 5,000 units.
 *
 *   npm run bench -- season
 *   SEASON_BENCH_DB=sqlite|postgres  SEASON_BENCH_DAYS=120  SEASON_BENCH_RUNS=5
 *   SEASON_BENCH_DIR=/tmp/x (SQLite files; default the system's temp folder)
 *   SEASON_BENCH_PG_PREFIX=x (PostgreSQL database names; default sandbar_season)
 *
 * Rates run from the first request to the last response, each figure is the median of
 * SEASON_BENCH_RUNS runs, and the machine's load average is printed with every section. Both
 * venues are up at once and take turns, run after run (season, fresh, season, …): this machine's
 * speed drifts by 20–30 % within minutes, and measuring one venue's every section before the
 * other's put that drift into the ratios.
 */
import { throwAwayDatabase } from './throwaway-db';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import { sql } from 'kysely';
import { type Database } from '../packages/server/src/db/connect';
import { hashPassword } from '../packages/server/src/platform/passwords';
import {
  type LoadResult,
  type LoadSpec,
  type Server,
  loadMedian,
  backendCpu,
  cpuSeconds,
  loadOnce,
  login,
  machineLoad,
  median,
  rssMiB,
  startServer,
  stopServer,
  pacedLoad,
  tabletInOwnProcess,
  timed,
} from './season/load';
import { benchSignatures, insertBenchPrice, positionIdsOf, signatureKind } from './fixtures';
import { type MixVenue, prepareMixVenue, sellMix } from './selling-mix';
import { SEASON_PASSWORD, type SeasonSummary, databaseBytes, seedSeason } from './season/seed';

const DAYS = Number(process.env.SEASON_BENCH_DAYS ?? 120);
/**
 * The fresh venue: its opening days, as busy as the season's (the seed's curve peaks mid-way
 * whatever the length), so that "a past busy day" asks both venues for ten busy days they have.
 * A one-day venue's past days were empty boards, cheaper to build than any real day.
 */
const FRESH_DAYS = 11;
const RUNS = Number(process.env.SEASON_BENCH_RUNS ?? 5);
/** Checkouts of the real mix a run (≈ 1.2 units each). */
const SALES_PER_RUN = 1500;
/** A new unit for every sale of every run: a sale of a sold unit is a fast 409, not a sale. */
const SELL_UNITS = Math.ceil((RUNS * SALES_PER_RUN * 1.3) / 100) * 100 + 500;
const DATA_DIR = process.env.SEASON_BENCH_DIR ?? os.tmpdir();
const signatures = benchSignatures(signatureKind());
const PG_PREFIX = process.env.SEASON_BENCH_PG_PREFIX ?? 'sandbar_season';
const TZ = 'America/New_York';
/**
 * The seeds' "now": 6 p.m. of the venue's today, so today's board, search and Notes/Drops are a
 * full day's whatever the hour the bench runs (run at 00:10 in New York, today had no sales and
 * those sections measured an empty day). Sales after the real time are simply later today.
 */
const SEED_NOW = dayStartMs(businessDay(Date.now(), TZ), TZ) + 18 * 3_600_000;

type Dialect = 'sqlite' | 'postgres';

interface Venue {
  database: Database;
  env: Record<string, string>;
  summary: SeasonSummary;
  drop(): Promise<void>;
}

async function createVenue(dialect: Dialect, opts: { days: number; units: number; label: string }): Promise<Venue> {
  const made = await throwAwayDatabase(dialect, {
    label: `season-${opts.label}`,
    poolSize: 4,
    parentDir: DATA_DIR,
    pgPrefix: `${PG_PREFIX}_${opts.label}`,
  });
  const { database, env } = made;
  const drop = async () => {
    await database.close();
    await made.drop();
  };
  const t0 = performance.now();
  const summary = await seedSeason(database, { days: opts.days, units: opts.units, now: SEED_NOW });
  // A season's tables have been vacuumed and analysed by autovacuum many times over 120 days;
  // measured straight after a bulk load, PostgreSQL would plan on empty statistics while
  // autovacuum works through 1.6 M fresh rows beside the bench.
  if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(database.db);
  console.log(
    `  seeded ${dialect} ${opts.label}: ${opts.days} days, ${summary.units} units, ${summary.sales.toLocaleString('en-US')} sales in ` +
      `${((performance.now() - t0) / 1000).toFixed(0)} s (${machineLoad()})`,
  );
  return { database, env, summary, drop };
}

/** A selling location (5,000 units, an all-day price) and its seller: the same in both venues. */
async function addSellingLocation(db: Database['db']): Promise<{ unitIds: number[]; priceId: number; mix: MixVenue }> {
  const now = Date.now();
  const { id: locationId } = await db
    .insertInto('locations')
    .values({
      name: 'SELL',
      full_name: 'Bench Sales',
      umbrellas: 100,
      umbrella_rows: SELL_UNITS / 100,
      sort: 999,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let r = 0; r < SELL_UNITS / 100; r++) {
    await db
      .insertInto('positions')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          location_id: locationId,
          row: r + 1,
          position: i + 1,
          unit_type: 'U',
          unit_number: r * 100 + i + 1,
          umbrella_type: 'U',
          removed: 0,
        })),
      )
      .execute();
  }
  const { id: userId } = await db
    .insertInto('users')
    .values({
      username: 'benchseller',
      name: 'Bench Seller',
      initials: 'BS',
      phone: '',
      email: '',
      password_hash: await hashPassword(SEASON_PASSWORD),
      user_type: 'U',
      two_factor: 0,
      language_code: 'en',
      active: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_locations').values({ user_id: userId, location_id: locationId }).execute();
  const priceId = await insertBenchPrice(db, now);
  return { unitIds: await positionIdsOf(db, locationId), priceId, mix: await prepareMixVenue(db, priceId) };
}

/** A venue's ten busiest past days (the season's, or the opening fortnight's). */
async function busyDays(db: Database['db'], today: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sales')
    .select(['day', (eb) => eb.fn.countAll().as('n')])
    .where('day', '<', today)
    .groupBy('day')
    .orderBy('n', 'desc')
    .limit(10)
    .execute();
  return rows.map((r) => r.day);
}

type Figures = Record<string, number>;

/**
 * Lets two venues' measurements take turns: each call waits for the one before it, whichever
 * venue made it, so the same run of both venues is measured back to back under the same load.
 */
class Turns {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.last.then(work);
    this.last = next.catch(() => undefined);
    return next;
  }
}

async function measureVenue(dialect: Dialect, venue: Venue, days: string[], turns: Turns): Promise<Figures> {
  const f: Figures = {};
  const sell = await turns.run(() => addSellingLocation(venue.database.db));
  let server: Server | null = await turns.run(() => startServer(venue.env));
  /** The median run (by rate) of RUNS runs, each one turn. */
  const loadInTurns = async (spec: LoadSpec, runs: number): Promise<LoadResult> => {
    const all: LoadResult[] = [];
    for (let i = 0; i < runs; i++) all.push(await turns.run(() => loadOnce(spec)));
    all.sort((a, b) => a.rps - b.rps);
    // The median run's rate, and the errors of every run.
    return { ...all[Math.floor(all.length / 2)]!, errors: all.reduce((n, r) => n + r.errors, 0) };
  };
  try {
    const url = server.url;
    const admin = await login(url, 'seasonadmin', SEASON_PASSWORD);
    const agent = await login(url, 'agent1', SEASON_PASSWORD);
    const seller = await login(url, 'benchseller', SEASON_PASSWORD);
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    const put = (name: string, r: LoadResult) => {
      f[`${name}.rps`] = r.rps;
      f[`${name}.p50`] = r.p50;
      f[`${name}.p99`] = r.p99;
      f[`${name}.MBps`] = r.bytesPerSecond / 2 ** 20;
      f[`${name}.errors`] = r.errors;
    };

    // Warm up: the first board build, the prepared statements, and enough requests for V8 to
    // have optimised the board's path (40 requests left the first timed run, always the season's,
    // the coldest of the bench).
    await turns.run(() =>
      loadOnce({ url: `${url}/api/getUnits`, connections: 50, amount: 1000, headers: auth(admin) }),
    );

    put(
      'board',
      await loadInTurns({ url: `${url}/api/getUnits`, connections: 50, amount: 2000, headers: auth(admin) }, RUNS),
    );
    let d = 0;
    const ts = days.map((day) => Math.floor(dayStartMs(day, TZ) / 1000) + 12 * 3600);
    put(
      'pastDay',
      await loadInTurns(
        {
          url: `${url}/api/getUnits/${ts[0]}`,
          connections: 20,
          amount: 400,
          headers: auth(admin),
          path: () => `/api/getUnits/${ts[d++ % ts.length]}`,
        },
        RUNS,
      ),
    );
    put(
      'search',
      await loadInTurns(
        { url: `${url}/api/getUnits?searchTerm=Smith`, connections: 50, amount: 2000, headers: auth(admin) },
        RUNS,
      ),
    );
    put(
      'dropoff',
      await loadInTurns(
        { url: `${url}/api/getDropoffReport`, connections: 10, amount: 500, headers: auth(agent) },
        RUNS,
      ),
    );

    // One tablet reloading Notes/Drops while every other tablet reads the board. Each run reads
    // the board alone first, with the same 48 connections, then again with the tablet beside it:
    // the share the board keeps is the median of those back-to-back pairs. Set against the board
    // figure measured minutes earlier it carried this machine's drift (84–113 % from run to run,
    // and a fresh venue's the same as the season's).
    const underLoad: { alone: LoadResult; board: LoadResult; drops: LoadResult; keep: number }[] = [];
    const boardSpec = { url: `${url}/api/getUnits`, connections: 48, amount: 2000, headers: auth(admin) };
    for (let i = 0; i < RUNS; i++) {
      const pair = await turns.run(async () => {
        // The first run after the other venue's turn is the slow one (25 % on PostgreSQL): warm
        // up, so that the pair compares the tablet's effect and not the switch.
        await loadOnce({ ...boardSpec, amount: 500 });
        const alone = await loadOnce(boardSpec);
        const [board, drops] = await Promise.all([
          loadOnce(boardSpec),
          loadOnce({ url: `${url}/api/getDropoffReport`, connections: 2, amount: 150, headers: auth(agent) }),
        ]);
        return { alone, board, drops, keep: board.rps / alone.rps };
      });
      underLoad.push(pair);
    }
    underLoad.sort((a, b) => a.keep - b.keep);
    const mid = underLoad[Math.floor(underLoad.length / 2)]!;
    f.boardKeeps = mid.keep;
    put('boardAlone', mid.alone);
    put('boardWithDrops', mid.board);
    put('dropsSaturated', mid.drops);

    // Notes/Drops' own latency while the board is busy but not saturated: tablets reading the
    // board at half the rate this server can answer it, steadily (requests spaced evenly: see
    // pacedLoad for why not autocannon's rate). (Under the saturating load above every request,
    // Drops included, waits behind ~48 queued boards: that p99 measures the queue, and a fresh
    // venue shows the same.) The Drops tablet runs in its own process; its p99 is over 300
    // reloads (of 100 it was the second-worst request and swung with one hiccup).
    const steady: LoadResult[] = [];
    const boardRate = f['board.rps']! / 2;
    for (let i = 0; i < RUNS; i++) {
      const [, drops] = await turns.run(() =>
        Promise.all([
          pacedLoad({ url: `${url}/api/getUnits`, connections: 24, rate: boardRate, seconds: 5, headers: auth(admin) }),
          (async () => {
            await new Promise((r) => setTimeout(r, 500));
            return tabletInOwnProcess({ url: `${url}/api/getDropoffReport`, amount: 300, headers: auth(agent) });
          })(),
        ]),
      );
      steady.push(drops);
    }
    steady.sort((a, b) => a.p99 - b.p99);
    put('dropsUnderLoad', steady[Math.floor(steady.length / 2)]!);

    // Selling: signed sales in the season's real mix (selling-mix.ts), every unit new, 20 tablets.
    let next = 0;
    let nextUnit = 0;
    const sellOnce = async (): Promise<LoadResult> => {
      const m = await sellMix({
        url,
        token: seller,
        venue: sell.mix,
        signatures,
        checkouts: SALES_PER_RUN,
        connections: 20,
        next: () => next++,
        takeUnits: (n) => {
          if (nextUnit + n > sell.unitIds.length) throw new Error('the selling location ran out of units');
          nextUnit += n;
          return sell.unitIds.slice(nextUnit - n, nextUnit);
        },
      });
      return {
        rps: m.salesPerSecond,
        p50: m.p50,
        p99: m.p99,
        ok: m.sales,
        errors: m.errors,
        bytesPerSecond: 0,
        seconds: m.seconds,
      };
    };
    // CPU per sale: the server process (its threads too) and, on PostgreSQL, the venue's backends.
    const pgName = venue.env.DATABASE_URL ? new URL(venue.env.DATABASE_URL).pathname.slice(1) : null;
    const sells: LoadResult[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await turns.run(async () => {
        const s0 = cpuSeconds(server!.proc.pid!);
        const d0 = pgName ? await backendCpu(pgName) : new Map<number, number>();
        const r = await sellOnce();
        let db = 0;
        if (pgName) for (const [pid, c] of await backendCpu(pgName)) db += c - (d0.get(pid) ?? 0);
        sells.push(r);
        cpu.push(((cpuSeconds(server!.proc.pid!) - s0 + db) * 1000) / Math.max(1, r.ok));
      });
    }
    f.sellCpuMs = median(cpu);
    sells.sort((a, b) => a.rps - b.rps);
    put('selling', { ...sells[Math.floor(sells.length / 2)]!, errors: sells.reduce((n, r) => n + r.errors, 0) });

    // Deletes, each the median of three, in one turn (the other venue waits).
    await turns.run(async () => {
      const db = venue.database.db;
      const post = (p: string, id: number) => timed(`${url}/api/${p}`, admin, 'POST', { postData: id });
      const withHistory = venue.summary.locationIds[0]!;
      const refused = [];
      for (let i = 0; i < 3; i++) refused.push(await post('deleteLocation', withHistory));
      f['delete.locationWithHistory'] = median(refused.map((r) => r.ms));
      f['delete.locationWithHistory.status'] = refused[0]!.status;
      const emptyLoc = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await db
          .insertInto('locations')
          .values({
            name: `E${i}`,
            full_name: `Empty ${i}`,
            umbrellas: 25,
            umbrella_rows: 6,
            sort: 500 + i,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('positions')
          .values(
            Array.from({ length: 150 }, (_, k) => ({
              location_id: id,
              row: Math.floor(k / 25) + 1,
              position: (k % 25) + 1,
              unit_type: 'U',
              unit_number: k + 1,
              umbrella_type: 'U',
              removed: 0,
            })),
          )
          .execute();
        emptyLoc.push(await post('deleteLocation', id));
      }
      f['delete.unusedLocation'] = median(emptyLoc.map((r) => r.ms));
      f['delete.unusedLocation.status'] = emptyLoc[0]!.status;
      const sellers = await db
        .selectFrom('users')
        .select('id')
        .where('username', 'in', ['agent2', 'agent3', 'agent4'])
        .execute();
      const deactivated = [];
      for (const u of sellers) deactivated.push(await post('deletePeople', u.id));
      f['delete.userWithSales'] = median(deactivated.map((r) => r.ms));
      f['delete.userWithSales.status'] = deactivated[0]!.status;
      const newUsers = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await db
          .insertInto('users')
          .values({
            username: `temp${i}`,
            name: `Temp ${i}`,
            initials: 'TT',
            phone: '',
            email: '',
            password_hash: 'x',
            user_type: 'U',
            two_factor: 0,
            language_code: 'en',
            active: 1,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        newUsers.push(await post('deletePeople', id));
      }
      f['delete.newUser'] = median(newUsers.map((r) => r.ms));
      f['delete.newUser.status'] = newUsers[0]!.status;
      const prices = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await db
          .insertInto('prices')
          .values({
            name: `Temp ${i}`,
            price_cents: 100,
            retail_rate_cents: 100,
            hotel_rate_cents: 0,
            add_on: 0,
            sort: 90,
            start_time: 7,
            end_time: 20,
            unit_type: 'U',
            all_hotels: 0,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        prices.push(await post('deletePrice', id));
      }
      f['delete.newPrice'] = median(prices.map((r) => r.ms));
      f['delete.newPrice.status'] = prices[0]!.status;
    });

    f.rssMiB = rssMiB(server.proc.pid!);
    f.peakRssMiB = rssMiB(server.proc.pid!, 'peak');
    const stopping = server.proc;
    await turns.run(() => stopServer(stopping));
    server = null;
    f.dbMiB = (await turns.run(() => databaseBytes(venue.database))) / 2 ** 20;
    const salesBytes = await turns.run(() => tableBytes(venue.database, 'sales'));
    if (salesBytes !== null) {
      f.salesTableMiB = salesBytes.rows / 2 ** 20;
      f.salesIndexesMiB = salesBytes.indexes / 2 ** 20;
    }
    // Start: the median of three spawns on the data as it now stands, once the machine has
    // settled (not during the bulk load's checkpoint, and after the first spawn of the run has
    // compiled the TypeScript).
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      starts.push(
        await turns.run(async () => {
          const again = await startServer(venue.env);
          await stopServer(again.proc);
          return again.startMs;
        }),
      );
    }
    f.startMs = median(starts);
  } finally {
    if (server) await stopServer(server.proc);
  }
  return f;
}

/** Bytes of one table (its rows, TOAST included) and of its indexes; null where not measurable. */
async function tableBytes(database: Database, table: string): Promise<{ rows: number; indexes: number } | null> {
  try {
    if (database.dialect === 'postgres') {
      const r = await sql<{ rows: string; indexes: string }>`
        select pg_table_size(${table}) as rows, pg_indexes_size(${table}) as indexes`.execute(database.db);
      return { rows: Number(r.rows[0]!.rows), indexes: Number(r.rows[0]!.indexes) };
    }
    const r = await sql<{ rows: number; indexes: number }>`
      select (select sum(pgsize) from dbstat where name = ${table}) as rows,
             (select sum(pgsize) from dbstat where name in
               (select name from sqlite_master where type = 'index' and tbl_name = ${table})) as indexes`.execute(
      database.db,
    );
    return { rows: Number(r.rows[0]!.rows), indexes: Number(r.rows[0]!.indexes ?? 0) };
  } catch {
    return null;
  }
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function report(dialect: Dialect, fresh: Figures, season: Figures) {
  const row = (label: string, key: string, unit: string, higherIsBetter: boolean, digits = 0) => {
    const a = fresh[key];
    const b = season[key];
    const ratio = a && b ? (higherIsBetter ? b / a : a / b) : NaN;
    console.log(
      `  ${label.padEnd(34)} ${fmt(a, digits).padStart(10)} ${fmt(b, digits).padStart(10)} ${unit.padEnd(6)} ×${Number.isNaN(ratio) ? '—' : ratio.toFixed(2)}`,
    );
  };
  console.log(`\n${dialect}: fresh (${FRESH_DAYS} days) vs ${DAYS}-day season (${machineLoad()})`);
  console.log(`  ${''.padEnd(34)} ${'fresh'.padStart(10)} ${'season'.padStart(10)}        ratio (≥ 1 is as good)`);
  row("today's board", 'board.rps', 'req/s', true);
  row("today's board p99", 'board.p99', 'ms', false);
  row('past busy day (per byte)', 'pastDay.MBps', 'MiB/s', true, 1);
  row('past busy day', 'pastDay.rps', 'req/s', true);
  row('search', 'search.rps', 'req/s', true);
  row('search p99', 'search.p99', 'ms', false);
  row('selling, real mix (20 tablets)', 'selling.rps', 'sale/s', true);
  row('selling p99', 'selling.p99', 'ms', false);
  row('CPU per sale (server + database)', 'sellCpuMs', 'ms', false, 2);
  row('Notes/Drops alone', 'dropoff.rps', 'req/s', true);
  row('Notes/Drops p99, board at half rate', 'dropsUnderLoad.p99', 'ms', false);
  row('board alone, beside it (48 conn)', 'boardAlone.rps', 'req/s', true);
  row('board with Drops reloading', 'boardWithDrops.rps', 'req/s', true);
  row('board keeps (median of pairs)', 'boardKeeps', '', true, 2);
  row('Notes/Drops p99, board saturated', 'dropsSaturated.p99', 'ms', false);
  row('delete location with history', 'delete.locationWithHistory', 'ms', false, 1);
  row('delete unused location', 'delete.unusedLocation', 'ms', false, 1);
  row('delete user with sales', 'delete.userWithSales', 'ms', false, 1);
  row('delete new user', 'delete.newUser', 'ms', false, 1);
  row('delete new price', 'delete.newPrice', 'ms', false, 1);
  row('start (spawn to healthy)', 'startMs', 'ms', false);
  row('RSS after load', 'rssMiB', 'MiB', false);
  row('peak RSS (high-water mark)', 'peakRssMiB', 'MiB', false);
  row('database size', 'dbMiB', 'MiB', false);
  row('sales table size (< 100 MiB)', 'salesTableMiB', 'MiB', false, 1);
  row('sales indexes size', 'salesIndexesMiB', 'MiB', false, 1);
  const boardKeep = season.boardKeeps!;
  // The issue's targets, each said plainly: met or missed.
  const ratios: [string, string, boolean][] = [
    ["today's board", 'board.rps', true],
    ['past busy day (per byte)', 'pastDay.MBps', true],
    ['search', 'search.rps', true],
    ['selling', 'selling.rps', true],
    ['Notes/Drops alone', 'dropoff.rps', true],
    ['start', 'startMs', false],
    // Memory by its high-water mark: one sample of VmRSS after the load lands wherever V8's last
    // collection left the heap (×0.88 to ×1.54 for the same code in four runs).
    ['peak RSS', 'peakRssMiB', false],
  ];
  const missed = ratios
    .map(([label, key, higher]) => {
      const a = fresh[key]!;
      const b = season[key]!;
      return [label, higher ? b / a : a / b] as const;
    })
    .filter(([, r]) => !(r >= 0.9))
    .map(([label, r]) => `${label} ×${r.toFixed(2)}`);
  const drops = season['dropsUnderLoad.p99']!;
  const deletes = ['locationWithHistory', 'unusedLocation', 'userWithSales', 'newUser', 'newPrice'].filter(
    (k) => !(season[`delete.${k}`]! < 50),
  );
  console.log(
    `  targets: ratios ≥ 0.9 ${missed.length ? `MISSED (${missed.join(', ')})` : 'met'}; ` +
      `Notes/Drops p99 ${fmt(drops)} ms with the board at half rate ${drops < 50 ? 'met' : 'MISSED'} (< 50); ` +
      `board keeps ${(boardKeep * 100).toFixed(0)} % ${boardKeep >= 0.9 ? 'met' : 'MISSED'} (≥ 90 %); ` +
      `deletes < 50 ms ${deletes.length ? `MISSED (${deletes.join(', ')})` : 'met'}`,
  );
  console.log(
    `  season: board keeps ${(boardKeep * 100).toFixed(0)} % of its rate while Drops reloads; ` +
      `errors ${Object.entries(season)
        .filter(([k]) => k.endsWith('.errors'))
        .reduce((n, [, v]) => n + v, 0)}; delete statuses ${[
        'locationWithHistory',
        'unusedLocation',
        'userWithSales',
        'newUser',
        'newPrice',
      ]
        .map((k) => season[`delete.${k}.status`])
        .join('/')}`,
  );
}

async function boardOnly(dialect: Dialect, units: number): Promise<LoadResult & { bytes: number }> {
  const venue = await createVenue(dialect, { days: 1, units, label: `u${units}` });
  try {
    const server = await startServer(venue.env);
    try {
      const token = await login(server.url, 'seasonadmin', SEASON_PASSWORD);
      const res = await fetch(`${server.url}/api/getUnits`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = (await res.arrayBuffer()).byteLength;
      const r = await loadMedian(
        {
          url: `${server.url}/api/getUnits`,
          connections: 50,
          amount: 1000,
          headers: { authorization: `Bearer ${token}` },
        },
        RUNS,
      );
      return { ...r, bytes };
    } finally {
      await stopServer(server.proc);
    }
  } finally {
    await venue.drop();
  }
}

export default async function seasonBench(): Promise<void> {
  const which = process.env.SEASON_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as Dialect[];
  console.log(`Season benchmark: ${DAYS} days, median of ${RUNS} runs, ${machineLoad()} (a shared machine is noisy).`);
  for (const dialect of dialects) {
    const season = await createVenue(dialect, { days: DAYS, units: 1200, label: 'season' });
    let sf: Figures;
    let ff: Figures;
    try {
      const fresh = await createVenue(dialect, { days: FRESH_DAYS, units: 1200, label: 'fresh' });
      try {
        // Both at once, taking turns run after run (see Turns).
        const turns = new Turns();
        [sf, ff] = await Promise.all([
          measureVenue(dialect, season, await busyDays(season.database.db, season.summary.today), turns),
          measureVenue(dialect, fresh, await busyDays(fresh.database.db, fresh.summary.today), turns),
        ]);
      } finally {
        await fresh.drop();
      }
    } finally {
      await season.drop();
    }
    report(dialect, ff, sf);
    const small = await boardOnly(dialect, 1200);
    const big = await boardOnly(dialect, 5000);
    console.log(
      `  today's board, 1,200 vs 5,000 units: ${fmt(small.rps)} vs ${fmt(big.rps)} req/s (×${(big.rps / small.rps).toFixed(2)}), ` +
        `p99 ${fmt(small.p99)} vs ${fmt(big.p99)} ms, ${fmt(small.bytes / 1024)} vs ${fmt(big.bytes / 1024)} KiB (${machineLoad()})`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await seasonBench();
}
