import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { connectPostgres } from '../../src/db/connect';
import { loadEnv } from '../../src/env';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { PostgresLimits, defaultPublicLimits, flushLimits } from '../../src/features/reservations/public-limits';
import { type TestApp, buildTestApp, testDialect } from '../helpers';
import { MORNING } from '../sales/factories';

// The guest page's limits (issue 24 point 9) as configured (SANDBAR_PUBLIC_*): a parallel burst
// against each is cut at the limit exactly — in memory on SQLite, in the shared table on
// PostgreSQL, where two instances of one database allow the limit between them, not twice it.

const TOMORROW = '2026-07-05';
const limits = {
  SANDBAR_PUBLIC_READS_PER_IP: '20/1m',
  SANDBAR_PUBLIC_BOOKINGS_PER_IP: '5/1h',
  SANDBAR_PUBLIC_BOOKINGS_PER_CONTACT: '3/1d',
  SANDBAR_PUBLIC_MANAGE_PER_IP: '6/1m',
};

describe(`the guest page's limits on ${testDialect}`, () => {
  let t: TestApp;
  let second: FastifyInstance | null = null;
  // 14:00 UTC: a minute's and an hour's window start now.
  const clock = fixedClock(MORNING);
  let unit = 0;
  let units: number[] = [];
  const nextUnit = () => units[unit++]!;
  const read = (app: FastifyInstance, ip: string) =>
    app.inject({ method: 'GET', url: '/api/public/booking/availability', remoteAddress: ip });
  const book = (app: FastifyInstance, ip: string, phone: string) =>
    app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: ip,
      payload: {
        day: TOMORROW,
        unitIds: [nextUnit()],
        guestName: 'Burst Guest',
        phone,
        partySize: 2,
        acceptPolicy: true,
      },
    });
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;
  const codesOf = async (calls: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(calls)).map((r) => r.statusCode);

  beforeAll(async () => {
    t = await buildTestApp({ clock, env: limits });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB', bookingMaxUnits: '1' });
    // Bookable umbrellas of MB, one per booking (the bursts are about limits, not about the claim).
    units = (
      await t.deps.db
        .selectFrom('positions')
        .innerJoin('locations', 'locations.id', 'positions.location_id')
        .select('positions.id')
        .where('locations.name', '=', 'MB')
        .where('positions.unit_type', '=', 'U')
        .where('positions.removed', '=', 0)
        .orderBy('positions.id')
        .execute()
    ).map((r) => r.id);
    expect(units.length).toBeGreaterThanOrEqual(20);
    if (testDialect === 'postgres') {
      second = await buildApp({
        database: connectPostgres(t.testDb.url!, 4),
        env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0', ...limits }),
        clock,
        logger: false,
        webDist: null,
      });
      await second.ready();
    }
  });
  afterAll(async () => {
    if (second) {
      await second.close();
      await second.deps.database.close();
    }
    await t.close();
  });

  it('cuts a burst of reads from one address at the limit, and lets half of it back half a window later', async () => {
    const codes = await codesOf(Array.from({ length: 30 }, () => read(t.app, '198.51.100.1')));
    expect(count(codes, 200)).toBe(20);
    expect(count(codes, 429)).toBe(10);
    // Another address is not affected.
    expect((await read(t.app, '198.51.100.2')).statusCode).toBe(200);
    // Half-way through the next minute the last minute still counts half (10 of 20): 10 more.
    clock.set(MORNING + 90_000);
    try {
      const later = await codesOf(Array.from({ length: 15 }, () => read(t.app, '198.51.100.1')));
      expect(count(later, 200)).toBe(10);
      expect(count(later, 429)).toBe(5);
    } finally {
      clock.set(MORNING);
    }
  });

  it('cuts a burst of bookings from one address at the limit', async () => {
    const codes = await codesOf(
      Array.from({ length: 8 }, (_, i) => book(t.app, '198.51.100.10', `305 555 02${10 + i}`)),
    );
    expect(count(codes, 200)).toBe(5);
    expect(count(codes, 429)).toBe(3);
  });

  it('cuts a burst of bookings for one phone number from many addresses at the limit', async () => {
    const codes = await codesOf(
      Array.from({ length: 6 }, (_, i) => book(t.app, `198.51.101.${i + 1}`, '305 555 0300')),
    );
    expect(count(codes, 200)).toBe(3);
    expect(count(codes, 429)).toBe(3);
  });

  it('cuts a burst of manage-link calls from one address at the limit', async () => {
    const codes = await codesOf(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'GET',
          url: `/api/public/booking/manage/${'A'.repeat(43)}`,
          remoteAddress: '198.51.100.20',
        }),
      ),
    );
    expect(count(codes, 404)).toBe(6);
    expect(count(codes, 429)).toBe(4);
  });

  it.runIf(testDialect === 'postgres')('shares the limits between two instances of one database', async () => {
    // Page views count in each instance's memory and go to the table once a second (decision 270):
    // an address that used its allowance on one instance is refused on the other after the flush.
    const one = await codesOf(Array.from({ length: 20 }, () => read(t.app, '198.51.100.30')));
    expect(count(one, 200)).toBe(20);
    await flushLimits(t.deps);
    await flushLimits(second!.deps);
    const other = await codesOf(Array.from({ length: 10 }, () => read(second!, '198.51.100.30')));
    expect(count(other, 429)).toBe(10);
    // A burst over both within a second: each cuts it at the limit on its own count at the latest
    // (sooner when a flush falls inside it), and after the flush both know the total and refuse.
    const both = await codesOf(Array.from({ length: 50 }, (_, i) => read(i % 2 ? t.app : second!, '198.51.100.31')));
    const allowedBoth = count(both, 200);
    expect(allowedBoth).toBeGreaterThanOrEqual(20);
    expect(allowedBoth).toBeLessThanOrEqual(40);
    await flushLimits(t.deps);
    await flushLimits(second!.deps);
    const hash = crypto.createHash('sha256').update('198.51.100.31').digest('base64url').slice(0, 32);
    const total = await sql<{ hits: number }>`SELECT hits FROM public_limit_hits
      WHERE limit_name = 'availabilityPerIp' AND key_hash = ${hash}`.execute(t.deps.db);
    expect(total.rows.map((r) => r.hits)).toEqual([allowedBoth]);
    for (const app of [t.app, second!]) expect((await read(app, '198.51.100.31')).statusCode).toBe(429);
    const bookings = await codesOf(
      Array.from({ length: 6 }, (_, i) => book(i % 2 ? t.app : second!, `198.51.102.${i + 1}`, '305 555 0400')),
    );
    expect(count(bookings, 200)).toBe(3);
    expect(count(bookings, 429)).toBe(3);
    // The shared table holds hashes, never a phone number or an address.
    const keys = await sql<{ key_hash: string }>`SELECT key_hash FROM public_limit_hits`.execute(t.deps.db);
    expect(keys.rows.length).toBeGreaterThan(0);
    for (const { key_hash } of keys.rows) {
      expect(key_hash).not.toContain('0400');
      expect(key_hash).not.toContain('198.51');
    }
  });

  it.skipIf(testDialect !== 'postgres')(
    "counts the bookings' limits asked in one turn of the loop in one statement, each request all or nothing (decision 375)",
    async () => {
      let statements = 0;
      const counted = t.deps.db.withPlugin({
        transformQuery: (args) => {
          if (JSON.stringify(args.node).includes('public_limit_hits')) statements++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const rules = {
        ...defaultPublicLimits,
        bookingPerIp: { max: 2, windowMs: 3_600_000 },
        bookingPerContact: { max: 5, windowMs: 86_400_000 },
      };
      const store = new PostgresLimits(counted, counted, rules, clock);
      const now = clock.now();
      // An address at its limit already.
      expect(await store.takeAll([['bookingPerIp', '192.0.2.9']], now)).toBe(true);
      expect(await store.takeAll([['bookingPerIp', '192.0.2.9']], now)).toBe(true);
      statements = 0;
      const [a, b, c, d] = await Promise.all([
        store.takeAll(
          [
            ['bookingPerIp', '192.0.2.1'],
            ['bookingPerContact', 'batch-a@example.com'],
          ],
          now,
        ),
        store.takeAll(
          [
            ['bookingPerIp', '192.0.2.2'],
            ['bookingPerContact', 'batch-b@example.com'],
          ],
          now,
        ),
        // Over its address's limit: refused, and its contact not counted.
        store.takeAll(
          [
            ['bookingPerIp', '192.0.2.9'],
            ['bookingPerContact', 'batch-c@example.com'],
          ],
          now,
        ),
        // Shares a contact with the first: counted in a statement of its own, after it.
        store.takeAll(
          [
            ['bookingPerIp', '192.0.2.4'],
            ['bookingPerContact', 'batch-a@example.com'],
          ],
          now,
        ),
      ]);
      expect([a, b, c, d]).toEqual([true, true, false, true]);
      expect(statements).toBe(2);
      const hitsOf = async (key: string) =>
        (
          await sql<{ hits: number }>`SELECT hits FROM public_limit_hits
            WHERE limit_name = 'bookingPerContact' AND key_hash = ${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32)}`.execute(
            t.deps.db,
          )
        ).rows.map((r) => r.hits);
      expect(await hitsOf('batch-a@example.com')).toEqual([2]);
      expect(await hitsOf('batch-b@example.com')).toEqual([1]);
      expect(await hitsOf('batch-c@example.com')).toEqual([]);
      await store.close();
    },
  );

  it('reads its limits from the environment and refuses nonsense there', () => {
    expect(loadEnv({}).SANDBAR_PUBLIC_READS_PER_IP).toEqual({ max: 240, windowMs: 60_000 });
    expect(loadEnv({ SANDBAR_PUBLIC_BOOKINGS_PER_CONTACT: '5 / 2h' }).SANDBAR_PUBLIC_BOOKINGS_PER_CONTACT).toEqual({
      max: 5,
      windowMs: 7_200_000,
    });
    for (const bad of ['0/1m', '10', '10/0m', '10/8d', 'many/1m', '10/1w'])
      expect(() => loadEnv({ SANDBAR_PUBLIC_MANAGE_PER_IP: bad }), bad).toThrow(
        /SANDBAR_PUBLIC_MANAGE_PER_IP: expected hits per window/,
      );
  });
});
