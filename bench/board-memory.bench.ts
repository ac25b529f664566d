/**
 * The board cache proves its bound (issue 25, deliver 4): a supervisor leafs through 200 past
 * days of a season venue (1,200 units; BOARD_MEMORY_DAYS, BOARD_MEMORY_SCALE sales a day relative
 * to the season's, 0.1 by default so the seed takes a minute, not ten: a day's board lists every
 * unit whatever its sales). The app runs in this process (SQLite), so the heap can be measured
 * after a full collection: before, after the 200 days (the cache at its bound) and after the
 * cache let them go (its 5 s time limit and sweep). Figures: RSS and heap used after GC, the
 * cache's own estimate, and the target: growth within the cache's cap plus a fixed overhead.
 *
 *   npm run bench -- board-memory
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import { buildApp } from '../packages/server/src/app';
import { connectSqlite } from '../packages/server/src/db/connect';
import { loadEnv } from '../packages/server/src/env';
import { MAX_BYTES, MAX_ENTRIES, boardCache } from '../packages/server/src/features/units/board-cache';
import { machineLoad } from './season/load';
import { SEASON_PASSWORD, seedSeason } from './season/seed';

const DAYS = Number(process.env.BOARD_MEMORY_DAYS ?? 200);
const SCALE = Number(process.env.BOARD_MEMORY_SCALE ?? 0.1);
/** What the process may grow by besides the cache's own cap: V8's code, pools, Fastify's state. */
const OVERHEAD_MIB = 32;
const TZ = 'America/New_York';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const mib = (n: number) => n / 2 ** 20;

async function settled(): Promise<{ rss: number; heap: number }> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  const m = process.memoryUsage();
  return { rss: mib(m.rss), heap: mib(m.heapUsed) };
}

export default async function boardMemoryBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-board-memory-'));
  const database = connectSqlite(path.join(dir, 'sandbar.db'));
  try {
    const now = dayStartMs(businessDay(Date.now(), TZ), TZ) + 18 * 3_600_000;
    const t0 = performance.now();
    const summary = await seedSeason(database, { days: DAYS + 1, units: 1200, scale: SCALE, now });
    console.log(
      `board memory: seeded ${DAYS + 1} days, ${summary.units} units, ${summary.sales.toLocaleString('en-US')} sales in ` +
        `${((performance.now() - t0) / 1000).toFixed(0)} s (${machineLoad()})`,
    );
    const app = await buildApp({
      database,
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0', SANDBAR_DATA_DIR: dir }),
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
      const headers = { authorization: `Bearer ${login.json().token as string}` };
      const open = async (day: string) => {
        const ts = Math.floor(dayStartMs(day, TZ) / 1000) + 12 * 3600;
        const res = await app.inject({ method: 'GET', url: `/api/getUnits/${ts}`, headers });
        if (res.statusCode !== 200) throw new Error(`day ${day}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return res.rawPayload.length;
      };
      // Today's board and one past day first: code compiled, pools and statements warm.
      await app.inject({ method: 'GET', url: '/api/getUnits', headers });
      const days = Array.from({ length: DAYS }, (_, i) => {
        const d = new Date(`${summary.firstDay}T12:00:00Z`);
        d.setUTCDate(d.getUTCDate() + i);
        return d.toISOString().slice(0, 10);
      });
      await open(days[0]!);
      const cache = boardCache(app.deps.events);
      cache.clear();
      const before = await settled();
      let bytes = 0;
      const t1 = performance.now();
      for (const day of days) bytes += await open(day);
      const openMs = performance.now() - t1;
      const held = { entries: cache.size, bytes: mib(cache.heldBytes) };
      const after = await settled();
      // The cache's time limit is 5 s and its sweep runs every 5 s: 11 s and every day is gone.
      await new Promise((r) => setTimeout(r, 11_000));
      const evicted = await settled();
      const growth = after.heap - before.heap;
      const bound = mib(MAX_BYTES) + OVERHEAD_MIB;
      console.log(
        `board memory: ${DAYS} past days opened in ${(openMs / 1000).toFixed(1)} s (${(bytes / DAYS / 1024).toFixed(0)} KiB ` +
          `a board); the cache held ${held.entries} days (≤ ${MAX_ENTRIES}), ${held.bytes.toFixed(1)} MiB by its estimate ` +
          `(cap ${mib(MAX_BYTES)} MiB) (${machineLoad()})`,
      );
      console.log(
        `board memory: heap after GC ${before.heap.toFixed(1)} → ${after.heap.toFixed(1)} → ${evicted.heap.toFixed(1)} MiB, ` +
          `RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} → ${evicted.rss.toFixed(0)} MiB ` +
          `(before, after ${DAYS} days, after eviction); heap growth ${growth.toFixed(1)} MiB, target ≤ cap + ` +
          `${OVERHEAD_MIB} MiB = ${bound.toFixed(0)} MiB: ${growth <= bound ? 'met' : 'MISSED'}; after eviction ` +
          `${(evicted.heap - before.heap).toFixed(1)} MiB above before (${machineLoad()})`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await boardMemoryBench();
}
