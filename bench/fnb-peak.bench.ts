/**
 * Food and drink at the lunch peak (issue 35, "Performance"), on the real server in its own
 * process: 300 phones each order two beers to their unit's tab within one minute (300 orders a
 * minute, each phone its own address), while 20 tablets keep the board and sell beside them, and
 * a bar's station screen listens on the board's stream, reads its tickets on each order event and
 * bumps them. On PostgreSQL the station is served by a second instance (LISTEN/NOTIFY between
 * them). Printed: the phones' page and order calls, and **order sent → seen on the station's
 * screen** (p50 / p99; target < 2 s p99), the tablets' board and sale calls, errors, the load.
 * Figures are printed, never asserted (docs/PERFORMANCE.md).
 *
 *   npm run bench -- fnb-peak        FNB_BENCH_DB=sqlite|postgres  FNB_BENCH_ORDERS=300  FNB_BENCH_SECONDS=60
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBookingVenue, phoneIp } from './booking/venue';
import { PG_ADMIN } from './throwaway-db';
import { type Server, login, machineLoad, startServer, stopServer } from './season/load';

const ORDERS = Number(process.env.FNB_BENCH_ORDERS ?? 300);
const SECONDS = Number(process.env.FNB_BENCH_SECONDS ?? 60);
const TABLETS = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms (${xs.length})`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(url: string, init: RequestInit & { token?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  const t0 = performance.now();
  const res = await fetch(url, { ...init, headers });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { ms: performance.now() - t0, status: res.status, body };
}

/** The station: on each fnbOrder event of the stream, reads its tickets (one read at a time) and bumps what is new. */
function station(server: Server, token: string, seenAt: Map<number, number>) {
  const ac = new AbortController();
  let dirty = false;
  let reading = false;
  const reads: number[] = [];
  const read = async () => {
    if (reading) return void (dirty = true);
    reading = true;
    try {
      do {
        dirty = false;
        const r = await call(`${server.url}/api/getFnbStation/bar`, { token });
        reads.push(r.ms);
        const now = performance.now();
        for (const o of (r.body.orders as { id: number }[] | undefined) ?? []) {
          if (seenAt.has(o.id)) continue;
          seenAt.set(o.id, now);
          // Start and ready: the screen stays as short as a bar keeps it.
          void call(`${server.url}/api/bumpFnbOrder`, {
            method: 'POST',
            token,
            body: JSON.stringify({ orderId: o.id, station: 'bar' }),
          }).then(() =>
            call(`${server.url}/api/bumpFnbOrder`, {
              method: 'POST',
              token,
              body: JSON.stringify({ orderId: o.id, station: 'bar' }),
            }),
          );
        }
      } while (dirty);
    } finally {
      reading = false;
    }
  };
  const listening = (async () => {
    const res = await fetch(`${server.url}/api/events?token=${encodeURIComponent(token)}`, { signal: ac.signal });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line.startsWith('data:') && line.includes('"fnbOrder"')) void read();
      }
    }
  })().catch(() => undefined);
  return { reads, stop: () => ac.abort(), listening };
}

async function run(d: 'sqlite' | 'postgres') {
  const v = await openBookingVenue(d);
  let second: Server | null = null;
  try {
    const db = v.database.db;
    const beer = await db
      .selectFrom('fnb_items')
      .select(['id', 'price_cents'])
      .where('name', '=', 'Beer')
      .executeTakeFirstOrThrow();
    const units = v.locations.flatMap((l) => l.units);
    const base = v.server.url;
    // Setup (not timed): the phones' units sold under a name with a phone; their codes.
    const sell = (unitId: number, i: number) =>
      call(`${base}/api/saveCustomer`, {
        method: 'POST',
        token: v.token,
        body: JSON.stringify({
          customerData: {
            ourTransactionId: crypto.randomUUID(),
            unitId,
            paymentMethod: 'Cash',
            customerName: `Bench Guest ${i}`,
            selectedUnit: v.priceId,
            orderTotal: '30.00',
            tipAmount: '0',
            receiptType: 'none',
            customerPhone: `305 558 ${String(i).padStart(4, '0')}`,
          },
        }),
      });
    const phones = units.slice(0, ORDERS);
    for (const [i, u] of phones.entries()) {
      const r = await sell(u, i);
      if (r.status !== 200) throw new Error(`setup sale ${r.status} ${JSON.stringify(r.body)}`);
    }
    const admin = await login(base, 'admin', 'sandbar-demo');
    const tokens = new Map<number, string>();
    for (const l of v.locations) {
      const sheet = await call(`${base}/api/getFnbUnitCodes?locationId=${l.id}`, { token: admin });
      for (const c of (sheet.body.codes as { unitId: number; token: string }[]) ?? []) tokens.set(c.unitId, c.token);
    }
    if (d === 'postgres') {
      const u = new URL(PG_ADMIN);
      u.pathname = `/${v.pgName}`;
      second = await startServer({ DATABASE_URL: u.toString() });
    }
    const stationServer = second ?? v.server;
    const stationToken = await login(stationServer.url, 'staff', 'sandbar-demo');
    const seenAt = new Map<number, number>();
    const bar = station(stationServer, stationToken, seenAt);
    await sleep(500);

    // The tablets: the board every 2 s, a sale every 6 s on units no phone has.
    let stop = false;
    const board: number[] = [];
    const sales: number[] = [];
    let tabletErrors = 0;
    let nextFree = ORDERS;
    const tablets = Array.from({ length: TABLETS }, async (_, k) => {
      await sleep(k * 100);
      let tick = 0;
      while (!stop) {
        const b = await call(`${base}/api/getUnits`, { token: v.token });
        board.push(b.ms);
        if (b.status !== 200) tabletErrors++;
        if (tick++ % 3 === 2 && nextFree < units.length) {
          const s = await sell(units[nextFree++]!, 5000 + nextFree);
          sales.push(s.ms);
          if (s.status !== 200) tabletErrors++;
        }
        await sleep(2000);
      }
    });

    // The phones: each loads its page, then orders, at a moment of the minute.
    const page: number[] = [];
    const order: number[] = [];
    const sentAt = new Map<number, number>();
    const refused = new Map<number, number>();
    const t0 = performance.now();
    await Promise.all(
      phones.map(async (u, i) => {
        await sleep(Math.random() * SECONDS * 1000);
        const tok = tokens.get(u)!;
        const ip = phoneIp(i + 1);
        const p = await call(`${base}/api/public/order/${tok}`, { ip });
        page.push(p.ms);
        const sent = performance.now();
        const o = await call(`${base}/api/public/order/${tok}`, {
          method: 'POST',
          ip,
          body: JSON.stringify({
            clientOrderId: crypto.randomUUID(),
            lines: [{ itemId: beer.id, quantity: 2 }],
            totalCents: beer.price_cents * 2,
            payment: 'tab',
            phoneLast4: String(i).padStart(4, '0'),
            languageCode: i % 2 ? 'es' : 'en',
          }),
        });
        order.push(o.ms);
        if (o.status !== 200) refused.set(o.status, (refused.get(o.status) ?? 0) + 1);
        else sentAt.set((o.body.order as { id: number }).id, sent);
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    // Give the station its last reads.
    for (let w = 0; w < 40 && [...sentAt.keys()].some((id) => !seenAt.has(id)); w++) await sleep(100);
    stop = true;
    await Promise.all(tablets);
    bar.stop();
    const toStation = [...sentAt].filter(([id]) => seenAt.has(id)).map(([id, s]) => seenAt.get(id)! - s);
    const missing = [...sentAt.keys()].filter((id) => !seenAt.has(id)).length;
    const label = `fnb ${d.padEnd(8)}`;
    console.log(
      `${label} ${sentAt.size} orders in ${elapsed.toFixed(0)} s (${((sentAt.size / elapsed) * 60).toFixed(0)} a minute), refused ${JSON.stringify(Object.fromEntries(refused))}; ${machineLoad()}`,
    );
    console.log(`${label} phone page load : ${fmt(page)}`);
    console.log(`${label} phone order     : ${fmt(order)}`);
    console.log(
      `${label} order → station : ${fmt(toStation)}${missing ? `, ${missing} never seen` : ''} (target < 2 s p99${second ? '; station on a second instance' : ''})`,
    );
    console.log(`${label} station reads   : ${fmt(bar.reads)}`);
    console.log(
      `${label} tablets board   : ${fmt(board)}; sales ${fmt(sales)}; ${tabletErrors} errors; ${machineLoad()}`,
    );
  } finally {
    if (second) await stopServer(second.proc);
    await v.close();
  }
}

export default async function fnbPeakBench(): Promise<void> {
  const which = process.env.FNB_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  console.log(`F&B lunch peak: ${ORDERS} phones in ${SECONDS} s, ${TABLETS} tablets, a bar station (${machineLoad()})`);
  for (const d of dialects) await run(d);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await fnbPeakBench();
}
