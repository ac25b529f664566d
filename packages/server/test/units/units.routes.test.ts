import { messages } from '@sandbar/contract/messages';
import { DashboardData, UnitDetail } from '@sandbar/contract/units';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boardCache } from '../../src/features/units/board-cache';
import { compareAndSet, readState } from '../../src/features/units/unit-state.repository';
import type { BoardEvent } from '../../src/platform/events';
import { fixedClock } from '../../src/platform/clock';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { positionOf, seatCustomer } from './factories';

// 2026-07-15 12:00 in New York (the demo venue's zone).
const NOW = Date.UTC(2026, 6, 15, 16, 0);
const TODAY = '2026-07-15';
const ts = (daysAgo = 0) => Math.floor((NOW - daysAgo * 86_400_000) / 1000);

/** Events cross PostgreSQL through LISTEN/NOTIFY: wait for them a little. */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const get = (app: FastifyInstance, user: string, url: string) => injectAs(app, user, { method: 'GET', url });
const post = (app: FastifyInstance, user: string, url: string, payload: object) =>
  injectAs(app, user, { method: 'POST', url, payload });

describe(`board calls on ${testDialect}`, () => {
  let t: TestApp;
  const events: BoardEvent[] = [];
  let mb: (n: number) => Promise<{ id: number; location_id: number; unit_type: string }>;

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW) });
    t.deps.events.subscribe((e) => events.push(e));
    mb = (n) => positionOf(t.deps.db, 'MB', n);
    await buildUser(t.deps.db, { username: 'nolocs', password: 'sandbar-demo', userType: 'U' });
  });
  afterAll(async () => t.close());

  const status = async (positionId: number, day = TODAY) => (await readState(t.deps.db, positionId, day, 'U')).status;

  describe('GET /getUnits', () => {
    it('answers the dashboard data of today for the user’s locations', async () => {
      const res = await get(t.app, 'admin', '/api/getUnits');
      expect(res.statusCode).toBe(200);
      const data = DashboardData.parse(res.json());
      expect(data.locations.map((l) => l.name)).toEqual(['MB', 'CD', 'PT']);
      expect(data.locations[0]!.units).toHaveLength(4);
      expect(data.locations[0]!.units[0]).toHaveLength(20);
      expect(data.totalUnits).toBe(106);
      expect(data.totalLocationUnits[String(data.locations[1]!.id)]).toBe(16);
      expect(data).toMatchObject({ currentDay: TODAY, dom: 15, noLocations: false, editable: true, today: TODAY });
      expect(data.startDate).toBe('2026-01-01');
      expect(data.startDOY).toBe(1);
      expect(data.hotels.map((h) => h.name)).toContain('Other');
      const pt = data.locations[2]!.units.flat();
      expect(pt.every((u) => u.unitStatus === 6)).toBe(true);
      const u = data.locations[0]!.units[0]![0]!;
      expect(u).toMatchObject({
        unitType: 'U',
        unitNumber: 1,
        unitStatus: 0,
        location: 'MB',
        row: 1,
        position: 1,
        version: 0,
      });
      expect(u.totalPrice).toBe('0.00');
    });

    it('shows staff only their assigned location', async () => {
      const data = (await get(t.app, 'staff', '/api/getUnits')).json();
      expect(data.locations.map((l: { name: string }) => l.name)).toEqual(['MB']);
      expect(data.totalUnits).toBe(80);
    });

    it('tells a user with no locations', async () => {
      const data = (await get(t.app, 'nolocs', '/api/getUnits')).json();
      expect(data.noLocations).toBe(true);
      expect(data.locations).toEqual([]);
      expect(messages.dashboard.noLocations).toBe('No Locations have been assigned to you!');
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/getUnits' })).statusCode).toBe(401);
    });

    it('answers another day by 10-digit timestamp, within each role’s window', async () => {
      const y = await get(t.app, 'admin', `/api/getUnits/${ts(1)}`);
      expect(y.statusCode).toBe(200);
      expect(y.json()).toMatchObject({ currentDay: '2026-07-14', editable: true });
      const s = await get(t.app, 'supervisor', `/api/getUnits/${ts(5)}`);
      expect(s.statusCode).toBe(200);
      expect(s.json().editable).toBe(false);
      expect((await get(t.app, 'supervisor', `/api/getUnits/${ts(1)}`)).json().editable).toBe(true);
      const staff = await get(t.app, 'staff', `/api/getUnits/${ts(1)}`);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().details).toMatch(/today/);
      expect((await get(t.app, 'staff', `/api/getUnits/${ts(0)}`)).statusCode).toBe(200);
      expect((await get(t.app, 'admin', '/api/getUnits/notatime')).statusCode).toBe(400);
    });

    it('filters by a search term: unit number, location and number, customer name', async () => {
      const p = await mb(7);
      await seatCustomer(t.deps.db, { positionId: p.id, day: TODAY, name: 'Jordan Sands' });
      const byName = (await get(t.app, 'admin', '/api/getUnits?searchTerm=jordan')).json();
      expect(byName.search).toEqual({ searchTerm: 'jordan', count: 1, unitIds: [p.id] });
      const byLabel = (await get(t.app, 'admin', '/api/getUnits?searchTerm=MB%2012')).json();
      expect(byLabel.search.count).toBe(1);
      const byNumber = (await get(t.app, 'admin', '/api/getUnits?searchTerm=12')).json();
      expect(byNumber.search.unitIds).toEqual([(await mb(12)).id]);
      const none = (await get(t.app, 'admin', '/api/getUnits?searchTerm=nobody')).json();
      expect(none.search.count).toBe(0);
      const paid = byName.locations[0].units.flat().find((u: { id: number }) => u.id === p.id);
      expect(paid).toMatchObject({ unitStatus: 2, totalPrice: '35.00', paymentMethod: 'Cash' });
      expect(paid.customers[0]).toMatchObject({ customerName: 'Jordan Sands', state: 'seated' });
    });
  });

  describe('tablets asking for the board at once', () => {
    it('build it once and all get the same bytes', async () => {
      // Every tablet refetches when a unit changes: 20 requests on a cold cache used to make 20
      // builds of the same board (seconds of CPU at a venue's size, for nothing).
      const cache = boardCache(t.deps.events);
      cache.clear();
      const set = vi.spyOn(cache, 'set');
      await loginAs(t.app, 'admin');
      const all = await Promise.all(Array.from({ length: 20 }, () => get(t.app, 'admin', '/api/getUnits')));
      expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(all.map((r) => r.body)).size).toBe(1);
      expect(set).toHaveBeenCalledTimes(1);
      set.mockRestore();
    });
  });

  describe('GET /getUnit', () => {
    it('answers one unit with notes and logs; 403 outside the user’s locations; 404 unknown', async () => {
      const p = await mb(2);
      const res = await get(t.app, 'staff', `/api/getUnit/${p.id}`);
      expect(res.statusCode).toBe(200);
      const u = UnitDetail.parse(res.json());
      expect(u).toMatchObject({ id: p.id, unitNumber: 2, day: TODAY, editable: true, notes: [], logs: [] });
      const cd = await positionOf(t.deps.db, 'CD', 101);
      const denied = await get(t.app, 'staff', `/api/getUnit/${cd.id}`);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().details).toBe('Unit CD 101 is not in your assigned locations.');
      expect((await get(t.app, 'admin', '/api/getUnit/999999')).statusCode).toBe(404);
      expect((await get(t.app, 'admin', '/api/getUnit/abc')).statusCode).toBe(400);
      const y = await get(t.app, 'admin', `/api/getUnit/${p.id}/${ts(1)}`);
      expect(y.json()).toMatchObject({ day: '2026-07-14' });
      expect((await get(t.app, 'staff', `/api/getUnit/${p.id}/${ts(1)}`)).statusCode).toBe(403);
    });
  });

  describe('POST /saveUmbrellaNumber', () => {
    it('gives both spec messages, concatenated', async () => {
      const p = await mb(3);
      const both = await post(t.app, 'admin', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '' },
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().details).toBe(`${messages.unit.numberBlank} ${messages.unit.typeBlank}`);
      const zero = await post(t.app, 'admin', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '0', unitType: 'U' },
      });
      expect(zero.json().details).toBe(messages.unit.numberBlank);
      const type = await post(t.app, 'admin', '/api/saveUmbrellaNumber', { unitData: { unitId: p.id, unitNumber: 5 } });
      expect(type.json().details).toBe(messages.unit.typeBlank);
      expect((await post(t.app, 'admin', '/api/saveUmbrellaNumber', {})).statusCode).toBe(400);
    });

    it('sets the number and type, logs it, and refuses duplicates and other locations', async () => {
      const p = await mb(80);
      const res = await post(t.app, 'staff', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '180', unitType: 'C' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().unit).toMatchObject({ unitNumber: 180, unitType: 'C', umbrellaType: 'C' });
      const unit = (await get(t.app, 'staff', `/api/getUnit/${p.id}`)).json();
      expect(unit.logs[0].note).toMatch(/^Set unit number 180, type Cabana \(Casey Staff\)$/);
      const dup = await post(t.app, 'staff', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '12', unitType: 'U' },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().details).toBe('Unit number 12 is already used in MB.');
      const cd = await positionOf(t.deps.db, 'CD', 102);
      const denied = await post(t.app, 'staff', '/api/saveUmbrellaNumber', {
        unitData: { unitId: cd.id, unitNumber: '150', unitType: 'C' },
      });
      expect(denied.statusCode).toBe(403);
      // Back to an umbrella; the board shows the change at once.
      await post(t.app, 'staff', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '80', unitType: 'U' },
      });
      const board = (await get(t.app, 'staff', '/api/getUnits')).json();
      expect(board.locations[0].units[3][19]).toMatchObject({ unitNumber: 80, unitType: 'U' });
    });

    it('turns a unit into a tower spot only while it is empty', async () => {
      const p = await mb(79);
      await post(t.app, 'admin', '/api/markOccupied', { unitData: { unitId: p.id } });
      const busy = await post(t.app, 'admin', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '79', unitType: 'T' },
      });
      expect(busy.statusCode).toBe(409);
      await post(t.app, 'admin', '/api/markEmpty', { unitData: { unitId: p.id } });
      const ok = await post(t.app, 'admin', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '79', unitType: 'T' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().unit).toMatchObject({ unitStatus: 6, umbrellaType: null });
      await post(t.app, 'admin', '/api/saveUmbrellaNumber', {
        unitData: { unitId: p.id, unitNumber: '79', unitType: 'U' },
      });
      expect(await status(p.id)).toBe(0);
    });
  });

  describe('status transitions', () => {
    it('mark occupied 0 → 5, again 409; mark empty 5 → 0; each writes a log line and an event', async () => {
      const p = await mb(20);
      events.length = 0;
      const res = await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: p.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: 1, unit: { unitStatus: 5, version: 1 } });
      // A late NOTIFY from the test before may still arrive: wait for this one.
      await until(() => events.some((e) => e.type === 'markOccupied'));
      expect(events).toContainEqual({
        type: 'markOccupied',
        day: TODAY,
        unitIds: [p.id],
        locationIds: [p.location_id],
      });
      const again = await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: p.id } });
      expect(again.statusCode).toBe(409);
      expect(again.json().details).toBe('Unit MB 20 is already occupied.');
      const empty = await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: p.id } });
      expect(empty.json().unit.unitStatus).toBe(0);
      const logs = (await get(t.app, 'staff', `/api/getUnit/${p.id}`)).json().logs;
      expect(logs.map((l: { note: string }) => l.note)).toEqual([
        'Marked empty (Casey Staff)',
        'Marked occupied (Casey Staff)',
      ]);
      expect(logs[0]).toMatchObject({ admin: 'CS', epoc: NOW });
      const twice = await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: p.id } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().details).toBe('Unit MB 20 is already empty.');
    });

    it('mark occupied-empty 5 → 0 with a log line; 409 when not occupied', async () => {
      const p = await mb(21);
      expect((await post(t.app, 'staff', '/api/markOccupiedEmpty', { unitData: { unitId: p.id } })).statusCode).toBe(
        409,
      );
      await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: p.id } });
      const res = await post(t.app, 'staff', '/api/markOccupiedEmpty', { unitData: { unitId: p.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().unit.unitStatus).toBe(0);
      const logs = (await get(t.app, 'staff', `/api/getUnit/${p.id}`)).json().logs;
      expect(logs[0].note).toBe('Occupied unit marked empty (Casey Staff)');
    });

    it('a stale version answers 409 and changes nothing', async () => {
      const p = await mb(22);
      await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: p.id, version: 0 } });
      const stale = await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: p.id, version: 0 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().details).toMatch(/^Unit MB 22 was just changed on another tablet/);
      expect(await status(p.id)).toBe(5);
      expect(
        (await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: p.id, version: 1 } })).statusCode,
      ).toBe(200);
    });

    it('pier and tower spots cannot be occupied or emptied', async () => {
      const pier = await positionOf(t.deps.db, 'PT', 301);
      const occ = await post(t.app, 'admin', '/api/markOccupied', { unitData: { unitId: pier.id } });
      expect(occ.statusCode).toBe(409);
      expect(occ.json().details).toMatch(/pier or tower/);
      expect((await post(t.app, 'admin', '/api/markEmpty', { unitData: { unitId: pier.id } })).statusCode).toBe(409);
    });

    it('a paid customer leaves (2 → 3), is re-seated (3 → 2), and room charge re-seats to 4', async () => {
      const p = await mb(30);
      const customerId = await seatCustomer(t.deps.db, { positionId: p.id, day: TODAY, name: 'Lee Shore' });
      expect((await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: p.id } })).statusCode).toBe(409);
      const left = await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: p.id } });
      expect(left.json().unit).toMatchObject({ unitStatus: 3, totalPrice: '35.00', paymentMethod: 'Cash' });
      expect(left.json().unit.customers[0]).toMatchObject({ id: customerId, state: 'left' });
      const reseat = await post(t.app, 'staff', '/api/reseatCustomer', { unitData: { unitId: p.id, customerId } });
      expect(reseat.statusCode).toBe(200);
      expect(reseat.json().unit.unitStatus).toBe(2);
      const again = await post(t.app, 'staff', '/api/reseatCustomer', { unitData: { unitId: p.id, customerId } });
      expect(again.statusCode).toBe(409);
      expect(again.json().details).toBe('Unit MB 30 is already occupied.');

      const r = await mb(31);
      const guest = await seatCustomer(t.deps.db, { positionId: r.id, day: TODAY, paymentMethod: 'Room Charge' });
      expect(await status(r.id)).toBe(4);
      await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: r.id, customerId: guest } });
      expect(await status(r.id)).toBe(3);
      // The spec's literal shape {unitData: customerId, unitId} works as well as the nested one.
      const back = await post(t.app, 'staff', '/api/reseatCustomer', { unitData: guest, unitId: r.id });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().unit.unitStatus).toBe(4);
      // A left unit may be marked occupied (3 → 5).
      await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: r.id } });
      expect(
        (await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: r.id } })).json().unit.unitStatus,
      ).toBe(5);
      // Re-seating a customer of another unit is refused.
      const wrong = await post(t.app, 'staff', '/api/reseatCustomer', {
        unitData: { unitId: p.id, customerId: guest },
      });
      expect(wrong.statusCode).toBe(404);
      expect((await post(t.app, 'staff', '/api/reseatCustomer', { unitData: { unitId: p.id } })).statusCode).toBe(400);
    });

    it('a unit held in someone else’s cart answers 409 naming the holder', async () => {
      const p = await mb(40);
      const admin = await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      await compareAndSet(
        t.deps.db,
        p.id,
        TODAY,
        0,
        { status: 1, holdCartId: 'cart-1', holdUserId: admin.id, holdExpiresAt: NOW + 600_000 },
        { userId: admin.id, now: NOW },
      );
      const res = await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: p.id } });
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toBe('Unit MB 40 is held in a cart by Alex Admin.');
      const tile = (await get(t.app, 'staff', '/api/getUnits')).json().locations[0].units[1][19];
      expect(tile).toMatchObject({ unitStatus: 1, heldBy: 'Alex Admin' });
      // The holder may seat them anyway (their own hold).
      expect((await post(t.app, 'admin', '/api/markOccupied', { unitData: { unitId: p.id } })).statusCode).toBe(200);
    });
  });

  describe('POST /moveCustomer', () => {
    it('carries the customer to an empty unit and leaves the source empty', async () => {
      const from = await mb(50);
      const to = await mb(51);
      const customerId = await seatCustomer(t.deps.db, {
        positionId: from.id,
        day: TODAY,
        name: 'Robin Tide',
        priceCents: 4500,
      });
      events.length = 0;
      const res = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: from.id, unitDBId: from.id, customerId },
        newUnitData: { unitId: to.id, unitDBId: to.id },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.moveCustomer).toBe(true);
      expect(body.oldUnit).toMatchObject({ unitStatus: 0, customers: [] });
      expect(body.newUnit).toMatchObject({ unitStatus: 2, totalPrice: '45.00' });
      expect(body.newUnit.customers[0]).toMatchObject({ id: customerId, customerName: 'Robin Tide', state: 'seated' });
      await until(() => events.some((e) => e.type === 'moveCustomer'));
      expect(events.find((e) => e.type === 'moveCustomer')).toMatchObject({ unitIds: [from.id, to.id] });
      const move = await t.deps.db.selectFrom('unit_moves').selectAll().executeTakeFirstOrThrow();
      expect(move).toMatchObject({ from_label: 'MB 50', to_label: 'MB 51', customer_name: 'Robin Tide', day: TODAY });
      const logs = (await get(t.app, 'staff', `/api/getUnit/${to.id}`)).json().logs;
      expect(logs[0].note).toBe('Robin Tide moved here from MB 50 (Casey Staff)');
    });

    it('refuses an occupied target, an empty source, the same unit and another location', async () => {
      const a = await mb(52);
      const b = await mb(53);
      await seatCustomer(t.deps.db, { positionId: a.id, day: TODAY });
      await seatCustomer(t.deps.db, { positionId: b.id, day: TODAY });
      const occupied = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: a.id },
        newUnitData: { unitId: b.id },
      });
      expect(occupied.statusCode).toBe(409);
      expect(occupied.json().details).toBe('Unit MB 53 is already occupied.');
      const c = await mb(54);
      const d = await mb(55);
      const empty = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: c.id },
        newUnitData: { unitId: d.id },
      });
      expect(empty.statusCode).toBe(409);
      expect(empty.json().details).toBe('Unit MB 54 has no seated customer to move.');
      const same = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: a.id },
        newUnitData: { unitId: a.id },
      });
      expect(same.statusCode).toBe(400);
      const cd = await positionOf(t.deps.db, 'CD', 103);
      const other = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: a.id },
        newUnitData: { unitId: cd.id },
      });
      expect(other.statusCode).toBe(403);
      expect((await post(t.app, 'staff', '/api/moveCustomer', { oldUnitData: { unitId: a.id } })).statusCode).toBe(400);
      // Moving to a unit whose customer left (3) is allowed; an occupied-without-sale unit moves too.
      await post(t.app, 'staff', '/api/markEmpty', { unitData: { unitId: b.id } });
      const toLeft = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: a.id },
        newUnitData: { unitId: b.id },
      });
      expect(toLeft.statusCode).toBe(200);
      expect(toLeft.json().newUnit.unitStatus).toBe(2);
      await post(t.app, 'staff', '/api/markOccupied', { unitData: { unitId: c.id } });
      const occ = await post(t.app, 'staff', '/api/moveCustomer', {
        oldUnitData: { unitId: c.id },
        newUnitData: { unitId: d.id },
      });
      expect(occ.json()).toMatchObject({ oldUnit: { unitStatus: 0 }, newUnit: { unitStatus: 5 } });
    });
  });

  describe('editing window', () => {
    it('U and M today only, S today and yesterday, A any day', async () => {
      const p = await mb(60);
      const on = (user: string, daysAgo: number) =>
        post(t.app, user, '/api/markOccupied', { unitData: { unitId: p.id, timeStamp: ts(daysAgo) } });
      const staff = await on('staff', 1);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().details).toBe("You can only change units on today's board.");
      expect((await on('manager', 1)).statusCode).toBe(403);
      const old = await on('supervisor', 2);
      expect(old.statusCode).toBe(403);
      expect(old.json().details).toBe('Supervisors can change units for today and yesterday only.');
      expect((await on('supervisor', 1)).statusCode).toBe(200);
      expect((await on('admin', 10)).statusCode).toBe(200);
      expect(await status(p.id, '2026-07-05')).toBe(5);
      expect(await status(p.id)).toBe(0);
      expect((await on('staff', 0)).statusCode).toBe(200);
    });
  });

  describe('logs, notes and printing', () => {
    it('adds a log line and a note, and prints a note as ESC/POS', async () => {
      const p = await mb(70);
      const log = await post(t.app, 'staff', '/api/logAction', { unitId: p.id, logText: 'Umbrella pole bent' });
      expect(log.statusCode).toBe(200);
      expect(log.json().entry).toMatchObject({ admin: 'CS', note: 'Umbrella pole bent' });
      const blank = await post(t.app, 'staff', '/api/logAction', { unitId: p.id, logText: '  ' });
      expect(blank.statusCode).toBe(400);
      const note = await post(t.app, 'staff', `/api/saveUnitNotes/${p.id}`, {
        customNotes: 'Guest asked for shade at 2',
      });
      expect(note.statusCode).toBe(200);
      expect((await post(t.app, 'staff', `/api/saveUnitNotes/${p.id}`, { customNotes: '' })).statusCode).toBe(400);
      const unit = (await get(t.app, 'staff', `/api/getUnit/${p.id}`)).json();
      expect(unit.notes).toEqual([
        { id: note.json().entry.id, admin: 'CS', epoc: NOW, note: 'Guest asked for shade at 2' },
      ]);
      expect(unit.logs[0].note).toBe('Umbrella pole bent');

      const print = await post(t.app, 'staff', '/api/printUnitNotes', { noteId: note.json().entry.id });
      expect(print.statusCode).toBe(200);
      const bytes = Buffer.from(print.json().PrintCode, 'base64');
      expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x03]);
      expect(bytes.toString('latin1')).toContain('Guest asked for shade at 2');
      expect(bytes.toString('latin1')).toContain('Unit MB 70');
      expect((await post(t.app, 'staff', '/api/printUnitNotes', { noteId: 999999 })).statusCode).toBe(404);

      const cd = await positionOf(t.deps.db, 'CD', 104);
      const adminNote = await post(t.app, 'admin', `/api/saveUnitNotes/${cd.id}`, { customNotes: 'Deck note' });
      expect(
        (await post(t.app, 'staff', '/api/printUnitNotes', { noteId: adminNote.json().entry.id })).statusCode,
      ).toBe(403);
      expect((await post(t.app, 'staff', `/api/saveUnitNotes/${cd.id}`, { customNotes: 'x' })).statusCode).toBe(403);
      expect((await post(t.app, 'staff', '/api/logAction', { unitId: cd.id, logText: 'x' })).statusCode).toBe(403);
    });
  });

  describe('concurrency', () => {
    it('20 tablets marking one unit occupied at once: exactly one wins, the state stays consistent', async () => {
      const p = await mb(75);
      const users = ['admin', 'supervisor', 'manager', 'staff'];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(t.app, users[i % 4]!, '/api/markOccupied', { unitData: { unitId: p.id } }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const st = await readState(t.deps.db, p.id, TODAY, 'U');
      expect(st).toMatchObject({ status: 5, version: 1 });
      const logs = await t.deps.db
        .selectFrom('unit_logs')
        .select('text')
        .where('position_id', '=', p.id)
        .where('day', '=', TODAY)
        .execute();
      expect(logs).toHaveLength(1);
    });

    it('crossing moves and empties on the same units never leave two customers on one unit', async () => {
      const a = await mb(76);
      const b = await mb(77);
      const c = await mb(78);
      await seatCustomer(t.deps.db, { positionId: a.id, day: TODAY, name: 'A' });
      await seatCustomer(t.deps.db, { positionId: b.id, day: TODAY, name: 'B' });
      const results = await Promise.all([
        post(t.app, 'admin', '/api/moveCustomer', { oldUnitData: { unitId: a.id }, newUnitData: { unitId: c.id } }),
        post(t.app, 'staff', '/api/moveCustomer', { oldUnitData: { unitId: b.id }, newUnitData: { unitId: c.id } }),
        post(t.app, 'manager', '/api/markOccupied', { unitData: { unitId: c.id } }),
      ]);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
      const seatedOnC = await t.deps.db
        .selectFrom('unit_customers')
        .select('id')
        .where('position_id', '=', c.id)
        .where('state', '=', 'seated')
        .execute();
      expect(seatedOnC.length).toBeLessThanOrEqual(1);
    });
  });
});
