import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { DashboardData } from '@sandbar/contract/units';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { connectPostgres } from '../../src/db/connect';
import { loadEnv } from '../../src/env';
import { boardCache } from '../../src/features/units/board-cache';
import { compareAndSet, readState } from '../../src/features/units/unit-state.repository';
import { fixedClock } from '../../src/platform/clock';
import type { BoardEvent } from '../../src/platform/events';
import { buildUser } from '../factories';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

// Issue 25, big venues: a change patches the cached day (only the changed units are encoded
// again) instead of rebuilding it, and a tablet may ask for some of its locations only. After
// every kind of change the board served must be byte for byte the board built from nothing
// (the cache cleared), and it must have been patched, not rebuilt — or this proves nothing.

const TS = Math.floor(MORNING / 1000);

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function served(app: FastifyInstance, query = '', user = 'admin'): Promise<string> {
  const res = await injectAs(app, user, { method: 'GET', url: `/api/getUnits${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The board built from nothing: the cache emptied first. */
async function fresh(app: FastifyInstance, query = '', user = 'admin'): Promise<string> {
  boardCache(app.deps.events).clear();
  return served(app, query, user);
}

describe(`board patching on ${testDialect}`, () => {
  let t: TestApp;
  let umbrella: number;
  const post = async (url: string, payload: object, user = 'admin') => {
    const res = await injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  /** The board is warm, `change` happens, and the next answer is a patch equal to a fresh build. */
  async function expectPatched(change: () => Promise<unknown>, query = '') {
    const cache = boardCache(t.deps.events);
    await served(t.app, query);
    const before = { ...cache.counts };
    await change();
    let got = await served(t.app, query);
    // On PostgreSQL a change's event comes back through LISTEN/NOTIFY: a void changes no unit's
    // version, so until its event is heard the board is rightly served as it was (CI, under load).
    for (let i = 0; i < 100 && cache.counts.patched === before.patched; i++) {
      await new Promise((r) => setTimeout(r, 20));
      got = await served(t.app, query);
    }
    expect(cache.counts.built, 'rebuilt instead of patched').toBe(before.built);
    expect(cache.counts.patched).toBeGreaterThan(before.patched);
    expect(got).toBe(await fresh(t.app, query));
    return DashboardData.parse(JSON.parse(got));
  }

  const tile = (board: DashboardData, id: number) =>
    board.locations.flatMap((l) => l.units.flat()).find((u) => u.id === id)!;

  it('patches a sale, a move, a hold and its release, a void and a reservation', async () => {
    const [a, b, c, d] = (await Promise.all([1, 2, 3, 4].map((n) => unitId(t.deps.db, 'MB', n)))) as [
      number,
      number,
      number,
      number,
    ];
    let saleId = 0;
    let board = await expectPatched(async () => {
      saleId = (await post('saveCustomer', buildSale({ unitId: a, selectedUnit: umbrella }))).saleId;
    });
    expect(tile(board, a)).toMatchObject({ unitStatus: 2, totalPrice: '35.00' });
    expect(board.locations[0]!.totals.revenue).toBe('35.00');

    board = await expectPatched(() => post('moveCustomer', { oldUnitData: { unitId: a }, newUnitData: { unitId: b } }));
    expect([tile(board, a).unitStatus, tile(board, b).unitStatus]).toEqual([0, 2]);

    const cartId = crypto.randomUUID();
    board = await expectPatched(() => post('holdUnit', { unitId: c, cartId }));
    expect(tile(board, c)).toMatchObject({ unitStatus: 1, heldBy: expect.any(String) });
    board = await expectPatched(() => post('releaseUnits', { cartId }));
    expect(tile(board, c).unitStatus).toBe(0);

    // A void changes no unit's version: only the event names the unit.
    board = await expectPatched(() =>
      post('deleteTransaction', {
        deleteId: saleId,
        reportTime: TS,
        reportType: 'allTransactions',
        reason: 'sold twice',
      }),
    );
    expect(tile(board, b).saleDeleted).toBe(true);
    expect(board.locations[0]!.totals.revenue).toBe('0.00');

    board = await expectPatched(() =>
      post('saveReservation', {
        guestName: 'Patch Guest',
        phone: '305 555 0142',
        days: [DAY],
        partySize: 2,
        arrival: '11:30',
        unitIds: [d],
      }),
    );
    expect(tile(board, d).reservations?.[0]?.guestName).toBe('Patch Guest');
  });

  it('patches a change written without an event (another instance, its event not yet here)', async () => {
    const e = await unitId(t.deps.db, 'MB', 5);
    const board = await expectPatched(async () => {
      const st = await readState(t.deps.db, e, DAY, 'U');
      expect(await compareAndSet(t.deps.db, e, DAY, st.version, { status: 5 }, { userId: null, now: MORNING })).toBe(
        true,
      );
    });
    expect(tile(board, e).unitStatus).toBe(5);
  });

  it('serves the same patched bytes compressed', async () => {
    const f = await unitId(t.deps.db, 'MB', 6);
    await expectPatched(() => post('markOccupied', { unitData: { unitId: f } }));
    const res = await injectAs(t.app, 'admin', {
      method: 'GET',
      url: '/api/getUnits',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(await fresh(t.app));
    // gzip is made of per-location pieces: after a patch only the changed location's is new.
    const gz = () =>
      injectAs(t.app, 'admin', { method: 'GET', url: '/api/getUnits', headers: { 'accept-encoding': 'gzip' } });
    await gz();
    await post('markOccupiedEmpty', { unitData: { unitId: f } });
    const patched = await gz();
    expect(patched.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(patched.rawPayload).toString('utf8')).toBe(await fresh(t.app));
  });

  it('tags the board: an unchanged day is a 304, a changed one a new tag', async () => {
    const get = (headers: Record<string, string> = {}) =>
      injectAs(t.app, 'admin', { method: 'GET', url: '/api/getUnits', headers });
    const first = await get({ 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // The same tag whatever the encoding: it names the JSON.
    expect((await get()).headers.etag).toBe(etag);
    const same = await get({ 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload).toHaveLength(0);
    const i = await unitId(t.deps.db, 'MB', 9);
    await post('markOccupied', { unitData: { unitId: i } });
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // The patched board's tag is the fresh board's.
    const patchedTag = changed.headers.etag;
    boardCache(t.deps.events).clear();
    expect((await get()).headers.etag).toBe(patchedTag);
  });

  it('checks the venue-wide parts every few seconds, and builds the day again in the background', async () => {
    const clock = t.deps.clock as ReturnType<typeof fixedClock>;
    const cache = boardCache(t.deps.events);
    await served(t.app);
    // A hotel renamed with no event: within the time limit the board is served as it was…
    await t.deps.db.updateTable('hotels').set({ name: 'Renamed Resort' }).where('name', '=', 'Other').execute();
    clock.advance(1_000);
    expect(await served(t.app)).not.toContain('Renamed Resort');
    // …after it, the check finds the change and the board is built again.
    clock.advance(5_000);
    expect(await served(t.app)).toContain('Renamed Resort');
    await t.deps.db.updateTable('hotels').set({ name: 'Other' }).where('name', '=', 'Renamed Resort').execute();
    clock.advance(6_000);
    const before = { ...cache.counts };
    expect(await served(t.app)).not.toContain('Renamed Resort');
    expect(cache.counts.built).toBe(before.built + 1);
    // A minute on, the patched board is still served at once while it is built whole behind it.
    clock.advance(61_000);
    const during = await served(t.app);
    expect(cache.counts.built).toBe(before.built + 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await served(t.app)).toBe(during);
    expect(during).toBe(await fresh(t.app));
  });

  it('answers only the locations asked for, patched like the whole board', async () => {
    const whole = DashboardData.parse(JSON.parse(await served(t.app)));
    const mb = whole.locations[0]!;
    const g = await unitId(t.deps.db, 'MB', 7);
    const part = await expectPatched(() => post('markOccupied', { unitData: { unitId: g } }), `?locationIds=${mb.id}`);
    expect(part.locations.map((l) => l.name)).toEqual(['MB']);
    expect(tile(part, g).unitStatus).toBe(5);
    expect(part.totalUnits).toBe(mb.units.flat().length);
    expect(Object.keys(part.totalLocationUnits)).toEqual([String(mb.id)]);
    // Every field but the locations is the whole board's.
    const { locations: _a, totalUnits: _b, totalLocationUnits: _c, ...rest } = part;
    expect(whole).toMatchObject(rest);
    // Two ids, in any order and repeated: the same answer as in board order.
    const two = `${whole.locations[1]!.id},${mb.id},${mb.id}`;
    const both = DashboardData.parse(JSON.parse(await served(t.app, `?locationIds=${two}`)));
    expect(both.locations.map((l) => l.name)).toEqual(['MB', 'CD']);
    // A search works on the part too.
    const found = JSON.parse(await served(t.app, `?locationIds=${mb.id}&searchTerm=MB7`));
    expect(found.search).toMatchObject({ count: 1, unitIds: [g] });
  });

  it('refuses a location the user is not assigned, and ids that are not ids', async () => {
    const lonely = await buildUser(t.deps.db, { username: 'onlycd', password: 'sandbar-demo', userType: 'U' });
    const cd = await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'CD').executeTakeFirstOrThrow();
    const mb = await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow();
    await t.deps.db.insertInto('user_locations').values({ user_id: lonely.id, location_id: cd.id }).execute();
    expect(JSON.parse(await served(t.app, `?locationIds=${cd.id}`, 'onlycd')).locations).toHaveLength(1);
    const foreign = await injectAs(t.app, 'onlycd', {
      method: 'GET',
      url: `/api/getUnits?locationIds=${cd.id},${mb.id}`,
    });
    expect(foreign.statusCode).toBe(403);
    for (const bad of ['', 'x', '1,', '0', '1;2', '-1', '1,,2']) {
      const res = await injectAs(t.app, 'admin', {
        method: 'GET',
        url: `/api/getUnits?locationIds=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it.runIf(testDialect === 'postgres')('stays equal to a fresh build on a second instance', async () => {
    const second = await buildApp({
      database: connectPostgres(t.testDb.url!, 4),
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      clock: fixedClock(MORNING),
      logger: false,
      webDist: null,
    });
    const heard: BoardEvent[] = [];
    second.deps.events.subscribe((e) => heard.push(e));
    try {
      await second.ready();
      const cache = boardCache(second.deps.events);
      const h = await unitId(t.deps.db, 'MB', 8);
      await served(second);
      const before = { ...cache.counts };
      // A sale on the first instance: the second sees it at once (versions), event or not.
      const { saleId } = await post('saveCustomer', buildSale({ unitId: h, selectedUnit: umbrella }));
      const afterSale = await served(second);
      expect(tile(DashboardData.parse(JSON.parse(afterSale)), h).unitStatus).toBe(2);
      // A void changes no version: the second instance patches it when the event arrives.
      await until(() => heard.some((e) => e.unitIds.includes(h)));
      const n = heard.length;
      await post('deleteTransaction', {
        deleteId: saleId,
        reportTime: TS,
        reportType: 'allTransactions',
        reason: 'test',
      });
      await until(() => heard.length > n && heard.slice(n).some((e) => e.unitIds.includes(h)));
      const afterVoid = await served(second);
      expect(tile(DashboardData.parse(JSON.parse(afterVoid)), h).saleDeleted).toBe(true);
      expect(cache.counts.built).toBe(before.built);
      expect(cache.counts.patched).toBeGreaterThanOrEqual(before.patched + 2);
      expect(afterVoid).toBe(await fresh(second));
      // Both instances tag the same day alike: a tablet moved to the other one still gets its 304.
      const tag = async (app: FastifyInstance) =>
        (await injectAs(app, 'admin', { method: 'GET', url: '/api/getUnits' })).headers.etag;
      expect(await tag(second)).toBe(await tag(t.app));
    } finally {
      await second.close();
      await second.deps.database.close();
    }
  });
});
