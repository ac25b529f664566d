/**
 * The one pool under a race (issue 24, "Performance"): 200 phones checking out on the guest page
 * (POST /api/public/booking, each its own address and number) and 20 tablets selling walk-ins
 * (signed POST /api/saveCustomer, as bench/sales.bench.ts sells) all go for the same 50 front-row
 * units (row 1 of B1 and B2) for today, at once, on SQLite and PostgreSQL. Each unit-day gets 4
 * phones and 4 tablet sales. Printed: winners per unit-day (from the answers and from the database:
 * must be exactly one for each of the 50), the refusals grouped by status and message, and the
 * guest page's availability latency measured by 10 readers while the race runs. Never asserted.
 *
 *   node --import tsx bench/booking-race.bench.ts      BOOKING_BENCH_DB=sqlite|postgres
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSaleBody, benchSignatures, signatureKind } from './fixtures';
import { type BookingVenue, PER_ROW, openBookingVenue, phoneIp } from './booking/venue';
import { backendCpu, cpuSeconds, machineLoad } from './season/load';

const PHONES = 200;
const TABLETS = 20;
const UNITS = 50;
const READERS = 10;
const sigs = benchSignatures(signatureKind());

interface Attempt {
  unit: number;
  kind: 'phone' | 'tablet';
  status: number;
  message: string;
  ms: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

async function attempt(url: string, init: RequestInit, unit: number, kind: Attempt['kind']): Promise<Attempt> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = (await res.json().catch(() => ({}))) as { details?: string; message?: string };
  return {
    unit,
    kind,
    status: res.status,
    message: res.ok ? '' : (body.details ?? body.message ?? ''),
    ms: performance.now() - t0,
  };
}

async function race(v: BookingVenue): Promise<void> {
  const first = await fetch(`${v.server.url}/api/public/booking/availability`, {
    headers: { 'x-forwarded-for': '198.19.0.1' },
  });
  const { today } = (await first.json()) as { today: string };
  // The front row (row 1) of the first two locations: 25 + 25 units.
  const units = [...v.locations[0]!.units.slice(0, PER_ROW), ...v.locations[1]!.units.slice(0, PER_ROW)];
  if (units.length !== UNITS) throw new Error('expected 50 front-row units');
  const availUrl = `${v.server.url}/api/public/booking/availability?day=${today}&locationId=${v.locations[0]!.id}`;

  // The page is open before the race (its answer cached), as it is on the phones that race.
  await (await fetch(availUrl, { headers: { 'x-forwarded-for': '198.19.0.3' } })).arrayBuffer();
  let racing = true;
  const readLatencies: number[] = [];
  let reader = 0;
  const readers = Array.from({ length: READERS }, async () => {
    while (racing) {
      const t0 = performance.now();
      const res = await fetch(availUrl, { headers: { 'x-forwarded-for': phoneIp(10_000 + (reader++ % 20_000)) } });
      await res.arrayBuffer();
      if (res.ok) readLatencies.push(performance.now() - t0);
    }
  });

  // CPU the race costs the server's process and the database's backends (load-independent, unlike latency).
  const serverCpu0 = cpuSeconds(v.server.proc.pid!);
  const dbCpu0 = v.pgName ? await backendCpu(v.pgName) : new Map<number, number>();
  const t0 = performance.now();
  const phones = Array.from({ length: PHONES }, (_, i) =>
    attempt(
      `${v.server.url}/api/public/booking`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': phoneIp(i + 1) },
        body: JSON.stringify({
          day: today,
          unitIds: [units[i % UNITS]!],
          guestName: `Phone Guest ${i}`,
          phone: `305 557 ${String(1000 + i)}`,
          partySize: 2,
          acceptPolicy: true,
        }),
      },
      units[i % UNITS]!,
      'phone',
    ),
  );
  let n = 0;
  const tablets = Array.from({ length: TABLETS }, async (_, j) => {
    const out: Attempt[] = [];
    // Each tablet walks 10 of the 50 units, one sale at a time, as a seller does.
    for (let k = 0; k < (UNITS * 4) / TABLETS; k++) {
      const unit = units[(j * 10 + k * 7) % UNITS]!;
      out.push(
        await attempt(
          `${v.server.url}/api/saveCustomer`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${v.token}` },
            body: benchSaleBody(n++, unit, v.priceId, sigs),
          },
          unit,
          'tablet',
        ),
      );
    }
    return out;
  });
  const all = [...(await Promise.all(phones)), ...(await Promise.all(tablets)).flat()];
  const seconds = (performance.now() - t0) / 1000;
  const serverCpu = cpuSeconds(v.server.proc.pid!) - serverCpu0;
  let dbCpu = 0;
  if (v.pgName) for (const [pid, s] of await backendCpu(v.pgName)) dbCpu += s - (dbCpu0.get(pid) ?? 0);
  racing = false;
  await Promise.all(readers);

  // Winners from the answers and from the database (a sale line or a reservation claim today).
  const won = new Map<number, number>(units.map((u) => [u, 0]));
  for (const a of all) if (a.status === 200) won.set(a.unit, won.get(a.unit)! + 1);
  const sold = await v.database.db
    .selectFrom('sale_items')
    .select(['id', 'position_id'])
    .where('position_id', 'in', units)
    .execute();
  const claimed = await v.database.db
    .selectFrom('reservation_claims')
    .select(['position_id', 'reservation_id'])
    .where('position_id', 'in', units)
    .where('day', '=', today)
    .execute();
  const inDb = new Map<number, Set<string>>(units.map((u) => [u, new Set()]));
  for (const s of sold) inDb.get(s.position_id!)!.add(`sale line ${s.id}`);
  for (const c of claimed) inDb.get(c.position_id)!.add(`reservation ${c.reservation_id}`);
  const exactlyOne = units.filter((u) => won.get(u) === 1 && inDb.get(u)!.size === 1).length;
  const phoneWins = all.filter((a) => a.kind === 'phone' && a.status === 200).length;
  const tabletWins = all.filter((a) => a.kind === 'tablet' && a.status === 200).length;
  console.log(
    `race ${v.dialect.padEnd(8)} ${PHONES} phones + ${TABLETS} tablets (${all.length} attempts) on ${UNITS} unit-days in ` +
      `${seconds.toFixed(1)} s: ${exactlyOne}/${UNITS} unit-days with exactly one winner ` +
      `(${phoneWins} bookings, ${tabletWins} sales won; most winners on one unit-day: ${Math.max(...won.values())} by the answers, ` +
      `${Math.max(...[...inDb.values()].map((s) => s.size))} in the database) (${machineLoad()})`,
  );
  const refusals = new Map<string, number>();
  for (const a of all.filter((x) => x.status !== 200)) {
    const key = `${a.kind} ${a.status} "${a.message.replace(/\d+/g, '#')}"`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  }
  for (const [k, c] of [...refusals].sort((a, b) => b[1] - a[1])) console.log(`  refused ${c}× ${k}`);
  const phoneMs = all.filter((a) => a.kind === 'phone').map((a) => a.ms);
  const tabletMs = all.filter((a) => a.kind === 'tablet').map((a) => a.ms);
  console.log(
    `  checkout latency: phones p50 ${pct(phoneMs, 50).toFixed(0)} ms p99 ${pct(phoneMs, 99).toFixed(0)} ms, ` +
      `tablets p50 ${pct(tabletMs, 50).toFixed(0)} ms p99 ${pct(tabletMs, 99).toFixed(0)} ms`,
  );
  console.log(
    `  CPU during the race: server ${serverCpu.toFixed(2)} s` +
      (v.pgName ? `, PostgreSQL backends ${dbCpu.toFixed(2)} s` : ''),
  );
  console.log(
    `  availability while racing (${READERS} readers, ${readLatencies.length} reads): p50 ${pct(readLatencies, 50).toFixed(0)} ms, ` +
      `p90 ${pct(readLatencies, 90).toFixed(0)} ms, p99 ${pct(readLatencies, 99).toFixed(0)} ms, max ${pct(readLatencies, 100).toFixed(0)} ms`,
  );
}

export default async function raceBench(): Promise<void> {
  const which = process.env.BOOKING_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  console.log(`Booking race: phones against tablets for the front row (${machineLoad()})`);
  for (const d of dialects) {
    const v = await openBookingVenue(d);
    try {
      await race(v);
    } finally {
      await v.close();
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await raceBench();
}
