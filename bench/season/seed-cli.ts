/**
 * `npm run seed:season`: builds a season venue (bench/season/seed.ts) in an empty database.
 *
 *   SANDBAR_DATA_DIR=./data-season npm run seed:season       (SQLite, the default folder)
 *   DATABASE_URL=postgres://…/sandbar_season npm run seed:season
 *   SEASON_DAYS=120 SEASON_UNITS=1200 SEASON_SCALE=1          (the defaults)
 *
 * Then `SANDBAR_DATA_DIR=./data-season npm start` (or the same DATABASE_URL) and sign in as
 * `seasonadmin` / `sandbar-season` (or agent1…agentN, two per season location).
 */
import path from 'node:path';
import { connectPostgres, connectSqlite } from '../../packages/server/src/db/connect';
import { isEmpty } from '../../packages/server/src/db/demo-seed';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { SEASON_PASSWORD, databaseBytes, seedSeason } from './seed';

const num = (name: string, dflt: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number (got "${v}").`);
    process.exit(2);
  }
  return n;
};

const days = Math.round(num('SEASON_DAYS', 120));
const units = Math.round(num('SEASON_UNITS', 1200));
const scale = num('SEASON_SCALE', 1);
const url = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.SANDBAR_DATA_DIR ?? './data-season');
const database = url ? connectPostgres(url, 2) : connectSqlite(path.join(dataDir, 'sandbar.db'));
const where = url ? url.replace(/\/\/[^@]*@/, '//…@') : path.join(dataDir, 'sandbar.db');

await migrateToLatest(database.db);
if (!(await isEmpty(database.db))) {
  console.error(
    `${where} already has data: point SANDBAR_DATA_DIR at a new folder, or DATABASE_URL at an empty database.`,
  );
  await database.close();
  process.exit(2);
}
console.log(`Seeding a ${days}-day season of ${units} units (scale ${scale}) into ${where} …`);
const t0 = Date.now();
const s = await seedSeason(database, {
  days,
  units,
  scale,
  progress: (done, total, day, sales) => {
    if (done % 10 === 0 || done === total)
      console.log(`  ${day}: ${sales} sales (${done}/${total} days, ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  },
});
const bytes = await databaseBytes(database);
await database.close();
console.log(
  `Done in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${s.sales.toLocaleString('en-US')} sales, ` +
    `${s.customers.toLocaleString('en-US')} customers, ${s.units} season units, ${s.firstDay} … ${s.today}, ` +
    `database ${(bytes / 2 ** 20).toFixed(0)} MiB.`,
);
console.log(`Sign in as ${s.adminUsername} / ${SEASON_PASSWORD} (or agent1…agent${s.agentUsernames.length}).`);
