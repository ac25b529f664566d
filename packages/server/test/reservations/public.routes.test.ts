import { publicBookingTexts, reservationTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// The guest's page calls (issue 24 points 4 and 9): no sign-in, no guest data in availability,
// a confirmation with a manage link through the outbox, the link's token stored hashed, limits.

const TOMORROW = '2026-07-05';

describe(`public booking on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, ip = '203.0.113.7') =>
    t.app.inject({ method, url: `/api/public/booking${url}`, payload, remoteAddress: ip });
  const guest = (o: Record<string, unknown>) => ({
    day: TOMORROW,
    guestName: 'Lucía Online',
    phone: '305 555 0177',
    partySize: 2,
    acceptPolicy: true,
    languageCode: 'es',
    ...o,
  });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB' });
  });
  afterAll(async () => t.close());

  it('books online, queues the confirmation with a manage link, and shows no guest data to others', async () => {
    const unit = await unitId(t.deps.db, 'MB', 21);
    const res = await call('POST', '', guest({ unitIds: [unit], arrival: '09:30' }));
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.booking).toMatchObject({
      status: 'confirmed',
      day: TOMORROW,
      units: ['MB 21'],
      guestName: 'Lucía Online',
    });
    expect(out.manageUrl).toMatch(/\/book\/manage\/[A-Za-z0-9_-]{43}$/);
    const token = out.manageUrl.split('/').pop();
    const msg = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('purpose', '=', 'booking')
      .executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ channel: 'sms', recipient: '+13055550177' });
    expect(msg.body).toContain(out.manageUrl);
    expect(msg.body).toContain('reservado MB 21');
    // Only the hash is stored.
    const row = await t.deps.db
      .selectFrom('reservations')
      .selectAll()
      .where('channel', '=', 'online')
      .executeTakeFirstOrThrow();
    expect(row.manage_token_hash).not.toContain(token);
    expect(row.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);

    const avail = await call('GET', `/availability?day=${TOMORROW}`);
    expect(avail.statusCode, avail.body).toBe(200);
    expect(avail.body).not.toContain('Lucía');
    expect(avail.body).not.toContain('0177');
    const units = avail.json().locations.flatMap((l: { rows: unknown[][] }) => l.rows.flat());
    expect(units.find((u: { unitId: number }) => u.unitId === unit)).toMatchObject({ state: 'reserved' });
    expect(avail.json().locations.map((l: { name: string }) => l.name)).toEqual(['MB']);
    expect(avail.json().prices.length).toBeGreaterThan(0);

    // The staff board sees it with the guest.
    const staff = await injectAs(t.app, 'staff', { method: 'GET', url: `/api/getReservations?day=${TOMORROW}` });
    expect(staff.json().reservations[0]).toMatchObject({ channel: 'online', guestName: 'Lucía Online' });

    const view = await call('GET', `/manage/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'confirmed', units: ['MB 21'] });
    const cancel = await call('POST', `/manage/${token}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(0);
    expect((await call('GET', `/manage/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('refuses walk-in-only locations, taken units, a missing policy and bad input — never a 500', async () => {
    const deck = await unitId(t.deps.db, 'CD', 102);
    const notOnline = await call('POST', '', guest({ unitIds: [deck], phone: '305 555 0001' }));
    expect(notOnline.statusCode).toBe(400);
    expect(notOnline.json().details).toBe(publicBookingTexts.notOnline);
    expect(
      (
        await call(
          'GET',
          `/availability?locationId=${(await t.deps.db.selectFrom('positions').select('location_id').where('id', '=', deck).executeTakeFirstOrThrow()).location_id}`,
        )
      ).statusCode,
    ).toBe(404);
    const unit = await unitId(t.deps.db, 'MB', 22);
    expect(
      (await call('POST', '', guest({ unitIds: [unit], phone: '305 555 0002', acceptPolicy: false }))).statusCode,
    ).toBe(400);
    const first = await call('POST', '', guest({ unitIds: [unit], phone: '305 555 0003' }));
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '', guest({ unitIds: [unit], phone: '305 555 0004' }));
    expect(again.statusCode).toBe(409);
    // The 409 to the public names no guest.
    expect(again.json().details).not.toContain('Lucía');
    for (const bad of [
      { day: 'tomorrow' },
      { unitIds: ['x'] },
      { unitIds: [] },
      { guestName: 'x'.repeat(500) },
      { partySize: -1 },
      { day: DAY.replace('07', '13') },
      { phone: '', email: '' },
      { unitIds: [2147483648] },
    ]) {
      const r = await call('POST', '', guest({ unitIds: [unit], phone: '305 555 0005', ...bad }));
      expect([400, 404, 409], JSON.stringify(bad)).toContain(r.statusCode);
    }
    expect((await call('GET', '/availability?day=2026-07-01')).json().details).toBe(reservationTexts.dayPast);
  });

  // Decision 326: on PostgreSQL a guest's booking is one statement when its unit-days read free; a
  // unit-day already booked for one half goes through the transaction, which books the other half.
  it('half days: the afternoon of a unit booked for the morning books; a second morning and a full day are refused', async () => {
    const unit = await unitId(t.deps.db, 'MB', 50);
    const morning = await call(
      'POST',
      '',
      guest({ unitIds: [unit], window: 'morning', phone: '305 555 0150' }),
      '203.0.113.50',
    );
    expect(morning.statusCode, morning.body).toBe(200);
    expect(morning.json().booking).toMatchObject({ window: 'morning', units: ['MB 50'] });
    const afternoon = await call(
      'POST',
      '',
      guest({ unitIds: [unit], window: 'afternoon', phone: '305 555 0151', guestName: 'Tarde Online' }),
      '203.0.113.51',
    );
    expect(afternoon.statusCode, afternoon.body).toBe(200);
    expect(afternoon.json().booking).toMatchObject({ window: 'afternoon', units: ['MB 50'] });
    for (const [window, phone] of [
      ['morning', '305 555 0152'],
      ['full', '305 555 0153'],
      ['afternoon', '305 555 0154'],
    ] as const) {
      const refused = await call(
        'POST',
        '',
        guest({ unitIds: [unit], window, phone }),
        `203.0.113.${Number(phone.slice(-2)) + 100}`,
      );
      expect(refused.statusCode, `${window}: ${refused.body}`).toBe(409);
      expect(refused.json().details).toBe(publicBookingTexts.unitGone);
    }
    // Two bookings hold the unit-day, one half each; each guest's confirmation went out once.
    const claims = await t.deps.db
      .selectFrom('reservation_claims')
      .innerJoin('reservations', 'reservations.id', 'reservation_claims.reservation_id')
      .select(['reservation_claims.half', 'reservations.guest_name'])
      .where('reservation_claims.position_id', '=', unit)
      .where('reservation_claims.day', '=', TOMORROW)
      .orderBy('reservation_claims.half')
      .execute();
    expect(claims).toEqual([
      { half: 'am', guest_name: 'Lucía Online' },
      { half: 'pm', guest_name: 'Tarde Online' },
    ]);
    const sent = await t.deps.db
      .selectFrom('outbox')
      .select('recipient')
      .where('purpose', '=', 'booking')
      .where('recipient', 'in', ['+13055550150', '+13055550151', '+13055550152', '+13055550153', '+13055550154'])
      .orderBy('recipient')
      .execute();
    expect(sent.map((m) => m.recipient)).toEqual(['+13055550150', '+13055550151']);
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(1);
  });

  it('limits bookings per contact and reads per IP', async () => {
    const units = await Promise.all([30, 31, 32, 33].map((n) => unitId(t.deps.db, 'MB', n)));
    const codes: number[] = [];
    for (const u of units)
      codes.push((await call('POST', '', guest({ unitIds: [u], phone: '305 555 0999' }), '198.51.100.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const reads: number[] = [];
    for (let i = 0; i < 245; i++)
      reads.push((await call('GET', '/availability', undefined, '198.51.100.77')).statusCode);
    expect(reads.filter((c) => c === 429).length).toBe(5);
  });
  it('a burst of 40 phone bookings and 10 walk-in sales on 5 unit-days today: exactly one winner each, every loser a clear 409', async () => {
    const units = await Promise.all([40, 41, 42, 43, 44].map((n) => unitId(t.deps.db, 'MB', n)));
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const attempts = [
      // Each phone its own address and number (the per-IP and per-contact limits stay out of it).
      ...Array.from({ length: 40 }, (_, i) =>
        call(
          'POST',
          '',
          guest({ day: DAY, unitIds: [units[i % 5]!], phone: `305 556 ${String(1000 + i)}` }),
          `203.0.113.${100 + i}`,
        ).then((r) => ({ unit: units[i % 5]!, kind: 'booking', r })),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        injectAs(t.app, 'staff', {
          method: 'POST',
          url: '/api/saveCustomer',
          payload: buildSale({ unitId: units[i % 5]!, selectedUnit: umbrella, customerName: `Walk-in ${i}` }),
        }).then((r) => ({ unit: units[i % 5]!, kind: 'sale', r })),
      ),
    ];
    const results = await Promise.all(attempts);
    for (const u of units) {
      const mine = results.filter((x) => x.unit === u);
      const codes = mine.map((x) => `${x.kind}:${x.r.statusCode}`).join(',');
      expect(
        mine.filter((x) => x.r.statusCode === 200),
        codes,
      ).toHaveLength(1);
      for (const x of mine.filter((y) => y.r.statusCode !== 200)) {
        expect(x.r.statusCode, codes).toBe(409);
        // A guest learns only that the unit is gone; staff are told which unit and why.
        if (x.kind === 'booking') expect(x.r.json().details).toBe(publicBookingTexts.unitGone);
        else expect(x.r.json().details).toMatch(/MB 4\d/);
      }
      const state = await readState(t.deps.db, u, DAY, 'U');
      const won = mine.find((x) => x.r.statusCode === 200)!;
      expect(state.status).toBe(won.kind === 'sale' ? 2 : 1);
    }
  });
});
