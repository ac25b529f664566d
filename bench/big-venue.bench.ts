/**
 * The big-venue benchmark (issue 25, point 5): today's board of a 5,000-unit venue against a
 * 1,200-unit one, both seeded by bench/season/seed.ts (a full day's selling on 150-unit
 * locations), each served by the real server in its own process, on SQLite and PostgreSQL:
 *   · bytes of the whole day and of one location: identity, gzip and brotli
 *   · GET /api/getUnits at 50 connections (50 tablets) as the browser asks (brotli and gzip
 *     accepted): requests/s per tablet, p50 and p99 — a tablet's part (?locationIds= of eight
 *     locations: 1,200 units' worth, the whole of the small venue), one location, the whole day,
 *     and the part and the whole while units of the part change four times a second (each change
 *     patches the cached day)
 *   · the whole day uncompressed (how the issue measured ×0.22–0.27)
 *   · for each, the CPU one answer cost the server and the client (autocannon, in this process):
 *     for the whole 5,000-unit day the client is the limit on this machine, not the server
 * and prints the targets: a 5,000-unit venue's tablet ≥ 0.6 × the 1,200-unit board's requests/s
 * per tablet, p99 < 150 ms at 50 tablets. The machine's load average is printed with each figure.
 *
 *   npm run bench -- big-venue
 *   BIG_BENCH_DB=sqlite|postgres  BIG_BENCH_RUNS=3
 */
import { throwAwayDatabase } from './throwaway-db';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import type { DashboardData } from '@sandbar/contract/units';
import { sql } from 'kysely';
import {
  type LoadResult,
  type LoadSpec,
  type Server,
  cpuSeconds,
  loadMedian,
  loadOnce,
  login,
  machineLoad,
  startServer,
  stopServer,
} from './season/load';
import { SEASON_PASSWORD, seedSeason } from './season/seed';

const RUNS = Number(process.env.BIG_BENCH_RUNS ?? 3);
const CONNECTIONS = 50;
const TZ = 'America/New_York';
/** 6 p.m. of today at the venue: today's board is a full day's whatever the hour (season bench). */
const SEED_NOW = dayStartMs(businessDay(Date.now(), TZ), TZ) + 18 * 3_600_000;
/** What Chromium sends. */
const BROWSER = 'gzip, deflate, br, zstd';
const METRICS_TOKEN = 'big-venue-bench-metrics';
/** Board changes a second while the tablets read (a busy noon: every change is a live event). */
const CHANGES_PER_SECOND = 4;

type Dialect = 'sqlite' | 'postgres';

interface Venue {
  env: Record<string, string>;
  units: number;
  drop(): Promise<void>;
}

async function createVenue(dialect: Dialect, units: number): Promise<Venue> {
  const { database, env, drop: cleanup } = await throwAwayDatabase(dialect, { label: `big_${units}`, poolSize: 4 });
  const t0 = performance.now();
  const summary = await seedSeason(database, { days: 1, units, now: SEED_NOW });
  if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(database.db);
  await database.close();
  console.log(
    `  seeded ${dialect}: ${summary.units} units, ${summary.sales.toLocaleString('en-US')} sales today in ` +
      `${((performance.now() - t0) / 1000).toFixed(0)} s (${machineLoad()})`,
  );
  return { env: { ...env, SANDBAR_METRICS_TOKEN: METRICS_TOKEN }, units: summary.units, drop: cleanup };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const kib = (bytes: number) => `${fmt(bytes / 1024, bytes < 100 * 1024 ? 1 : 0)} KiB`;

/** A load's figures and the CPU each side spent on one answer (server process; this process: autocannon). */
type Measured = LoadResult & { serverMs: number; clientMs: number };

/**
 * A few hundred requests to find the rate, then the median of RUNS runs of about six seconds each.
 * CPU is counted over all the runs: on this 2-core machine autocannon (one thread) parses every
 * answer, and for the whole 5,000-unit day it, not the server, is the limit (2026-11-25: client
 * 8.0 s of CPU against the server's 1.7 s for 1,500 answers), so the server's CPU per answer is
 * printed beside each rate.
 */
async function measure(server: Server, spec: Omit<LoadSpec, 'amount' | 'connections'>): Promise<Measured> {
  const probe = await loadOnce({ ...spec, connections: CONNECTIONS, amount: 200 });
  const amount = Math.min(8000, Math.max(300, Math.round(probe.rps * 6)));
  const s0 = cpuSeconds(server.proc.pid!);
  const c0 = process.cpuUsage();
  const r = await loadMedian({ ...spec, connections: CONNECTIONS, amount }, RUNS);
  const c = process.cpuUsage(c0);
  const answers = amount * RUNS;
  return {
    ...r,
    serverMs: ((cpuSeconds(server.proc.pid!) - s0) * 1000) / answers,
    clientMs: (c.user + c.system) / 1000 / answers,
  };
}

type Changing = Measured & { patches: number; changes: number };

interface Figures {
  units: number;
  bytes: { whole: Record<string, number>; part: Record<string, number>; location: Record<string, number> };
  whole: Measured;
  part: Measured;
  location: Measured;
  partChanging: Changing;
  wholeChanging: Changing;
  identity: Measured;
}

/** A tablet's part: eight 150-unit locations, 1,200 units — the whole of the small venue. */
const PART_LOCATIONS = 8;

/** Bytes on the wire (fetch would decode them), NaN when the server sent another encoding. */
async function sizes(url: string, token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const enc of ['identity', 'gzip', 'br']) {
    out[enc] = await new Promise<number>((resolve, reject) => {
      http
        .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': enc } }, (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => {
            const sent = res.headers['content-encoding'] ?? 'identity';
            resolve(sent === enc ? n : Number.NaN);
          });
        })
        .on('error', reject);
    });
  }
  return out;
}

/** Changes units of today four times a second (occupied, then empty again), as tablets do at noon. */
function startChanges(server: Server, token: string, unitIds: number[]): { stop(): Promise<number> } {
  let n = 0;
  let ok = 0;
  let busy = Promise.resolve();
  const timer = setInterval(() => {
    const id = unitIds[Math.floor(n / 2) % unitIds.length]!;
    const url = n % 2 === 0 ? '/api/markOccupied' : '/api/markOccupiedEmpty';
    n++;
    busy = busy.then(async () => {
      const res = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ unitData: { unitId: id } }),
      });
      await res.arrayBuffer();
      if (res.ok) ok++;
    });
  }, 1000 / CHANGES_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      return ok;
    },
  };
}

async function measureVenue(dialect: Dialect, units: number): Promise<Figures> {
  const venue = await createVenue(dialect, units);
  try {
    const server = await startServer(venue.env);
    try {
      const token = await login(server.url, 'seasonadmin', SEASON_PASSWORD);
      const auth = { authorization: `Bearer ${token}` };
      const wholeUrl = `${server.url}/api/getUnits`;
      const board = (await (await fetch(wholeUrl, { headers: auth })).json()) as DashboardData;
      const partIds = board.locations.slice(0, PART_LOCATIONS).map((l) => l.id);
      const partUrl = `${wholeUrl}?locationIds=${partIds.join(',')}`;
      const locationUrl = `${wholeUrl}?locationIds=${partIds[0]}`;
      const bytes = {
        whole: await sizes(wholeUrl, token),
        part: await sizes(partUrl, token),
        location: await sizes(locationUrl, token),
      };
      const browser = { ...auth, 'accept-encoding': BROWSER };
      const whole = await measure(server, { url: wholeUrl, headers: browser });
      const part = await measure(server, { url: partUrl, headers: browser });
      const location = await measure(server, { url: locationUrl, headers: browser });
      const identity = await measure(server, { url: wholeUrl, headers: auth });
      // Units of the part that can be marked occupied (0 or 3) and then empty again (5 → 0).
      const free = board.locations
        .slice(0, PART_LOCATIONS)
        .flatMap((l) => l.units.flat())
        .filter((u) => u.unitStatus === 0 || u.unitStatus === 3)
        .slice(0, 40)
        .map((u) => u.id);
      if (free.length === 0) console.log('    (no free unit to change: the changing runs change nothing)');
      const changingRun = async (url: string): Promise<Changing> => {
        const before = await patchCount(server);
        const changes = startChanges(server, token, free);
        const r = await measure(server, { url, headers: browser });
        const n = await changes.stop();
        return { ...r, changes: n, patches: (await patchCount(server)) - before };
      };
      const partChanging = await changingRun(partUrl);
      const wholeChanging = await changingRun(wholeUrl);
      return { units: venue.units, bytes, whole, part, location, identity, partChanging, wholeChanging };
    } finally {
      await stopServer(server.proc);
    }
  } finally {
    await venue.drop();
  }
}

/** The server's count of patched boards, from /metrics (NaN when it has none). */
async function patchCount(server: Server): Promise<number> {
  try {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const m = /^sandbar_board_builds_total\{kind="patched"\} (\d+)/m.exec(await res.text());
    return m ? Number(m[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const perTablet = (r: LoadResult) => r.rps / CONNECTIONS;
const line = (label: string, r: Measured) =>
  `${label}: ${fmt(r.rps)} req/s (${fmt(perTablet(r), 1)} per tablet), p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ` +
  `CPU per answer ${fmt(r.serverMs, 2)} ms server, ${fmt(r.clientMs, 2)} ms client${r.errors ? `, ${r.errors} errors` : ''}`;
const sizeLine = (s: Record<string, number>) =>
  `identity ${kib(s.identity!)}, gzip ${kib(s.gzip!)}, brotli ${kib(s.br!)}`;

function report(dialect: Dialect, small: Figures, big: Figures): void {
  console.log(`  ${dialect} (${machineLoad()}):`);
  const changed = (c: Changing) =>
    `${c.changes} changes, ${Number.isNaN(c.patches) ? 'patches not counted' : `${c.patches} boards patched`}`;
  for (const f of [small, big]) {
    console.log(`    ${fmt(f.units)} units`);
    console.log(`      sizes: whole day ${sizeLine(f.bytes.whole)}`);
    console.log(
      `             ${PART_LOCATIONS} locations ${sizeLine(f.bytes.part)}; one location ${sizeLine(f.bytes.location)}`,
    );
    console.log(`      ${line(`${PART_LOCATIONS} locations (?locationIds=)`, f.part)}`);
    console.log(`      ${line('one location', f.location)}`);
    console.log(`      ${line('whole day', f.whole)}`);
    console.log(
      `      ${line(`${PART_LOCATIONS} locations, ${CHANGES_PER_SECOND} changes/s`, f.partChanging)} — ${changed(f.partChanging)}`,
    );
    console.log(
      `      ${line(`whole day, ${CHANGES_PER_SECOND} changes/s`, f.wholeChanging)} — ${changed(f.wholeChanging)}`,
    );
    console.log(`      ${line('whole day, uncompressed', f.identity)}`);
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  // The small venue's tablet shows its whole board: that is the rate to keep.
  const rows: [string, Measured, Measured][] = [
    [`a tablet's ${PART_LOCATIONS} locations`, big.part, small.whole],
    [`a tablet's ${PART_LOCATIONS} locations, ${CHANGES_PER_SECOND} changes/s`, big.partChanging, small.partChanging],
    ['one location', big.location, small.whole],
    ['whole day (4.2 × the units and bytes)', big.whole, small.whole],
    [`whole day, ${CHANGES_PER_SECOND} changes/s`, big.wholeChanging, small.wholeChanging],
  ];
  for (const [label, r, base] of rows) {
    const x = perTablet(r) / perTablet(base);
    console.log(
      `    target: 5,000 units ≥ 0.6 × 1,200 units' req/s per tablet — ${label}: ×${x.toFixed(2)} ${verdict(x >= 0.6)}; ` +
        `p99 < 150 ms at ${CONNECTIONS} tablets: ${fmt(r.p99)} ms ${verdict(r.p99 < 150)}; ` +
        `server CPU per answer ×${(base.serverMs / r.serverMs).toFixed(2)} the rate it allows`,
    );
  }
  const x = perTablet(big.identity) / perTablet(small.identity);
  console.log(
    `    (whole day uncompressed, as issue 25 measured it: ×${x.toFixed(2)}, p99 ${fmt(big.identity.p99)} ms)`,
  );
}

export default async function bigVenueBench(): Promise<void> {
  const which = process.env.BIG_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as Dialect[];
  console.log(
    `Big-venue benchmark: today's board, 1,200 vs 5,000 units, ${CONNECTIONS} tablets, median of ${RUNS} runs (${machineLoad()}).`,
  );
  for (const dialect of dialects) {
    const small = await measureVenue(dialect, 1200);
    const big = await measureVenue(dialect, 5000);
    report(dialect, small, big);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bigVenueBench();
}
