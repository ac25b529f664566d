import { ReportData } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// The bookings report (issue 24 point 8): per day and channel — booked, checked in, no-shows,
// cancelled — and the deposits taken, applied, refunded and forfeited that count on the day.

describe(`the bookings report on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const ts = Math.floor(MORNING / 1000);
  const post = async (user: string, url: string, payload: object) => {
    const res = await injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const book = (n: number, o: Record<string, unknown>) =>
    unitId(t.deps.db, 'MB', n).then((unit) =>
      post('staff', 'saveReservation', {
        unitIds: [unit],
        days: [DAY],
        guestName: `Guest ${n}`,
        phone: '305 555 0142',
        partySize: 2,
        ...o,
      }),
    );

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    // A desk booking with a $15 deposit, checked in: $35 less the deposit.
    const desk = (await book(11, { channel: 'staff', deposit: { method: 'Cash', amount: 15 } })).reservation;
    await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: await unitId(t.deps.db, 'MB', 11),
        selectedUnit: umbrella,
        reservationId: desk.id,
        orderTotal: '20.00',
        customerName: 'Guest 11',
      }),
    );
    // Two phone bookings: one a no-show, one cancelled with its $10 deposit refunded.
    const noShow = (await book(12, { channel: 'phone' })).reservation;
    await post('staff', 'markReservationNoShow', { id: noShow.id, reason: 'Never came' });
    const refunded = (await book(13, { channel: 'phone', deposit: { method: 'Cash', amount: 10 } })).reservation;
    // Today is past the cut-off: the policy keeps the deposit, the admin refunds it by an override.
    await post('admin', 'cancelReservation', {
      id: refunded.id,
      reason: 'Rain',
      deposit: 'refund',
      overrideReason: 'Goodwill',
    });
    // An online booking the guest cancels by the link; another for tomorrow is not today's.
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      payload: {
        day: DAY,
        unitIds: [await unitId(t.deps.db, 'MB', 14)],
        guestName: 'Web Guest',
        email: 'web@example.com',
        partySize: 2,
        acceptPolicy: true,
      },
    });
    expect(online.statusCode, online.body).toBe(200);
    const token = online.json().manageUrl.split('/').at(-1);
    expect((await t.app.inject({ method: 'POST', url: `/api/public/booking/manage/${token}/cancel` })).statusCode).toBe(
      200,
    );
    await book(15, { channel: 'phone', days: ['2026-07-05'] });
  });
  afterAll(async () => t.close());

  it('counts the day’s bookings per channel and the deposit money of the day', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getReport/reservations/${ts}` });
    expect(res.statusCode, res.body).toBe(200);
    const r = ReportData.parse(res.json());
    expect(r.reportTitle).toBe(`Bookings ${DAY}`);
    expect(r.reportHeaders).toEqual([
      'Day',
      'Channel',
      'Booked',
      'Checked in',
      'No-shows',
      'Cancelled',
      'Deposits taken',
      'Deposits applied',
      'Deposits refunded',
      'Deposits forfeited',
    ]);
    expect(r.reportRows).toEqual([
      [DAY, 'Desk', 1, 1, 0, 0, '15.00', '15.00', '0.00', '0.00'],
      [DAY, 'Phone', 2, 0, 1, 1, '10.00', '0.00', '10.00', '0.00'],
      [DAY, 'Online', 1, 0, 0, 1, '0.00', '0.00', '0.00', '0.00'],
    ]);
    expect(r.reportFooter).toEqual([['Total', '', 4, 1, 1, 2, '25.00', '15.00', '10.00', '0.00']]);
  });

  it('is searched over a range a row per day (admins); supervisors read the day, staff do not', async () => {
    const from = MORNING - 86_400_000;
    const to = MORNING + 86_400_000;
    const res = await injectAs(t.app, 'admin', {
      method: 'GET',
      url: `/api/getSearchReport/reservations/${from}/${to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = ReportData.parse(res.json()).reportRows;
    expect(rows.map((row) => `${row[0]} ${row[1]} ${row[2]}`)).toEqual([
      `${DAY} Desk 1`,
      `${DAY} Phone 2`,
      `${DAY} Online 1`,
      '2026-07-05 Phone 1',
    ]);
    const daily = (user: string) => injectAs(t.app, user, { method: 'GET', url: `/api/getReport/reservations/${ts}` });
    expect((await daily('supervisor')).statusCode).toBe(200);
    expect((await daily('staff')).statusCode).toBe(403);
  });
});
