/**
 * Flat with history (issue 25, deliver 3), SQLite: CPU per signed sale on a season venue (120
 * days, ≈ 228k sales; SALES_HISTORY_DAYS, SALES_HISTORY_SCALE) against a fresh one (its first 11
 * days), both in this process (the app through `inject`, so only the server's work is counted:
 * no HTTP client beside it), sold one after the other in turns, 4 turns of 400 sales each after
 * 500 untimed sales per venue; the figure is the median turn. Target: the season within ×1.05
 * of the fresh venue. The full season bench (`npm run bench -- season`) measures the same over
 * HTTP with 20 tablets on both databases.
 *
 *   npm run bench -- sales-history
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import { buildApp } from '../packages/server/src/app';
import { connectSqlite } from '../packages/server/src/db/connect';
import { loadEnv } from '../packages/server/src/env';
import { benchSaleBody, benchSignatures, insertBenchPrice, positionIdsOf } from './fixtures';
import { machineLoad, median } from './season/load';
import { SEASON_PASSWORD, seedSeason } from './season/seed';

const DAYS = Number(process.env.SALES_HISTORY_DAYS ?? 120);
const SCALE = Number(process.env.SALES_HISTORY_SCALE ?? 1);
const TURNS = 4;
const PER_TURN = 400;
const TZ = 'America/New_York';
const NOW = dayStartMs(businessDay(Date.now(), TZ), TZ) + 18 * 3_600_000;
const signatures = benchSignatures('compact');

async function openVenue(label: string, days: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sandbar-history-${label}-`));
  // The server's connection, as main.ts opens it.
  const database = connectSqlite(path.join(dir, 'sandbar.db'), { backgroundCheckpoints: true });
  const t0 = performance.now();
  const summary = await seedSeason(database, { days, units: 1200, scale: SCALE, now: NOW });
  const db = database.db;
  const { id: locationId } = await db
    .insertInto('locations')
    .values({ name: 'SELL', full_name: 'Bench Sales', umbrellas: 100, umbrella_rows: 30, sort: 999, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let r = 1; r <= 30; r++) {
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
    /** CPU ms per sale of `count` signed sales, one after the other. */
    async sell(count: number): Promise<number> {
      const c0 = process.cpuUsage();
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
      return (c.user + c.system) / 1000 / count;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function salesHistoryBench(): Promise<void> {
  console.log(`Selling with history, SQLite: a ${DAYS}-day season against a fresh venue (${machineLoad()})`);
  const season = await openVenue('season', DAYS);
  const fresh = await openVenue('fresh', 11);
  try {
    await season.sell(500);
    await fresh.sell(500);
    const s: number[] = [];
    const f: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      s.push(await season.sell(PER_TURN));
      f.push(await fresh.sell(PER_TURN));
    }
    const ratio = median(s) / median(f);
    console.log(
      `sales-history sqlite: CPU per signed sale season ${median(s).toFixed(2)} ms, fresh ${median(f).toFixed(2)} ms, ` +
        `×${ratio.toFixed(2)} (target ≤ ×1.05: ${ratio <= 1.05 ? 'met' : 'MISSED'}; turns season ` +
        `${s.map((x) => x.toFixed(2)).join(' / ')}, fresh ${f.map((x) => x.toFixed(2)).join(' / ')}) (${machineLoad()})`,
    );
  } finally {
    await season.close();
    await fresh.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await salesHistoryBench();
}
