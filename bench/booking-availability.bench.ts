/**
 * The guest page's availability call (issue 24, "Performance"): GET /api/public/booking/availability
 * for a date and a location of a 1,200-unit venue (bench/booking/venue.ts), 50 connections, driven
 * by autocannon against the real server in its own process, on SQLite and PostgreSQL. Each request
 * comes from its own phone address (X-Forwarded-For behind the trusted proxy, see venue.ts), so the
 * per-IP read limit applies per phone as in production and no answer is a 429. Also the call
 * without a location (every online location, the page's first load). Requests carry what a phone's
 * browser sends (Accept-Encoding: gzip, deflate, br); a second run per query sends the answer's
 * ETag back, as a phone reopening the page does (304).
 * Target: ≥ 1,000 req/s, p99 < 100 ms, on the 2-core machine — printed, never asserted.
 *
 *   node --import tsx bench/booking-availability.bench.ts
 *   BOOKING_BENCH_DB=sqlite|postgres  BOOKING_BENCH_REQUESTS=10000
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { type BookingVenue, openBookingVenue, phoneIp } from './booking/venue';
import { loadOnce, machineLoad } from './season/load';

const CONNECTIONS = 50;
const REQUESTS = Number(process.env.BOOKING_BENCH_REQUESTS ?? 10_000);
const WARMUP = 1_000;

let phone = 0;
/** What a phone's browser sends: it accepts brotli and gzip; a repeat carries the ETag it has. */
function availability(v: BookingVenue, query: string, amount: number, etag?: string) {
  return loadOnce({
    url: `${v.server.url}/api/public/booking/availability?${query}`,
    connections: CONNECTIONS,
    amount,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...(etag ? { 'if-none-match': etag } : {}) },
    // 60,000 addresses in turn: each reads at most once a minute at these rates (limit 240).
    requestHeaders: () => ({ 'x-forwarded-for': phoneIp(phone++ % 60_000) }),
  });
}

export default async function availabilityBench(): Promise<void> {
  const which = process.env.BOOKING_BENCH_DB;
  const dialects = (which ? [which] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  console.log(
    `Booking availability: 1,200 units, ${CONNECTIONS} connections, ${REQUESTS} requests a run (${machineLoad()})`,
  );
  for (const d of dialects) {
    const v = await openBookingVenue(d);
    try {
      const first = await fetch(`${v.server.url}/api/public/booking/availability`, {
        headers: { 'x-forwarded-for': '198.19.0.1' },
      });
      const { today } = (await first.json()) as { today: string };
      const loc = v.locations[0]!.id;
      for (const [what, query] of [
        ['one location (150 units)', `day=${today}&locationId=${loc}`],
        ['all 8 locations (1,200 units)', `day=${today}`],
      ] as const) {
        await availability(v, query, WARMUP);
        const r = await availability(v, query, REQUESTS);
        console.log(
          `availability ${d.padEnd(8)} ${what}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(1)} ms, ` +
            `p99 ${r.p99.toFixed(1)} ms, ${r.errors} non-2xx, ${(r.bytesPerSecond / r.rps / 1024).toFixed(1)} KiB an answer ` +
            `(target ≥ 1,000 req/s, p99 < 100 ms; ${machineLoad()})`,
        );
        // A phone coming back to the page: its ETag still holds, the answer is a 304.
        const again = await fetch(`${v.server.url}/api/public/booking/availability?${query}`, {
          headers: { 'x-forwarded-for': '198.19.0.2', 'accept-encoding': 'gzip, deflate, br' },
        });
        const etag = again.headers.get('etag') ?? '';
        const r304 = await availability(v, query, REQUESTS, etag);
        console.log(
          `availability ${d.padEnd(8)} ${what}, repeat with its ETag (304): ${Math.round(r304.rps)} req/s, ` +
            `p50 ${r304.p50.toFixed(1)} ms, p99 ${r304.p99.toFixed(1)} ms, ${r304.errors} not 2xx/304 (${machineLoad()})`,
        );
      }
      if (d === 'postgres') {
        // Evidence that the limits were counted in the shared table (decision 173), not in memory.
        const { rows } = await sql<{ keys: string; hits: string }>`
          SELECT count(*) AS keys, coalesce(sum(hits), 0) AS hits FROM public_limit_hits`.execute(v.database.db);
        console.log(
          `availability postgres: the read limit counted ${rows[0]!.hits} hits of ${rows[0]!.keys} address windows in public_limit_hits`,
        );
      }
    } finally {
      await v.close();
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await availabilityBench();
}
