import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { connectPostgres, connectSqlite } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoVenue } from '../../src/demo-venue';
import { publicDb } from '../../src/features/reservations/public-db';
import {
  AVAILABILITY_TTL_MS,
  AvailabilityCache,
  RUSH_CHANGES,
  cachedAnswer,
} from '../../src/features/reservations/availability-cache';
import { memoryEventBus } from '../../src/platform/events';
import { loadEnv } from '../../src/env';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, hotelId, priceId, unitId } from '../sales/factories';

// The guest page's availability answer is cached per day and location set (issue 24,
// "Performance"); these tests hold it to "never stale after a write": a sale, a booking, a
// cancel, a hold running out, a price or a setting changed — on this instance and, on
// PostgreSQL, on another instance of the same database. And never any guest data in it.

const TOMORROW = '2026-07-05';

interface Unit {
  unitId: number;
  state: string;
}

describe(`the guest page's availability cache on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let mbId: number;
  let umbrella: number;
  const read = (app: FastifyInstance, query: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/api/public/booking/availability?${query}`,
      headers,
      // Each read its own address: the read limit is tested on its own.
      remoteAddress: `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
    });
  const stateOf = (body: string, unit: number) =>
    (JSON.parse(body) as { locations: { rows: Unit[][] }[] }).locations
      .flatMap((l) => l.rows.flat())
      .find((u) => u.unitId === unit)?.state;
  const post = (user: string, url: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB' });
    mbId = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow()).id;
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  it('answers the same bytes with an ETag, 304 for a phone that has them, compressed once for a phone that accepts it', async () => {
    const q = `day=${TOMORROW}&locationId=${mbId}`;
    const first = await read(t.app, q);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await read(t.app, q, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await read(t.app, q, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    // The compressed twin's ETag revalidates too.
    expect((await read(t.app, q, { 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
  });

  it('changes right after a walk-in sale, a booking and its cancel on that day — and carries no guest data', async () => {
    const unit = await unitId(t.deps.db, 'MB', 12);
    const today = `day=${DAY}&locationId=${mbId}`;
    const tomorrow = `day=${TOMORROW}&locationId=${mbId}`;
    const before = await read(t.app, today);
    expect(stateOf(before.body, unit)).toBe('free');
    const beforeTomorrow = await read(t.app, tomorrow);

    const sale = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    expect(sale.statusCode, sale.body).toBe(200);
    const afterSale = await read(t.app, today, { 'if-none-match': before.headers.etag as string });
    expect(afterSale.statusCode).toBe(200);
    expect(stateOf(afterSale.body, unit)).toBe('taken');
    // Another day's answer was not dropped: its ETag still holds.
    expect((await read(t.app, tomorrow, { 'if-none-match': beforeTomorrow.headers.etag as string })).statusCode).toBe(
      304,
    );

    const booked = await post('staff', 'saveReservation', {
      unitIds: [unit],
      days: [TOMORROW],
      guestName: 'Secret Guestname',
      phone: '305 555 0199',
      email: 'secret.guest@example.com',
      partySize: 2,
      arrival: '10:30',
      notes: 'Private note',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const afterBooking = await read(t.app, tomorrow);
    expect(stateOf(afterBooking.body, unit)).toBe('reserved');
    for (const secret of ['Secret', 'Guestname', '0199', 'example.com', 'Private', 'reservations', 'guestName'])
      expect(afterBooking.body).not.toContain(secret);
    // Nor in the answer for every location (a different key of the same day).
    const all = await read(t.app, `day=${TOMORROW}`);
    expect(stateOf(all.body, unit)).toBe('reserved');
    expect(all.body).not.toContain('Secret');

    const cancel = await post('staff', 'cancelReservation', { id: booked.json().reservation.id, reason: 'Rain' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(stateOf((await read(t.app, tomorrow)).body, unit)).toBe('free');
    expect(stateOf((await read(t.app, `day=${TOMORROW}`)).body, unit)).toBe('free');
  });

  it('turns a unit free when its cart hold runs out, without any write', async () => {
    const unit = await unitId(t.deps.db, 'MB', 14);
    const hold = await post('staff', 'holdUnit', { unitId: unit, cartId: 'cart-availability-1' });
    expect(hold.statusCode, hold.body).toBe(200);
    const q = `locationId=${mbId}`;
    const expires = await t.deps.db
      .selectFrom('unit_states')
      .select('hold_expires_at')
      .where('position_id', '=', unit)
      .where('day', '=', DAY)
      .executeTakeFirstOrThrow();
    const start = clock.now();
    // Cached two seconds before the hold runs out (well inside the cache's time limit)…
    clock.set(Number(expires.hold_expires_at) - 2000);
    try {
      expect(stateOf((await read(t.app, q)).body, unit)).toBe('taken');
      expect(stateOf((await read(t.app, q)).body, unit)).toBe('taken');
      // …and free the moment after.
      clock.set(Number(expires.hold_expires_at) + 1);
      expect(stateOf((await read(t.app, q)).body, unit)).toBe('free');
    } finally {
      clock.set(start);
    }
  });

  it.runIf(testDialect === 'sqlite')(
    'reads a SQLite file through its own connection and still sees a sale at once',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-public-reader-'));
      const database = connectSqlite(path.join(dir, 'sandbar.db'));
      await migrateToLatest(database.db);
      await seedDemoVenue(database.db, clock);
      await writeSettings(database.db, { bookingOnlineLocations: 'MB' });
      const app = await buildApp({
        database,
        env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
        clock,
        logger: false,
        webDist: null,
      });
      await app.ready();
      try {
        const unit = await unitId(database.db, 'MB', 19);
        const today = `day=${DAY}&locationId=${mbId}`;
        expect(publicDb(app.deps)).not.toBe(app.deps.db);
        expect(stateOf((await read(app, today)).body, unit)).toBe('free');
        const sale = await injectAs(app, 'staff', {
          method: 'POST',
          url: '/api/saveCustomer',
          payload: buildSale({ unitId: unit, selectedUnit: umbrella }),
        });
        expect(sale.statusCode, sale.body).toBe(200);
        expect(stateOf((await read(app, today)).body, unit)).toBe('taken');
      } finally {
        await app.close();
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(testDialect === 'postgres')('changes on one instance after a sale or a booking on another', async () => {
    const second = await buildApp({
      database: connectPostgres(t.testDb.url!, 4),
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      clock,
      logger: false,
      webDist: null,
    });
    await second.ready();
    try {
      const unit = await unitId(t.deps.db, 'MB', 16);
      const other = await unitId(t.deps.db, 'MB', 17);
      const today = `day=${DAY}&locationId=${mbId}`;
      const tomorrow = `day=${TOMORROW}&locationId=${mbId}`;
      // The second instance caches both days.
      expect(stateOf((await read(second, today)).body, unit)).toBe('free');
      expect(stateOf((await read(second, tomorrow)).body, other)).toBe('free');
      // A sale and a booking through the first instance.
      expect(
        (await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }))).statusCode,
      ).toBe(200);
      const booked = await post('staff', 'saveReservation', {
        unitIds: [other],
        days: [TOMORROW],
        guestName: 'Second Instance',
        phone: '305 555 0188',
        partySize: 2,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      // The second instance hears them through NOTIFY (milliseconds): poll, never a fixed sleep.
      const until = async (check: () => Promise<boolean>) => {
        const end = Date.now() + 5000;
        while (!(await check())) {
          if (Date.now() > end) throw new Error('the second instance never saw the change');
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      await until(async () => stateOf((await read(second, today)).body, unit) === 'taken');
      await until(async () => stateOf((await read(second, tomorrow)).body, other) === 'reserved');
      expect((await read(second, tomorrow)).body).not.toContain('Second Instance');
    } finally {
      await second.close();
      await second.deps.database.close();
    }
  });

  it('follows the price list and the venue settings', async () => {
    const q = `day=${TOMORROW}&locationId=${mbId}`;
    const before = (await read(t.app, q)).json();
    const saved = await post('admin', 'savePrice', {
      postData: { id: umbrella, name: 'Umbrella + 2 Chairs', price: '41.00' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await read(t.app, q)).json();
    expect(after.prices.find((p: { id: number }) => p.id === umbrella).price).toBe('41.00');
    expect(after.prices).not.toEqual(before.prices);
    const named = await post('admin', 'saveConfigSettings', { venueName: 'Cache Beach Club' });
    expect(named.statusCode, named.body).toBe(200);
    expect((await read(t.app, q)).json().venueName).toBe('Cache Beach Club');
    // The hotels its hotel rates name.
    const hyatt = await hotelId(t.deps.db, 'Hyatt');
    const renamed = await post('admin', 'saveHotel', { postData: { id: hyatt, name: 'Hyatt Cache Grand' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(t.app, q)).json().hotels.map((h: { name: string }) => h.name)).toContain('Hyatt Cache Grand');
    // And the layout: a unit renumbered shows its new number on every day's answer.
    const unit = await unitId(t.deps.db, 'MB', 18);
    const renumbered = await post('admin', 'saveUmbrellaNumber', {
      unitData: { unitId: unit, unitNumber: '918', unitType: 'U' },
    });
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    const units = (await read(t.app, q)).json().locations.flatMap((l: { rows: Unit[][] }) => l.rows.flat());
    expect(units.find((u: Unit & { unitNumber: number }) => u.unitId === unit).unitNumber).toBe(918);
  });
});

describe('the availability cache under a stream of changes', () => {
  it('runs one build per key at a time: requests after a change share one follow-up that starts when the running build ends', async () => {
    const bus = memoryEventBus();
    const cache = new AvailabilityCache(bus);
    const day = '2026-07-05';
    let release: () => void = () => undefined;
    const builds: string[] = [];
    const build = (label: string, wait: boolean) => async () => {
      builds.push(`start ${label}`);
      if (wait) await new Promise<void>((r) => (release = r));
      builds.push(`end ${label}`);
      return cachedAnswer(day, Buffer.from(label), 0, Infinity);
    };
    const first = cache.getOrBuild('k', day, 0, build('first', true));
    // A sale on that day overtakes the running build…
    cache.heard({ type: 'sale', day, unitIds: [1] });
    // …so two readers after it wait for one follow-up (not two builds, not the overtaken answer).
    const a = cache.getOrBuild('k', day, 0, build('second', false));
    const b = cache.getOrBuild('k', day, 0, build('third', false));
    expect(builds).toEqual(['start first']);
    release();
    expect((await first).body.toString()).toBe('first');
    expect((await a).body.toString()).toBe('second');
    expect((await b).body.toString()).toBe('second');
    expect(builds).toEqual(['start first', 'end first', 'start second', 'end second']);
    // The overtaken answer was not kept; the follow-up's was.
    expect((await cache.getOrBuild('k', day, 0, build('fourth', false))).body.toString()).toBe('second');
    cache.close();
    await bus.close();
  });
});

describe('the availability cache in a rush', () => {
  it('while a day changes several times a second, gives the last answer at once and rebuilds it once behind', async () => {
    const bus = memoryEventBus();
    const cache = new AvailabilityCache(bus);
    const day = '2026-07-05';
    let release: () => void = () => undefined;
    let builds = 0;
    const build = (label: string, wait: boolean) => async () => {
      builds++;
      if (wait) await new Promise<void>((r) => (release = r));
      return cachedAnswer(day, Buffer.from(label), 0, Infinity);
    };
    expect((await cache.getOrBuild('k', day, 0, build('first', false))).body.toString()).toBe('first');
    // One change: a reader waits for the answer that has it (read your own write).
    cache.heard({ type: 'sale', day, unitIds: [1] });
    expect(cache.inRush(day)).toBe(false);
    const second = cache.getOrBuild('k', day, 0, build('second', true));
    release();
    expect((await second).body.toString()).toBe('second');
    // Five changes within a second: the rush. Readers get 'second' at once while one rebuild runs.
    for (let i = 0; i < RUSH_CHANGES; i++) cache.heard({ type: 'booking', day, unitIds: [i] });
    expect(cache.inRush(day)).toBe(true);
    const during = await Promise.all([1, 2, 3].map(() => cache.getOrBuild('k', day, 0, build('third', true))));
    expect(during.map((a) => a.body.toString())).toEqual(['second', 'second', 'second']);
    expect(builds).toBe(3);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.getOrBuild('k', day, 0, build('fourth', false))).body.toString()).toBe('third');
    // A change of the venue (a price, a setting) is never answered from before it.
    cache.heard({ type: 'resync', day: '', unitIds: [] });
    expect((await cache.getOrBuild('k', day, 0, build('fifth', false))).body.toString()).toBe('fifth');
    cache.close();
    await bus.close();
  });
  it('gives an answer seconds old while a slow rebuild runs in a rush, and the venue past its time limit while one read refreshes it (decision 331)', async () => {
    const bus = memoryEventBus();
    const cache = new AvailabilityCache(bus);
    const day = '2026-07-05';
    let release: () => void = () => undefined;
    const build = (label: string, wait: boolean) => async () => {
      if (wait) await new Promise<void>((r) => (release = r));
      return cachedAnswer(day, Buffer.from(label), 0, Infinity);
    };
    await cache.getOrBuild('k', day, 0, build('first', false));
    for (let i = 0; i < RUSH_CHANGES; i++) cache.heard({ type: 'booking', day, unitIds: [i] });
    // Three seconds on, the rebuild is slow (a loaded machine): the page view does not wait for it.
    expect((await cache.getOrBuild('k', day, 3_000, build('second', true))).body.toString()).toBe('first');
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.getOrBuild('k', day, 3_000, build('third', true))).body.toString()).toBe('second');

    let reads = 0;
    let done: () => void = () => undefined;
    const facts =
      (v: string, wait = false) =>
      async () => {
        reads++;
        if (wait) await new Promise<void>((r) => (done = r));
        return v;
      };
    expect(await cache.venue(0, facts('v1'))).toBe('v1');
    // Past the time limit and unchanged: answered as they were, one read refreshes them behind.
    expect(await cache.venue(AVAILABILITY_TTL_MS + 1, facts('v2', true))).toBe('v1');
    expect(await cache.venue(AVAILABILITY_TTL_MS + 2, facts('v2b'))).toBe('v1');
    expect(reads).toBe(2);
    done();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.venue(AVAILABILITY_TTL_MS + 3, facts('v3'))).toBe('v2');
    // A change of the venue (a price, a setting) is never answered from before it.
    cache.heard({ type: 'prices', day: '', unitIds: [] });
    expect(await cache.venue(AVAILABILITY_TTL_MS + 4, facts('v4'))).toBe('v4');
    cache.close();
    await bus.close();
  });
});
