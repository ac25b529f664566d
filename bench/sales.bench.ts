/**
 * Selling, end to end, as staff sell (issues 15 and 25): HTTP → the server (its own process, as in
 * production) → SQLite or PostgreSQL, 20 tablets at once, two measures:
 *   - signed single-unit sales (the issue's target: ≥ 500 a second on SQLite, ≥ 400 on
 *     PostgreSQL, on the 2-core machine): POST /api/saveCustomer (validation, server totals,
 *     compare-and-set, sale + items + customer + signature + unit log + queued receipt, board
 *     event), every sale a new unit and ourTransactionId, in the season's mix of methods (card 4
 *     in 7 with its tips and card transaction id, cash 2 in 7, voucher 1 in 7) and receipts (text 7
 *     in 10, else e-mail), driven by autocannon;
 *   - the season's real mix (selling-mix.ts): carts with their holds, room charges on the hotels'
 *     rosters, tips, add-ons, printed slips and reprints, in the season's proportions; its rate is
 *     sales recorded a second, its CPU is everything the checkouts cost (holds and prints too)
 *     divided by the sales.
 * Every sale is signed, as every sale the wizard makes is: a pool of 200 distinct drawn
 * signatures (500×200, strokes of varied shape and width). SALES_BENCH_SIGNATURE picks what the
 * tablet sends: `compact` (the default, today's tablet: the 1-bit PNG it makes itself), `rgba`
 * (an older tablet: the pad's RGBA PNG, ≈14 KB, compacted by the server) or `none` (unsigned, what
 * this bench sold until issue 25, for comparison only).
 *
 * Honest figures (issue 15): a run is a fixed number of sales timed from the first request to the
 * last response; both databases are warmed up, then take turns run after run (so both see the
 * same machine load); a figure is the median of SALES_BENCH_RUNS runs (3), printed with the CPU
 * each sale cost (the server process with its threads, and on PostgreSQL its backends, from /proc)
 * and the load average: on a shared machine CPU per sale says more than the rate.
 *
 *   node --import tsx bench/sales.bench.ts            (both databases, both measures)
 *   SALES_BENCH_DB=sqlite|postgres  SALES_BENCH_KIND=single|mix  SALES_BENCH_RUNS=3
 *   SALES_BENCH_SALES=3000 (single-unit sales a run)  SALES_BENCH_CHECKOUTS=2000 (mix checkouts a run)
 *   SALES_BENCH_PROF=<dir> (a CPU profile of each server, written when it stops)
 *   SALES_BENCH_ROOTS=<checkout>,<checkout> (A/B: each database gets a server from each checkout,
 *     e.g. main's and a branch's, taking turns run after run; compare their CPU per sale)
 *
 * Exports a default async function for bench/run.ts; prints one line per run and per database.
 */
import { throwAwayDatabase } from './throwaway-db';
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database } from '../packages/server/src/db/connect';
import { seedDemoVenue } from '../packages/server/src/demo-venue';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { systemClock } from '../packages/server/src/platform/clock';
import { benchSaleBody, benchSignatures, insertBenchPrice, positionIdsOf, signatureKind } from './fixtures';
import { type LoadResult, backendCpu, cpuSeconds, loadOnce, machineLoad, median, serverArgs } from './season/load';
import { type MixResult, type MixVenue, prepareMixVenue, sellMix } from './selling-mix';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 20;
const ROWS = 200;
const PER_ROW = 100; // 20,000 sellable units: each sold once (11,000 single-unit sales, ≈ 8,000 units of checkouts)
/** Sales a timed run (each sells units nobody sold yet: 11,000 cover the warm-up and the runs). */
const SALES = Number(process.env.SALES_BENCH_SALES ?? 3000);
const RUNS = Number(process.env.SALES_BENCH_RUNS ?? 3);
/**
 * Untimed sales first. A fresh server's first thousand sales ran 20–30 % slower (the JIT still
 * compiling the sale's path), so with 300 the first timed run measured a cold server.
 */
const WARMUP = 1000;
/** Checkouts of the real mix a run, and untimed ones first. */
const CHECKOUTS = Number(process.env.SALES_BENCH_CHECKOUTS ?? 2000);
const MIX_WARMUP = 500;
const KINDS = (process.env.SALES_BENCH_KIND ? [process.env.SALES_BENCH_KIND] : ['single', 'mix']) as (
  'single' | 'mix'
)[];
/** Throw-away PostgreSQL databases are named with this prefix (SALES_BENCH_PG_PREFIX to tell benches apart). */
const PG_PREFIX = process.env.SALES_BENCH_PG_PREFIX ?? 'sandbar_bench';
const SIGNATURE = signatureKind();

export interface SalesBenchResult {
  database: 'sqlite' | 'postgres';
  kind: 'single' | 'mix';
  connections: number;
  sales: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  recorded: number;
  serverCpuMs: number;
  dbCpuMs: number;
}

/** A location of 11,000 umbrellas, an all-day price, assigned to the demo staff user. */
async function seedBenchVenue(
  database: Database,
  serverRoot = root,
): Promise<{ positionIds: number[]; priceId: number; mix: MixVenue }> {
  const db = database.db;
  if (serverRoot === root) {
    await migrateToLatest(db);
    await seedDemoVenue(db, systemClock);
  } else {
    // A/B: the schema and demo venue of the checkout whose server sells here (it refuses a
    // database migrated by another checkout's migrations).
    const src = path.join(serverRoot, 'packages/server/src');
    const migrate = (await import(path.join(src, 'db/migrate.ts'))) as { migrateToLatest: typeof migrateToLatest };
    const demo = (await import(path.join(src, 'demo-venue.ts'))) as { seedDemoVenue: typeof seedDemoVenue };
    await migrate.migrateToLatest(db);
    await demo.seedDemoVenue(db, systemClock);
  }
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
  const mix = await prepareMixVenue(db, priceId);
  return { positionIds: await positionIdsOf(db, locationId), priceId, mix };
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

/** Checkouts whose servers are measured (SALES_BENCH_ROOTS for an A/B of two builds), else this one. */
const ROOTS = (process.env.SALES_BENCH_ROOTS ?? root)
  .split(',')
  .filter(Boolean)
  .map((r) => path.resolve(r));

async function startServer(
  env: Record<string, string>,
  serverRoot = root,
): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  // SALES_BENCH_PROF=<dir> writes a CPU profile of the server (open it in Chrome DevTools).
  const prof = process.env.SALES_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SALES_BENCH_PROF}`] : [];
  const proc = spawn(
    process.execPath,
    [...prof, ...serverArgs(serverRoot)],
    {
      cwd: path.join(serverRoot, 'packages/server'),
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SANDBAR_DEMO: '0', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // Up to 60 s: on a busy machine tsx alone takes 20 s to compile the server.
  for (let i = 0; i < 600; i++) {
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

interface Venue {
  dialect: 'sqlite' | 'postgres';
  /** The database, and with SALES_BENCH_ROOTS the checkout whose server sells. */
  label: string;
  database: Database;
  /** PostgreSQL: the bench database's name (its backends' CPU is counted). */
  pgName?: string;
  positionIds: number[];
  priceId: number;
  mix: MixVenue;
  url: string;
  proc: ChildProcess;
  token: string;
  /** The next sale's number, and the next unit never sold. */
  next: number;
  nextUnit: number;
  cleanup(): Promise<void>;
}

async function openVenue(dialect: 'sqlite' | 'postgres', serverRoot = root): Promise<Venue> {
  const {
    database,
    env,
    pgName,
    drop: cleanup,
  } = await throwAwayDatabase(dialect, { label: 'bench', poolSize: 2, pgPrefix: PG_PREFIX });
  try {
    const { positionIds, priceId, mix } = await seedBenchVenue(database, serverRoot);
    const { url, proc } = await startServer(env, serverRoot);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'staff', password: 'sandbar-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const label = ROOTS.length > 1 ? `${dialect}@${path.basename(serverRoot)}` : dialect;
    return {
      dialect,
      label,
      database,
      pgName,
      positionIds,
      priceId,
      mix,
      url,
      proc,
      token,
      next: 0,
      nextUnit: 0,
      cleanup,
    };
  } catch (err) {
    await database.close();
    await cleanup();
    throw err;
  }
}

async function closeVenue(v: Venue): Promise<void> {
  await stopServer(v.proc);
  await v.database.close();
  await v.cleanup();
}

/** A fixed number of signed sales in the season's mix, each a different unit and a fresh ourTransactionId. */
function sell(v: Venue, sales: number) {
  // Timed from the first request to the last response (autocannon's own duration is rounded up to
  // whole seconds, which undercounted the rate by up to 20 %).
  return loadOnce({
    url: `${v.url}/api/saveCustomer`,
    connections: CONNECTIONS,
    amount: sales,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${v.token}` },
    body: () => benchSaleBody(v.next++, takeUnits(v, 1)[0]!, v.priceId, sigs),
  });
}

/** Units nobody sold yet (a sale of a sold unit is a fast 409, not a sale). */
function takeUnits(v: Venue, count: number): number[] {
  if (v.nextUnit + count > v.positionIds.length) throw new Error('the bench venue ran out of units');
  const ids = v.positionIds.slice(v.nextUnit, v.nextUnit + count);
  v.nextUnit += count;
  return ids;
}

/** A fixed number of checkouts in the season's real mix (selling-mix.ts). */
function sellTheMix(v: Venue, checkouts: number): Promise<MixResult> {
  return sellMix({
    url: v.url,
    token: v.token,
    venue: v.mix,
    signatures: sigs,
    checkouts,
    connections: CONNECTIONS,
    next: () => v.next++,
    takeUnits: (n) => takeUnits(v, n),
  });
}
const sigs = benchSignatures(SIGNATURE);

interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /** Server process CPU per sale, ms. */
  serverCpuMs: number;
  /** PostgreSQL backends' CPU per sale, ms (0 on SQLite: it runs inside the server). */
  dbCpuMs: number;
  load: string;
  /** The mix: what its checkouts sent besides the sales. */
  mix?: MixResult;
}

/** One timed run of either measure, with the CPU the server (and PostgreSQL) spent on it. */
async function measuredRun(v: Venue, kind: 'single' | 'mix', amount: number): Promise<RunFigures> {
  const server0 = cpuSeconds(v.proc.pid!);
  const db0 = v.pgName ? await backendCpu(v.pgName) : new Map<number, number>();
  let r: LoadResult;
  let mix: MixResult | undefined;
  if (kind === 'single') r = await sell(v, amount);
  else {
    mix = await sellTheMix(v, amount);
    r = {
      rps: mix.salesPerSecond,
      p50: mix.p50,
      p99: mix.p99,
      ok: mix.sales,
      errors: mix.errors,
      bytesPerSecond: 0,
      seconds: mix.seconds,
    };
  }
  const server1 = cpuSeconds(v.proc.pid!);
  let dbSeconds = 0;
  if (v.pgName) {
    for (const [pid, cpu] of await backendCpu(v.pgName)) dbSeconds += cpu - (db0.get(pid) ?? 0);
  }
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    ok: r.ok,
    errors: r.errors,
    serverCpuMs: ((server1 - server0) * 1000) / Math.max(1, r.ok),
    dbCpuMs: (dbSeconds * 1000) / Math.max(1, r.ok),
    load: machineLoad(),
    mix,
  };
}

const label = { single: 'signed single-unit sales/s', mix: 'signed sales/s in the real mix' };

export default async function salesBench(): Promise<SalesBenchResult[]> {
  const which = process.env.SALES_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  const venues: Venue[] = [];
  const out: SalesBenchResult[] = [];
  const what = SIGNATURE === 'none' ? ' (UNSIGNED)' : SIGNATURE === 'rgba' ? ' (RGBA pad PNG)' : '';
  console.log(`Selling: ${dialects.join(' and ')}, ${CONNECTIONS} tablets, median of ${RUNS} runs (${machineLoad()})`);
  try {
    for (const d of dialects) for (const r of ROOTS) venues.push(await openVenue(d, r));
    for (const kind of KINDS) {
      const amount = kind === 'single' ? SALES : CHECKOUTS;
      // Warm both servers up (JIT, pool connections) before anything is timed.
      for (const v of venues) {
        if (kind === 'single') await sell(v, WARMUP);
        else await sellTheMix(v, MIX_WARMUP);
      }
      const runs = new Map<Venue, RunFigures[]>(venues.map((v) => [v, []]));
      // The databases take turns, run after run, so both see the same machine load.
      for (let i = 0; i < RUNS; i++) {
        for (const v of venues) {
          const f = await measuredRun(v, kind, amount);
          runs.get(v)!.push(f);
          const m = f.mix
            ? ` (${f.mix.checkouts} checkouts: ${f.mix.units} units, ${f.mix.holds} holds, ${f.mix.prints} prints, ` +
              `${f.mix.reprints} reprints, ${f.mix.requests} requests${f.mix.errorSamples.length ? `; ${f.mix.errorSamples.join(' | ')}` : ''})`
            : '';
          console.log(
            `  ${kind} run ${i + 1} ${v.label.padEnd(8)} ${Math.round(f.rps)} sales/s, p99 ${Math.round(f.p99)} ms, ` +
              `CPU/sale ${f.serverCpuMs.toFixed(2)} ms server + ${f.dbCpuMs.toFixed(2)} ms database${m} (${f.load})`,
          );
        }
      }
      for (const v of venues) {
        const all = [...runs.get(v)!].sort((a, b) => a.rps - b.rps);
        const mid = all[Math.floor(all.length / 2)]!;
        const r: SalesBenchResult = {
          database: v.dialect,
          kind,
          connections: CONNECTIONS,
          sales: mid.ok,
          perSecond: Math.round(mid.rps),
          p50Ms: Math.round(mid.p50),
          p99Ms: Math.round(mid.p99),
          errors: all.reduce((n, f) => n + f.errors, 0),
          recorded: await recordedSales(v),
          serverCpuMs: median(all.map((f) => f.serverCpuMs)),
          dbCpuMs: median(all.map((f) => f.dbCpuMs)),
        };
        out.push(r);
        const target = kind === 'single' ? ` (target ${r.database === 'sqlite' ? '≥ 500' : '≥ 400'})` : '';
        console.log(
          `sales ${v.label.padEnd(8)} ${r.connections} tablets: ${r.perSecond} ${label[kind]}${what}${target}, ` +
            `median of ${RUNS} (${r.sales} sales a run, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, ` +
            `${r.recorded} recorded in all; CPU per sale ${r.serverCpuMs.toFixed(2)} ms server + ` +
            `${r.dbCpuMs.toFixed(2)} ms database; ${mid.load})`,
        );
      }
      // A/B of two checkouts: each run's CPU per sale of the second against the first, run by run.
      for (const d of ROOTS.length > 1 ? dialects : []) {
        const [va, vb] = venues.filter((v) => v.dialect === d);
        const ra = runs.get(va!)!;
        const rb = runs.get(vb!)!;
        const ratios = ra.map((fa, i) => (rb[i]!.serverCpuMs + rb[i]!.dbCpuMs) / (fa.serverCpuMs + fa.dbCpuMs));
        console.log(
          `sales ${kind} ${d} A/B: CPU per sale ${vb!.label} / ${va!.label} ×${median(ratios).toFixed(3)} (median of ` +
            `the runs' ratios ${ratios.map((x) => x.toFixed(3)).join(' / ')}; server ${median(ra.map((f) => f.serverCpuMs)).toFixed(3)} → ` +
            `${median(rb.map((f) => f.serverCpuMs)).toFixed(3)} ms, database ${median(ra.map((f) => f.dbCpuMs)).toFixed(3)} → ` +
            `${median(rb.map((f) => f.dbCpuMs)).toFixed(3)} ms) (${machineLoad()})`,
        );
      }
      const [a, b] = out.filter((r) => r.kind === kind);
      if (a && b && ROOTS.length === 1) {
        console.log(
          `sales ${kind} postgres/sqlite: ${(b.perSecond / a.perSecond).toFixed(2)} × the rate, ` +
            `${((b.serverCpuMs + b.dbCpuMs) / (a.serverCpuMs + a.dbCpuMs)).toFixed(2)} × the CPU per sale (${machineLoad()})`,
        );
      }
    }
  } finally {
    for (const v of venues) await closeVenue(v);
  }
  return out;
}

async function recordedSales(v: Venue): Promise<number> {
  const row = await v.database.db
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await salesBench();
}
