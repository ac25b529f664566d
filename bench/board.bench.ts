/**
 * The board benchmark (issue 3), on a generated venue of 1,200 units over 8 locations:
 *  1. GET /api/getUnits at 50 connections: requests/s, p50 and p99, against a baseline server
 *     that answers the same bytes from memory (a bare Fastify route) — the ceiling on this machine.
 *  2. Chromium: time to the first render of the 1,200-tile board, and proof that one pushed
 *     change re-renders only the changed tile.
 *
 *   node --import tsx bench/board.bench.ts      (or npm run bench -- board)
 *   BOARD_BENCH_SECONDS=10 BOARD_BENCH_WEB_DIST=/path/to/dist
 *
 * Servers run as their own processes; autocannon and Chromium drive them from this one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { connectSqlite } from '../packages/server/src/db/connect';
import { seedDemoVenue } from '../packages/server/src/demo-venue';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { systemClock } from '../packages/server/src/platform/clock';
import { hashPassword } from '../packages/server/src/platform/passwords';
import { serverArgs } from './season/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCATIONS = 8;
const ROWS = 6;
const PER_ROW = 25; // 8 × 6 × 25 = 1,200 units
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BOARD_BENCH_SECONDS ?? 10);
const USER = 'benchboard';
const PASSWORD = 'sandbar-bench';

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

async function waitFor(url: string, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGTERM');
  throw new Error(`server did not start: ${url}`);
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

/** 8 locations of 6 × 25 umbrellas; about a third of today's units busy, as at noon in season. */
async function seedVenue(dataDir: string): Promise<void> {
  const database = connectSqlite(path.join(dataDir, 'sandbar.db'));
  const db = database.db;
  await migrateToLatest(db);
  await seedDemoVenue(db, systemClock);
  const now = Date.now();
  const { id: userId } = await db
    .insertInto('users')
    .values({
      username: USER,
      name: 'Bench Board',
      initials: 'BB',
      phone: '',
      email: '',
      password_hash: await hashPassword(PASSWORD),
      user_type: 'A',
      two_factor: 0,
      language_code: 'en',
      active: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const settings = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', '=', 'timeZone')
    .executeTakeFirst();
  const tz = settings?.value ?? 'America/New_York';
  const { businessDay } = await import('../packages/contract/src/rules/time');
  const day = businessDay(now, tz);
  const methods = ['Cash', 'Credit Card', 'Room Charge', 'Voucher'];
  for (let l = 0; l < LOCATIONS; l++) {
    const { id: locationId } = await db
      .insertInto('locations')
      .values({
        name: `B${l + 1}`,
        full_name: `Bench Beach ${l + 1}`,
        umbrellas: PER_ROW,
        umbrella_rows: ROWS,
        sort: 10 + l,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_locations').values({ user_id: userId, location_id: locationId }).execute();
    const positions = [];
    for (let row = 1; row <= ROWS; row++) {
      for (let position = 1; position <= PER_ROW; position++) {
        positions.push({
          location_id: locationId,
          row,
          position,
          unit_type: 'U',
          unit_number: (row - 1) * PER_ROW + position,
          umbrella_type: 'U',
          removed: 0,
        });
      }
    }
    const ids = await db.insertInto('positions').values(positions).returning('id').execute();
    for (const [i, { id }] of ids.entries()) {
      if (i % 3 !== 0) continue;
      const method = methods[i % methods.length]!;
      const status = i % 9 === 0 ? 5 : method === 'Room Charge' ? 4 : 2;
      let customerId: number | null = null;
      if (status !== 5) {
        customerId = (
          await db
            .insertInto('unit_customers')
            .values({
              position_id: id,
              day,
              sale_id: null,
              customer_name: `Guest ${l}-${i}`,
              payment_method: method,
              price_cents: 3500 + (i % 4) * 500,
              receipt_type: 'phone',
              receipt_phone: `555${String(1000000 + i).slice(-7)}`,
              receipt_email: '',
              state: 'seated',
              created_at: now,
              created_by: userId,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      await db
        .insertInto('unit_states')
        .values({
          position_id: id,
          day,
          status,
          version: 1,
          customer_id: customerId,
          updated_at: now,
          updated_by: userId,
        })
        .execute();
    }
  }
  await database.close();
}

async function startApp(dataDir: string, webDist: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: path.join(root, 'packages/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBAR_DATA_DIR: dataDir,
      SANDBAR_DEMO: '0',
      SANDBAR_WEB_DIST: webDist,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, proc);
  return { url, proc };
}

/** The ceiling: the same bytes from memory on a bare Fastify route, in its own process. */
async function startBaseline(bytesFile: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const code = `
    import fs from 'node:fs';
    import Fastify from 'fastify';
    const body = fs.readFileSync(${JSON.stringify(bytesFile)});
    const app = Fastify({ logger: false });
    app.get('/api/getUnits', (req, reply) => reply.type('application/json; charset=utf-8').send(body));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: path.join(root, 'packages/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/getUnits`, proc);
  return { url, proc };
}

async function load(url: string, headers: Record<string, string>) {
  // Warm up (JIT, caches), then measure.
  await autocannon({ url: `${url}/api/getUnits`, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url: `${url}/api/getUnits`, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    perSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  };
}

function webDist(): string {
  const given = process.env.BOARD_BENCH_WEB_DIST;
  if (given && fs.existsSync(path.join(given, 'index.html'))) return given;
  const out = path.join(os.tmpdir(), 'sandbar-dist-bench');
  console.log(`building the web app into ${out} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: path.join(root, 'packages/web'),
    stdio: 'ignore',
  });
  return out;
}

async function browserFigures(url: string, token: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript((t) => localStorage.setItem('sandbar.token', t), token);
    const firstRender: number[] = [];
    const afterData: number[] = [];
    // Three cold loads; the first warms the browser's and the server's caches.
    for (let i = 0; i < 3; i++) {
      await page.goto(`${url}/`);
      // Polled in each animation frame: once all tiles are in the DOM, a timeout set from that
      // frame fires after the frame is painted — the moment the board is on screen.
      await page.waitForFunction(
        (n) => {
          const w = window as unknown as { __boardPainted?: number; __boardSeen?: boolean };
          if (!w.__boardSeen && document.querySelectorAll('[data-unit]').length >= n) {
            w.__boardSeen = true;
            setTimeout(() => (w.__boardPainted = performance.now()));
          }
          return w.__boardPainted !== undefined;
        },
        1200,
        { polling: 'raf', timeout: 30_000 },
      );
      const m = await page.evaluate(() => {
        const now = (window as unknown as { __boardPainted: number }).__boardPainted;
        const board = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/getUnits'))
          .map((e) => (e as PerformanceResourceTiming).responseEnd);
        const scripts = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => (e as PerformanceResourceTiming).responseEnd);
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return {
          now,
          dataAt: board.length ? Math.max(...board) : now,
          scriptsAt: scripts.length ? Math.max(...scripts) : 0,
          domReady: nav?.domContentLoadedEventEnd ?? 0,
        };
      });
      if (i > 0) {
        firstRender.push(m.now);
        afterData.push(m.now - m.dataAt);
        console.log(
          `  load ${i}: scripts in at ${Math.round(m.scriptsAt)} ms, DOM ready ${Math.round(m.domReady)} ms, ` +
            `board data in at ${Math.round(m.dataAt)} ms, 1,200 tiles on screen at ${Math.round(m.now)} ms`,
        );
      }
    }
    // Re-render proof: count tile renders while one unit changes on the server.
    await page.evaluate(() => {
      (window as unknown as { __sandbarTileRenders?: Record<number, number> }).__sandbarTileRenders = {};
    });
    const target = await page.locator('[data-location="B1"] [data-status="0"]').first().getAttribute('data-unit');
    const started = Date.now();
    const res = await fetch(`${url}/api/markOccupied`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ unitData: { unitId: Number(target) } }),
    });
    if (!res.ok) throw new Error(`markOccupied answered ${res.status}`);
    await page.waitForSelector(`[data-unit="${target}"][data-status="5"]`, { timeout: 5000 });
    const seenAfter = Date.now() - started;
    await page.waitForTimeout(500);
    const renders = await page.evaluate(
      () => (window as unknown as { __sandbarTileRenders?: Record<number, number> }).__sandbarTileRenders ?? {},
    );
    return {
      firstRenderMs: Math.round(Math.min(...firstRender)),
      renderAfterDataMs: Math.round(Math.min(...afterData)),
      liveMs: seenAfter,
      rerendered: Object.keys(renders).map(Number),
      target: Number(target),
    };
  } finally {
    await browser.close();
  }
}

export default async function boardBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-board-bench-'));
  const dist = webDist();
  await seedVenue(dataDir);
  const app = await startApp(dataDir, dist);
  let baseline: { url: string; proc: ChildProcess } | null = null;
  try {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USER, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const sample = await fetch(`${app.url}/api/getUnits`, { headers });
    const bytes = Buffer.from(await sample.arrayBuffer());
    const board = JSON.parse(bytes.toString('utf8')) as { totalUnits: number; locations: unknown[] };
    const bytesFile = path.join(dataDir, 'board.json');
    fs.writeFileSync(bytesFile, bytes);
    console.log(
      `board: ${board.totalUnits} units over ${board.locations.length} locations, response ${(bytes.length / 1024).toFixed(0)} KiB; ` +
        `${CONNECTIONS} connections, ${SECONDS} s each`,
    );

    const ours = await load(app.url, headers);
    baseline = await startBaseline(bytesFile);
    const ceiling = await load(baseline.url, {});
    await stop(baseline.proc);
    baseline = null;
    const ratio = Math.round((ours.perSecond / ceiling.perSecond) * 100);
    console.log(
      `GET /api/getUnits: ${ours.perSecond} req/s, p50 ${ours.p50} ms, p99 ${ours.p99} ms, ${ours.errors} errors`,
    );
    console.log(
      `baseline (same bytes from memory): ${ceiling.perSecond} req/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms`,
    );
    console.log(`ratio: ${ratio}% of the baseline (target ≥ 50%, p99 < 100 ms)`);

    const b = await browserFigures(app.url, token);
    console.log(
      `Chromium: 1,200-tile board first render ${b.firstRenderMs} ms from navigation ` +
        `(${b.renderAfterDataMs} ms after the board data arrived; target < 500 ms)`,
    );
    const only = b.rerendered.length === 1 && b.rerendered[0] === b.target;
    console.log(
      `live change: seen ${b.liveMs} ms after the call; tiles re-rendered: ${b.rerendered.length} of ${board.totalUnits}` +
        ` (${only ? 'only the changed tile' : `units ${b.rerendered.slice(0, 10).join(', ')}…`})`,
    );
    return { ours, ceiling, ratio, browser: b };
  } finally {
    if (baseline) await stop(baseline.proc);
    await stop(app.proc);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await boardBench();
}
