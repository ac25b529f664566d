/**
 * Live guest lookup's latency (issue 34, point 2: "≤ 1 s p95 against a PMS answering in 300 ms"),
 * on the real server in its own process, on SQLite and PostgreSQL.
 *
 * The demo venue's Hyatt is connected to the Mews fake and its Wyndham to the OHIP (OPERA Cloud)
 * fake, both answering every request after 300 ms (`latencyMs`), each with 60 guests in house.
 * Staff's room-charge step (`POST /api/searchWyndham`, what the wizard calls when the room and
 * surname are typed) is timed from the client: four tablets at once, each lookup a random guest
 * (a room seen for the first time costs Mews one more call, resources/getAll; OPERA's first
 * lookup also fetches its OAuth token). Printed per hotel: p50 / p95 / p99 / max, how many were
 * found live (any other answer — the roster's fallback after the 1 s budget — is counted), and the
 * p95 of the lookups that were a room's first. Figures are printed with the machine load, never
 * asserted (docs/PERFORMANCE.md).
 *
 *   npm run bench -- pms-lookup     PMS_BENCH_DB=sqlite|postgres  PMS_BENCH_LOOKUPS=200
 */
import crypto from 'node:crypto';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { seedDemoVenue } from '../packages/server/src/demo-venue';
import { systemClock } from '../packages/server/src/platform/clock';
import { type MewsFake, startMewsFake } from '../packages/server/test/fixtures/mews/mews-fake';
import { type OhipFake, startOhipFake } from '../packages/server/test/fixtures/ohip/ohip-fake';
import { login, machineLoad, startServer, stopServer } from './season/load';
import { throwAwayDatabase } from './throwaway-db';

const LOOKUPS = Number(process.env.PMS_BENCH_LOOKUPS ?? 200);
const TABLETS = 4;
const PMS_MS = 300;
const GUESTS = 60;
const SURNAMES = ['Smith', 'García', 'Johnson', 'Müller', "O'Brien", 'Nguyen', 'Rossi', 'Dubois', 'Kowalski', 'Silva'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : 0;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

function fill(mews: MewsFake, ohip: OhipFake) {
  const guests: { room: string; lastName: string }[] = [];
  for (let k = 0; guests.length < GUESTS; k++) {
    const room = String(100 * (1 + (k % 10)) + 40 + Math.floor(k / 10));
    const lastName = SURNAMES[k % SURNAMES.length]!;
    mews.addGuest({ room, firstName: 'Bench', lastName });
    ohip.addReservation({ room, givenName: 'Bench', surname: lastName });
    guests.push({ room, lastName });
  }
  return guests;
}

async function call(url: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

async function run(dialect: 'sqlite' | 'postgres') {
  const { database, env, drop } = await throwAwayDatabase(dialect, { label: 'pms_bench', poolSize: 2 });
  const mews = await startMewsFake();
  const ohip = await startOhipFake();
  const guests = fill(mews, ohip);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await migrateToLatest(database.db);
    await seedDemoVenue(database.db, systemClock);
    const hotels = Object.fromEntries(
      (await database.db.selectFrom('hotels').select(['id', 'name']).execute()).map((h) => [h.name, h.id]),
    );
    await database.close();
    server = await startServer({ ...env, SANDBAR_SECRET_KEY: crypto.randomBytes(32).toString('hex') });
    const admin = await login(server.url, 'admin', 'sandbar-demo');
    const staff = await login(server.url, 'staff', 'sandbar-demo');
    const mapping = { umbrella: 'U', cabana: 'C', addon: 'A', fnb: 'F', tip: 'T' };
    await call(server.url, admin, 'saveHotelPms', {
      postData: {
        hotelId: hotels.Hyatt,
        kind: 'mews',
        endpoint: mews.url,
        propertyCode: mews.serviceId,
        currency: 'USD',
        credentials: { clientToken: mews.clientToken, accessToken: mews.accessToken },
        mapping,
      },
    });
    await call(server.url, admin, 'saveHotelPms', {
      postData: {
        hotelId: hotels.Wyndham,
        kind: 'opera',
        endpoint: ohip.url,
        propertyCode: ohip.hotelId,
        currency: 'USD',
        credentials: { clientId: 'c', clientSecret: 's', appKey: 'k', enterpriseId: 'E' },
        mapping: { umbrella: '2010', cabana: '2020', addon: '2030', fnb: '2040', tip: '2090' },
      },
    });
    mews.latencyMs = PMS_MS;
    ohip.latencyMs = PMS_MS;
    for (const [name, pms] of [
      ['Hyatt (Mews)', mews],
      ['Wyndham (OPERA Cloud)', ohip],
    ] as const) {
      const hotelId = name.startsWith('Hyatt') ? hotels.Hyatt : hotels.Wyndham;
      const times: number[] = [];
      const firsts: number[] = [];
      const statuses: Record<string, number> = {};
      const seen = new Set<string>();
      let next = 0;
      let seed = 34;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const requestsBefore = pms.requests;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: TABLETS }, async () => {
          while (next < LOOKUPS) {
            next++;
            const g = guests[Math.floor(rnd() * guests.length)]!;
            const first = !seen.has(g.room);
            seen.add(g.room);
            const t0 = performance.now();
            const r = await call(server!.url, staff, 'searchWyndham', {
              customerData: { hotelLastName: g.lastName, hotelRoomNumber: g.room, roomChargeHotel: hotelId },
            });
            const t = performance.now() - t0;
            times.push(t);
            if (first) firsts.push(t);
            const status = String(r.live?.status ?? 'none');
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
        }),
      );
      const secs = (performance.now() - started) / 1000;
      console.log(
        `${dialect}, ${name}, PMS answering in ${PMS_MS} ms, ${TABLETS} tablets: ${times.length} lookups in ` +
          `${secs.toFixed(1)} s, p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, p99 ${ms(pct(times, 99))}, ` +
          `max ${ms(Math.max(...times))}; a room's first lookup p95 ${ms(pct(firsts, 95))} (${firsts.length}); ` +
          `answers ${Object.entries(statuses)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}; ${((pms.requests - requestsBefore) / times.length).toFixed(2)} PMS calls a lookup; ` +
          `${pct(times, 95) <= 1000 && (statuses.found ?? 0) === times.length ? 'within' : 'NOT within'} ` +
          `the 1 s p95 target; ${machineLoad()}`,
      );
    }
  } finally {
    if (server) await stopServer(server.proc);
    await mews.close();
    await ohip.close();
    await drop();
  }
}

const dbs = (process.env.PMS_BENCH_DB ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
for (const d of dbs) await run(d);
