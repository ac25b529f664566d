import { reservationTexts, staffWaitlistTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING } from '../sales/factories';

// Issue 24 point 7 at the desk: staff add a guest to the waitlist of a day and location (and unit
// type), list the day's line and take a request out of it — validated by the contract, limited to
// the user's locations, audited; the bookings job treats their requests like the page's.

const DAY = '2026-07-06';

describe(`staff's waitlist on ${testDialect}`, () => {
  let t: TestApp;
  let mb: number;
  let cd: number;
  const post = (user: string, url: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const request = (o: Record<string, unknown>) => ({
    day: DAY,
    locationId: mb,
    unitType: 'C',
    guestName: 'Wally Wait',
    phone: '305 555 0150',
    channel: 'phone',
    ...o,
  });

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    const locs = await t.deps.db.selectFrom('locations').select(['id', 'name']).execute();
    mb = locs.find((l) => l.name === 'MB')!.id;
    cd = locs.find((l) => l.name === 'CD')!.id;
  });
  afterAll(async () => t.close());

  it('adds a guest to the line, in order, with an audit line', async () => {
    const first = await post('staff', 'saveWaitlistRequest', request({}));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      details: staffWaitlistTexts.added(1),
      request: {
        day: DAY,
        locationId: mb,
        location: 'MB',
        unitType: 'C',
        channel: 'phone',
        status: 'waiting',
        position: 1,
        phone: '3055550150',
      },
    });
    const second = await post(
      'staff',
      'saveWaitlistRequest',
      request({ guestName: 'Second', phone: '', email: 'second@example.com', unitType: '' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().request.position).toBe(2);
    const audit = await t.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'waitlist.add').execute();
    expect(audit).toHaveLength(2);
    const list = await get('staff', `getWaitlist?day=${DAY}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().requests.map((r: { guestName: string; position: number }) => `${r.guestName} ${r.position}`),
    ).toEqual(['Wally Wait 1', 'Second 2']);
  });

  it('refuses the same contact twice, a past day, no contact, and a location that is not the user’s', async () => {
    const twice = await post('staff', 'saveWaitlistRequest', request({ phone: '(305) 555-0150' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details).toBe(staffWaitlistTexts.twice);
    const past = await post('staff', 'saveWaitlistRequest', request({ day: '2026-07-01', phone: '305 555 0199' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toBe(reservationTexts.dayPast);
    const none = await post('staff', 'saveWaitlistRequest', request({ phone: '', email: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toBe(reservationTexts.contactBlank);
    // A user assigned only to MB cannot add to (or read) CD's line.
    await t.deps.db
      .deleteFrom('user_locations')
      .where(
        'user_id',
        '=',
        (await t.deps.db.selectFrom('users').select('id').where('username', '=', 'manager').executeTakeFirstOrThrow())
          .id,
      )
      .where('location_id', '=', cd)
      .execute();
    const foreign = await post('manager', 'saveWaitlistRequest', request({ locationId: cd, phone: '305 555 0198' }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().details).toBe(reservationTexts.notYourLocation);
    expect((await get('manager', `getWaitlist?day=${DAY}&locationId=${cd}`)).statusCode).toBe(403);
  });

  it('removes a waiting request (audited); then it is out of line and cannot be removed again', async () => {
    const list = (await get('staff', `getWaitlist?day=${DAY}&locationId=${mb}`)).json().requests;
    const res = await post('staff', 'removeWaitlistRequest', { id: list[0].id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      details: staffWaitlistTexts.removed,
      request: { status: 'cancelled', position: 0 },
    });
    const after = (await get('staff', `getWaitlist?day=${DAY}&locationId=${mb}`)).json().requests;
    expect(after.map((r: { status: string; position: number }) => `${r.status} ${r.position}`)).toEqual([
      'cancelled 0',
      'waiting 1',
    ]);
    const again = await post('staff', 'removeWaitlistRequest', { id: list[0].id });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toBe(staffWaitlistTexts.notWaiting);
    expect((await post('staff', 'removeWaitlistRequest', { id: 999999 })).statusCode).toBe(404);
    expect(
      await t.deps.db.selectFrom('audit_log').select('detail').where('kind', '=', 'waitlist.remove').execute(),
    ).toHaveLength(1);
  });

  it('is for signed-in staff only', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/saveWaitlistRequest', payload: request({}) });
    expect(anon.statusCode).toBe(401);
  });
});
