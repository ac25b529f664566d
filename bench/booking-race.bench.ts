/**
 * The one pool under a race (issue 24, "Performance"): 200 phones checking out on the guest page
 * (POST /api/public/booking, each its own address and number) and 20 tablets selling walk-ins
 * (signed POST /api/saveCustomer, as bench/sales.bench.ts sells) all go for the same 50 front-row
 * units (row 1 of B1 and B2) for today, at once, on SQLite and PostgreSQL. Each unit-day gets 4
 * phones and 4 tablet sales. Printed: winners per unit-day (from the answers and from the database:
 * must be exactly one for each of the 50), the refusals grouped by status and message, and the
 * guest page's availability latency measured by 10 readers while the race runs. Never asserted.
 *
 * Then issue 33's race with payment (payingRace below): 200 phones paying for the same 50 unit-days.
 *
 *   node --import tsx bench/booking-race.bench.ts      BOOKING_BENCH_DB=sqlite|postgres  BOOKING_RACE=race,paying
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchSaleBody, benchSignatures, signatureKind } from './fixtures';
import { type BookingVenue, PER_ROW, openBookingVenue } from './booking/venue';
import {
  type Attempt,
  type RaceRequest,
  type ReadSample,
  clientProcess,
  clockMs,
  phoneIp,
  runReaders,
  runSequences,
  warmUp,
} from './booking/race-client';
import { backendCpu, cpuSeconds, machineLoad } from './season/load';

const PHONES = 200;
// RACE_TABLETS=0 RACE_READERS=1: the phones nearly alone, to see what each side costs (diagnosis
// only; the figures in docs/PERFORMANCE.md are the defaults').
const TABLETS = Number(process.env.RACE_TABLETS ?? 20);
const UNITS = 50;
const READERS = Math.max(1, Number(process.env.RACE_READERS ?? 10));
const sigs = benchSignatures(signatureKind());

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

/** The server's own timing of each request (booking/server-timing.mjs), written where the bench asks. */
function serverTimingEnv(file: string): Record<string, string> {
  const hook = path.join(path.dirname(fileURLToPath(import.meta.url)), 'booking/server-timing.mjs');
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(hook).href}`.trim(),
    SANDBAR_BENCH_TIMING: file,
  };
}

interface ServerTiming {
  path: string;
  at: number;
  ms: number;
  status: number;
  accepted?: number;
}

async function serverTimings(v: BookingVenue, file: string): Promise<ServerTiming[]> {
  fs.rmSync(file, { force: true });
  v.server.proc.kill('SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  if (!fs.existsSync(file)) return [];
  const seen = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerTiming[];
  fs.rmSync(file, { force: true });
  return seen;
}

/** The phones, the tablets and the readers each in a process of their own (race-client.ts), or all in this one. */
const separateClients = process.env.BOOKING_RACE_CLIENT !== 'one';
const cold = process.env.BOOKING_RACE_COLD === '1';

async function race(v: BookingVenue, timingFile: string): Promise<void> {
  const first = await fetch(`${v.server.url}/api/public/booking/availability`, {
    headers: { 'x-forwarded-for': '198.19.0.1' },
  });
  const { today } = (await first.json()) as { today: string };
  // The front row (row 1) of the first two locations: 25 + 25 units.
  const units = [...v.locations[0]!.units.slice(0, PER_ROW), ...v.locations[1]!.units.slice(0, PER_ROW)];
  if (units.length !== UNITS) throw new Error('expected 50 front-row units');
  const availUrl = `${v.server.url}/api/public/booking/availability?day=${today}&locationId=${v.locations[0]!.id}`;

  // RACE_INSTANCES=2 (PostgreSQL): a second instance on the same database, as a venue scaled out
  // runs it; every other phone, tablet and reader goes to it (a load balancer's round robin).
  const urls = [v.server.url];
  if (Number(process.env.RACE_INSTANCES ?? 1) > 1 && v.dialect === 'postgres') urls.push((await v.addInstance()).url);
  const on = (i: number, url: string) => url.replace(v.server.url, urls[i % urls.length]!);
  // The page is open before the race (its answer cached), as it is on the phones that race.
  await (await fetch(availUrl, { headers: { 'x-forwarded-for': '198.19.0.3' } })).arrayBuffer();
  const phones: RaceRequest[][] = Array.from({ length: PHONES }, (_, i) => [
    {
      url: on(i, `${v.server.url}/api/public/booking`),
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
      unit: units[i % UNITS]!,
      kind: 'phone',
    },
  ]);
  // Each tablet walks 10 of the 50 units, one sale at a time, as a seller does.
  let n = 0;
  const tablets: RaceRequest[][] = Array.from({ length: TABLETS }, (_, j) =>
    Array.from({ length: Math.round((UNITS * 4) / TABLETS) }, (_, k) => {
      const unit = units[(j * 10 + k * 7) % UNITS]!;
      return {
        url: on(j, `${v.server.url}/api/saveCustomer`),
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${v.token}` },
        body: benchSaleBody(n++, unit, v.priceId, sigs),
        unit,
        kind: 'tablet' as const,
      };
    }),
  );

  // Each device's connection open before the race (race-client.ts, `warmUp`); BOOKING_RACE_COLD=1
  // opens them in the race instead, as the runs before decision 371 did.
  const phonesWarm: RaceRequest[] = phones.map((_, i) => ({
    url: on(i, availUrl),
    method: 'GET',
    headers: { 'x-forwarded-for': phoneIp(i + 1) },
    unit: 0,
    kind: 'phone',
  }));
  const tabletsWarm: RaceRequest[] = tablets.map((_, j) => ({
    url: on(j, `${v.server.url}/api/health`),
    method: 'GET',
    headers: {},
    unit: 0,
    kind: 'tablet',
  }));

  let clientCpu = (): number[] => [];
  let racing = true;
  let raceStart = Infinity;
  let reads: Promise<ReadSample[]>;
  let run: (start: number) => Promise<Attempt[]>;
  let stopReaders = () => {
    racing = false;
  };
  if (separateClients) {
    const [p, t, r] = await Promise.all([
      clientProcess<Attempt[]>({ kind: 'sequences', sequences: phones, warm: cold ? undefined : phonesWarm }),
      clientProcess<Attempt[]>({ kind: 'sequences', sequences: tablets, warm: cold ? undefined : tabletsWarm }),
      clientProcess<ReadSample[]>({ kind: 'readers', url: urls.map((_, k) => on(k, availUrl)), readers: READERS }),
    ]);
    reads = r.done;
    clientCpu = () => [p.cpu(), t.cpu(), r.cpu()];
    stopReaders = () => r.stop();
    run = async (start) => {
      for (const c of [p, t, r]) c.go(start);
      return [...(await p.done), ...(await t.done)];
    };
  } else {
    if (!cold) await warmUp([...phonesWarm, ...tabletsWarm]);
    reads = runReaders(
      availUrl,
      READERS,
      () => racing,
      () => raceStart,
    );
    run = async (start) => {
      const [a, b] = await Promise.all([runSequences(phones, start), runSequences(tablets, start)]);
      return [...a, ...b];
    };
  }

  // CPU the race costs the server's process and the database's backends (load-independent, unlike latency).
  const serverCpu0 = cpuSeconds(v.server.proc.pid!);
  const dbCpu0 = v.pgName ? await backendCpu(v.pgName) : new Map<number, number>();
  const t0 = performance.now();
  raceStart = clockMs();
  const all = await run(raceStart);
  const seconds = (performance.now() - t0) / 1000;
  const serverCpu = cpuSeconds(v.server.proc.pid!) - serverCpu0;
  let dbCpu = 0;
  if (v.pgName) for (const [pid, s] of await backendCpu(v.pgName)) dbCpu += s - (dbCpu0.get(pid) ?? 0);
  stopReaders();
  const readSamples = await reads;
  // The bench's own clients share the two cores with the server and the database.
  const clientSeconds = clientCpu();
  const readLatencies = readSamples.map((r) => r.ms);
  const inside = (await serverTimings(v, timingFile)).filter((r) => r.at >= raceStart);

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
      `${Math.max(...[...inDb.values()].map((s) => s.size))} in the database) ` +
      `(clients: ${separateClients ? 'phones, tablets and readers each in a process' : 'one process'}, ` +
      `${cold ? 'connections opened in the race' : 'connections open before it'}; ${machineLoad()})`,
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
  if (process.env.BENCH_DEBUG) {
    const phonesIn = inside.filter((r) => r.path === '/api/public/booking');
    const acc = phonesIn.map((r) => (r.accepted ?? r.at) - raceStart);
    const req = phonesIn.map((r) => r.at - raceStart);
    console.log(
      `  phones accepted after the start p50 ${pct(acc, 50).toFixed(0)} p99 ${pct(acc, 99).toFixed(0)} ms; request event p50 ${pct(req, 50).toFixed(0)} p99 ${pct(req, 99).toFixed(0)} ms; sent p50 ${pct(
        all.filter((a) => a.kind === 'phone').map((a) => a.at!),
        50,
      ).toFixed(0)} p99 ${pct(
        all.filter((a) => a.kind === 'phone').map((a) => a.at!),
        99,
      ).toFixed(0)} ms`,
    );
    const stalls = inside.filter((r) => r.path === '(stall)');
    console.log(
      `  event-loop stalls over 50 ms: ${stalls.length}, ${stalls.map((r) => `${r.ms.toFixed(0)} ms at ${(r.at - raceStart).toFixed(0)}`).join(', ')}`,
    );
    const slow = all
      .filter((a) => a.kind === 'tablet')
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    console.log(
      `  slowest sales: ${slow.map((a) => `${a.ms.toFixed(0)} ms sent at ${a.at!.toFixed(0)} ms`).join(', ')}`,
    );
    const reads = readSamples.sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `  slowest reads: ${reads.map((a) => `${a.ms.toFixed(0)} ms sent at ${a.at.toFixed(0)} ms`).join(', ')}`,
    );
  }
  console.log(
    `  CPU during the race: server ${serverCpu.toFixed(2)} s` +
      (v.pgName ? `, PostgreSQL backends ${dbCpu.toFixed(2)} s` : '') +
      (clientSeconds.length
        ? `; the bench's clients: phones ${clientSeconds[0]!.toFixed(2)} s, tablets ${clientSeconds[1]!.toFixed(2)} s, readers ${clientSeconds[2]!.toFixed(2)} s`
        : ''),
  );
  console.log(
    `  availability while racing (${READERS} readers, ${readLatencies.length} reads): p50 ${pct(readLatencies, 50).toFixed(0)} ms, ` +
      `p90 ${pct(readLatencies, 90).toFixed(0)} ms, p99 ${pct(readLatencies, 99).toFixed(0)} ms, max ${pct(readLatencies, 100).toFixed(0)} ms`,
  );
  // The same requests timed inside the server, from its 'request' event to the answer's last byte
  // (no client, no connection set-up, no wait for the bench's own processes to be scheduled).
  const own = (p: string) => inside.filter((r) => r.path === p).map((r) => r.ms);
  const [ph, tb, rd] = [own('/api/public/booking'), own('/api/saveCustomer'), own('/api/public/booking/availability')];
  console.log(
    `  inside the server: phones p50 ${pct(ph, 50).toFixed(0)} ms p99 ${pct(ph, 99).toFixed(0)} ms (${ph.length}), ` +
      `tablets p50 ${pct(tb, 50).toFixed(0)} ms p99 ${pct(tb, 99).toFixed(0)} ms (${tb.length}), ` +
      `page p50 ${pct(rd, 50).toFixed(0)} ms p99 ${pct(rd, 99).toFixed(0)} ms (${rd.length})`,
  );
  // Issue 36's targets, measured from outside, with the load beside them.
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `  targets: one winner per unit-day ${verdict(exactlyOne === UNITS)}; ` +
      `phones p99 < 1 s ${verdict(pct(phoneMs, 99) < 1000)}; tablets p99 < 500 ms ${verdict(pct(tabletMs, 99) < 500)}; ` +
      `page p99 < 100 ms ${verdict(pct(readLatencies, 99) < 100)} (${machineLoad()})`,
  );
}

/** The test provider's webhook comes this long after the guest's Pay (a provider is never instant). */
const WEBHOOK_DELAY_MS = 1_500;
const LATE = 10;

interface Booked {
  unit: number;
  phone: number;
  status: number;
  payUrl: string | null;
  ms: number;
}

/**
 * Issue 33's race: 200 phones book the same 50 front-row unit-days of a venue that asks for the
 * whole booking online (the built-in test provider, its webhook 1.5 s after the guest pays). The
 * 50 winners are held and pay at once. Then, for 10 of them, staff cancel the held booking while
 * its payment is on its way (the webhook not yet in), and a phone that lost the race books the
 * freed unit and pays: the first guest's money arrives for a booking that no longer holds a unit.
 * Printed from the database once every webhook and refund has settled: unit-days confirmed and
 * paid (must be 50), late payments and their refunds, and guests charged without a unit (must be 0).
 */
async function payingRace(v: BookingVenue): Promise<void> {
  const first = await fetch(`${v.server.url}/api/public/booking/availability`, {
    headers: { 'x-forwarded-for': '198.19.0.1' },
  });
  const { today } = (await first.json()) as { today: string };
  const units = [...v.locations[0]!.units.slice(0, PER_ROW), ...v.locations[1]!.units.slice(0, PER_ROW)];
  const book = async (i: number, unit: number): Promise<Booked> => {
    const t0 = performance.now();
    const res = await fetch(`${v.server.url}/api/public/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': phoneIp(i + 1) },
      body: JSON.stringify({
        day: today,
        unitIds: [unit],
        guestName: `Paying Guest ${i}`,
        phone: `305 556 ${String(1000 + i)}`,
        partySize: 2,
        acceptPolicy: true,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { payUrl?: string | null };
    return { unit, phone: i, status: res.status, payUrl: body.payUrl ?? null, ms: performance.now() - t0 };
  };
  // The guest taps Pay on the test provider's page (its webhook follows WEBHOOK_DELAY_MS later).
  const pay = async (payUrl: string) => {
    const res = await fetch(`${v.server.url}${payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  };

  const t0 = performance.now();
  const raced = await Promise.all(Array.from({ length: PHONES }, (_, i) => book(i, units[i % UNITS]!)));
  const raceSeconds = (performance.now() - t0) / 1000;
  const winners = raced.filter((b) => b.status === 200 && b.payUrl);
  const paid = await Promise.all(winners.map((w) => pay(w.payUrl!)));
  // Staff cancel ten held bookings whose money is on its way; a phone that lost takes each unit and pays.
  const late = winners.slice(0, LATE);
  const ids = await v.database.db
    .selectFrom('reservations')
    .select(['id', 'guest_name'])
    .where(
      'guest_name',
      'in',
      late.map((w) => `Paying Guest ${w.phone}`),
    )
    .execute();
  const second: Booked[] = [];
  await Promise.all(
    late.map(async (w) => {
      const id = ids.find((r) => r.guest_name === `Paying Guest ${w.phone}`)!.id;
      const res = await fetch(`${v.server.url}/api/cancelReservation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${v.token}` },
        body: JSON.stringify({ id, reason: 'Bench: the guest called to cancel' }),
      });
      if (!res.ok) throw new Error(`staff cancel ${res.status}: ${await res.text()}`);
      const loser = raced.find((b) => b.unit === w.unit && b.status !== 200)!;
      const again = await book(loser.phone, w.unit);
      second.push(again);
      if (again.payUrl) await pay(again.payUrl);
    }),
  );

  // Every webhook (1.5 s after its Pay) and every refund settled, or 30 s.
  const settle = performance.now();
  const state = async () => {
    const intents = await v.database.db
      .selectFrom('payment_intents')
      .innerJoin('reservations', 'reservations.id', 'payment_intents.reservation_id')
      .select([
        'payment_intents.id',
        'payment_intents.status',
        'payment_intents.paid_cents',
        'reservations.status as booking',
        'reservations.id as rid',
      ])
      .execute();
    const refunds = await v.database.db
      .selectFrom('payment_refunds')
      .select(['intent_id', 'status', 'amount_cents'])
      .execute();
    return { intents, refunds };
  };
  let s = await state();
  const expectedPaid = winners.length + second.filter((b) => b.payUrl).length;
  while (performance.now() - settle < 30_000) {
    const moneyIn = s.intents.filter((i) => i.paid_cents > 0).length;
    const unsettled = s.refunds.filter((r) => r.status !== 'succeeded' && r.status !== 'failed').length;
    if (moneyIn >= expectedPaid && unsettled === 0) break;
    await new Promise((r) => setTimeout(r, 250));
    s = await state();
  }
  const holding = await v.database.db
    .selectFrom('reservation_claims')
    .innerJoin('reservations', 'reservations.id', 'reservation_claims.reservation_id')
    .select(['reservation_claims.position_id', 'reservations.id', 'reservations.status'])
    .where('reservation_claims.position_id', 'in', units)
    .where('reservation_claims.day', '=', today)
    .execute();
  const paidIntent = new Set(s.intents.filter((i) => i.status === 'paid').map((i) => i.rid));
  const confirmedPaid = units.filter((u) => {
    // A full day is claimed as its two halves: one booking, two rows.
    const h = [...new Map(holding.filter((c) => c.position_id === u).map((c) => [c.id, c])).values()];
    return h.length === 1 && h[0]!.status === 'confirmed' && paidIntent.has(h[0]!.id);
  }).length;
  const holds = new Set(holding.map((c) => c.id));
  const refunded = (intentId: number) =>
    s.refunds
      .filter((r) => r.intent_id === intentId && r.status === 'succeeded')
      .reduce((a, r) => a + r.amount_cents, 0);
  const lateIntents = s.intents.filter((i) => i.status === 'late');
  // Charged without a unit: money in, the booking holds no unit, and not all of it given back.
  const chargedWithoutUnit = s.intents.filter(
    (i) => i.paid_cents > 0 && !holds.has(i.rid) && refunded(i.id) < i.paid_cents,
  );
  if (process.env.BENCH_DEBUG) {
    const tally = (xs: string[]) =>
      JSON.stringify(Object.fromEntries([...new Set(xs)].map((x) => [x, xs.filter((y) => y === x).length])));
    console.log(
      'intents',
      tally(s.intents.map((i) => `${i.status}/${i.booking}`)),
      'claims',
      holding.length,
      tally(holding.map((h) => h.status)),
    );
  }
  const phoneMs = raced.map((b) => b.ms);
  console.log(
    `paying race ${v.dialect.padEnd(8)} ${PHONES} phones on ${UNITS} unit-days in ${raceSeconds.toFixed(1)} s: ` +
      `${winners.length} held and paid (${paid.filter((x) => x === 303).length} pay pages answered 303), ` +
      `phones p50 ${pct(phoneMs, 50).toFixed(0)} ms p99 ${pct(phoneMs, 99).toFixed(0)} ms (${machineLoad()})`,
  );
  console.log(
    `  after ${LATE} staff cancels with the money on its way and ${second.filter((b) => b.payUrl).length} rebookings paid, settled in ` +
      `${((performance.now() - settle) / 1000).toFixed(1)} s: ${confirmedPaid}/${UNITS} unit-days confirmed and paid; ` +
      `${lateIntents.length} late payments, ${lateIntents.filter((i) => refunded(i.id) >= i.paid_cents).length} refunded in full; ` +
      `guests charged without a unit: ${chargedWithoutUnit.length}`,
  );
}

export default async function raceBench(): Promise<void> {
  const which = process.env.BOOKING_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  const parts = (process.env.BOOKING_RACE ?? 'race,paying').split(',');
  console.log(`Booking race: phones against tablets for the front row (${machineLoad()})`);
  for (const d of dialects) {
    if (parts.includes('race')) {
      const timingFile = path.join(os.tmpdir(), `sandbar-race-timing-${process.pid}.json`);
      const v = await openBookingVenue(d, { env: serverTimingEnv(timingFile) });
      try {
        await race(v, timingFile);
      } finally {
        await v.close();
      }
    }
    if (parts.includes('paying')) {
      const v = await openBookingVenue(d, {
        settings: { bookingPayment: 'full' },
        env: { SANDBAR_PAYMENTS: 'test', SANDBAR_TEST_PAYMENT_DELAY_MS: String(WEBHOOK_DELAY_MS) },
      });
      try {
        await payingRace(v);
      } finally {
        await v.close();
      }
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await raceBench();
}
