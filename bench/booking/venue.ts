/**
 * The booking benches' venue (issue 24): 1,200 units in 8 locations of 6 rows × 25 (as the board
 * bench builds it), all booked online, an all-day bench price, the demo staff user on every
 * location; the real server in its own process on SQLite or a throw-away PostgreSQL database.
 *
 * The server trusts 127.0.0.1 as its reverse proxy (SANDBAR_TRUST_PROXY, docs/CONFIGURATION.md),
 * so each simulated phone sends its own X-Forwarded-For: the per-IP limits of the public page
 * (240 reads a minute, 10 bookings an hour per address) then apply per phone, as behind a real
 * proxy, instead of to the one bench address.
 */
import { throwAwayDatabase } from '../throwaway-db';
import { type Database } from '../../packages/server/src/db/connect';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { seedDemoVenue } from '../../packages/server/src/demo-venue';
import { writeSettings } from '../../packages/server/src/features/settings/settings.repository';
import { systemClock } from '../../packages/server/src/platform/clock';
import { insertBenchPrice } from '../fixtures';
import { type Server, login, startServer, stopServer } from '../season/load';

export const LOCATIONS = 8;
export const ROWS = 6;
export const PER_ROW = 25; // 8 × 6 × 25 = 1,200 units

export interface BookingVenue {
  dialect: 'sqlite' | 'postgres';
  database: Database;
  /** PostgreSQL: the throw-away database's name (its backends' CPU). */
  pgName?: string;
  server: Server;
  /** Another instance of the server on the same database (PostgreSQL's scale-out); stopped with the venue. */
  addInstance(extraEnv?: Record<string, string>): Promise<Server>;
  token: string;
  priceId: number;
  /** Location ids, and each location's unit ids in grid order (row 1, the front row, first). */
  locations: { id: number; units: number[] }[];
  close(): Promise<void>;
}

async function seed(database: Database, settings: Record<string, string>) {
  const db = database.db;
  await migrateToLatest(db);
  await seedDemoVenue(db, systemClock);
  const now = Date.now();
  const staff = await db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow();
  const locations: { id: number; units: number[] }[] = [];
  for (let l = 0; l < LOCATIONS; l++) {
    const { id } = await db
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
    await db.insertInto('user_locations').values({ user_id: staff.id, location_id: id }).execute();
    const rows = [];
    for (let row = 1; row <= ROWS; row++)
      for (let p = 1; p <= PER_ROW; p++)
        rows.push({
          location_id: id,
          row,
          position: p,
          unit_type: 'U',
          unit_number: (row - 1) * PER_ROW + p,
          umbrella_type: 'U',
          removed: 0,
        });
    const ids = await db.insertInto('positions').values(rows).returning('id').execute();
    locations.push({ id, units: ids.map((r) => r.id) });
  }
  await writeSettings(db, {
    bookingOnlineLocations: Array.from({ length: LOCATIONS }, (_, l) => `B${l + 1}`).join(', '),
    ...settings,
  });
  const priceId = await insertBenchPrice(db, now);
  return { locations, priceId };
}

/** `opts.settings`: venue settings on top (the paying race asks for full prepayment); `opts.env`: the server's. */
export async function openBookingVenue(
  dialect: 'sqlite' | 'postgres',
  opts: { settings?: Record<string, string>; env?: Record<string, string> } = {},
): Promise<BookingVenue> {
  const { database, env, drop, pgName } = await throwAwayDatabase(dialect, { label: 'booking_bench', poolSize: 2 });
  try {
    const { locations, priceId } = await seed(database, opts.settings ?? {});
    const serverEnv = { ...env, SANDBAR_TRUST_PROXY: '127.0.0.1', ...opts.env };
    const server = await startServer(serverEnv);
    const more: Server[] = [];
    const token = await login(server.url, 'staff', 'sandbar-demo');
    return {
      dialect,
      database,
      pgName,
      server,
      addInstance: async (extraEnv = {}) => {
        const s = await startServer({ ...serverEnv, ...extraEnv });
        more.push(s);
        return s;
      },
      token,
      priceId,
      locations,
      close: async () => {
        for (const s of more) await stopServer(s.proc);
        await stopServer(server.proc);
        await database.close();
        await drop();
      },
    };
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
}

export { phoneIp } from './race-client';
