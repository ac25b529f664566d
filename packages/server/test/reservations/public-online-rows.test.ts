import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { offerWaitlist } from '../../src/features/reservations/waitlist.service';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Bookable rows (issue 24 point 5): the venue keeps some rows of an online location for walk-ins.
// The page's grid marks them walk-in (not taken), the server refuses a guest's booking of one with
// a clear message, and staff still book them.

const TOMORROW = '2026-07-05';

interface GridUnit {
  unitId: number;
  row: number;
  state: string;
  walkIn?: boolean;
}

describe(`bookable rows on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, ip = '203.0.113.41') =>
    t.app.inject({ method, url: `/api/public/booking${url}`, payload, remoteAddress: ip });
  const guest = (o: Record<string, unknown>) => ({
    day: TOMORROW,
    guestName: 'Row Guest',
    partySize: 2,
    acceptPolicy: true,
    ...o,
  });
  const units = async (): Promise<GridUnit[]> => {
    const res = await call('GET', `/availability?day=${TOMORROW}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().locations.flatMap((l: { rows: GridUnit[][] }) => l.rows.flat());
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    // Main Beach: rows 1 and 2 online, 3 and 4 walk-in. The Cabana Deck is not named: every row.
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB, CD', bookingOnlineRows: 'MB=1 2' });
  });
  afterAll(async () => t.close());

  it('marks the other rows walk-in on the grid, not taken, and keeps every row of an unnamed location', async () => {
    const all = await units();
    const front = await unitId(t.deps.db, 'MB', 5);
    const back = await unitId(t.deps.db, 'MB', 65);
    const cabana = await unitId(t.deps.db, 'CD', 201);
    expect(all.find((u) => u.unitId === front)).toMatchObject({ state: 'free' });
    expect(all.find((u) => u.unitId === front)?.walkIn).toBeUndefined();
    // Free for a walk-in, so its state stays free: the page tells it apart by walkIn, not as taken.
    expect(all.find((u) => u.unitId === back)).toMatchObject({ state: 'free', walkIn: true, row: 4 });
    expect(all.find((u) => u.unitId === cabana)?.walkIn).toBeUndefined();
    const mbRows = new Set(all.filter((u) => u.walkIn).map((u) => u.row));
    expect([...mbRows].sort()).toEqual([3, 4]);
  });

  it('refuses a guest booking of a walk-in row with a clear message; a bookable row books; staff still book and sell it', async () => {
    const back = await unitId(t.deps.db, 'MB', 41);
    const front = await unitId(t.deps.db, 'MB', 21);
    const refused = await call('POST', '', guest({ unitIds: [front, back], phone: '305 555 0601' }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details).toBe(publicBookingTexts.walkInRow);
    // Nothing of the refused booking was kept: the bookable unit of it is still free.
    expect((await units()).find((u) => u.unitId === front)).toMatchObject({ state: 'free' });
    expect(await t.deps.db.selectFrom('reservations').select('id').execute()).toHaveLength(0);

    const ok = await call('POST', '', guest({ unitIds: [front], phone: '305 555 0602' }));
    expect(ok.statusCode, ok.body).toBe(200);

    const staff = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveReservation',
      payload: { unitIds: [back], days: [TOMORROW], guestName: 'Desk Guest', phone: '305 555 0603' },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const after = (await units()).find((u) => u.unitId === back);
    expect(after).toMatchObject({ state: 'reserved', walkIn: true });
  });

  it('never offers a waiting guest a unit of a walk-in row', async () => {
    const cd = await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'CD').executeTakeFirstOrThrow();
    // No row of the Cabana Deck online: nothing there a guest could wait for (issue 32 defect 5).
    await writeSettings(t.deps.db, { bookingOnlineRows: 'MB=1 2, CD=' });
    const none = await call('POST', '/waitlist', guest({ locationId: cd.id, phone: '305 555 0611' }), '203.0.113.48');
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toBe(publicBookingTexts.unitTypeNone);
    // Row 2 online and fully booked by staff; row 1 is free but walk-in only.
    await writeSettings(t.deps.db, { bookingOnlineRows: 'MB=1 2, CD=2' });
    const row2 = (await units()).filter((u) => u.row === 2 && !u.walkIn && u.state === 'free');
    const cdRow2 = [];
    for (const u of row2) {
      const isCd = await t.deps.db
        .selectFrom('positions')
        .select('id')
        .where('id', '=', u.unitId)
        .where('location_id', '=', cd.id)
        .executeTakeFirst();
      if (isCd) cdRow2.push(u.unitId);
    }
    expect(cdRow2.length).toBeGreaterThan(0);
    const booked: number[] = [];
    for (const unit of cdRow2) {
      const res = await injectAs(t.app, 'manager', {
        method: 'POST',
        url: '/api/saveReservation',
        payload: { guestName: 'Row Two', phone: '305 555 0620', days: [TOMORROW], partySize: 2, unitIds: [unit] },
      });
      expect(res.statusCode, res.body).toBe(200);
      booked.push(res.json().reservation.id);
    }
    const join = await call('POST', '/waitlist', guest({ locationId: cd.id, phone: '305 555 0611' }), '203.0.113.49');
    expect(join.statusCode, join.body).toBe(200);
    // Row 1's cabanas are free, but none may be booked online: nothing to offer.
    expect(await offerWaitlist(t.deps, 'https://beach.example')).toBe(0);
    const cancel = await injectAs(t.app, 'manager', {
      method: 'POST',
      url: '/api/cancelReservation',
      payload: { id: booked[0], reason: 'Plans changed' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await offerWaitlist(t.deps, 'https://beach.example')).toBe(1);
    const offer = await t.deps.db
      .selectFrom('reservation_units')
      .innerJoin('positions', 'positions.id', 'reservation_units.position_id')
      .innerJoin('reservations', 'reservations.id', 'reservation_units.reservation_id')
      .select(['positions.row', 'reservations.status'])
      .where('reservations.phone', '=', '+13055550611')
      .executeTakeFirstOrThrow();
    expect(offer).toEqual({ row: 2, status: 'held' });
    await writeSettings(t.deps.db, { bookingOnlineRows: 'MB=1 2' });
  });

  it('keeps the rule in the settings: the admin saves rows, a bad rule is a 400', async () => {
    const save = (bookingOnlineRows: string) =>
      injectAs(t.app, 'admin', { method: 'POST', url: '/api/saveConfigSettings', payload: { bookingOnlineRows } });
    expect((await save('MB=1 2 3, CD=1')).statusCode).toBe(200);
    const got = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getConfigSettings' });
    expect(got.json().bookingOnlineRows).toBe('MB=1 2 3, CD=1');
    expect((await units()).filter((u) => u.walkIn).length).toBe(20 + 8);
    expect((await save('MB=one')).statusCode).toBe(400);
    expect((await save('')).statusCode).toBe(200);
    expect((await units()).some((u) => u.walkIn)).toBe(false);
  });
});
