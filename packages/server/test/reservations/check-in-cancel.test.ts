import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 32 defect 5: a guest could cancel, by the manage link, a booking the desk had checked in
// (200: cancelled with its sale attached, the unit sold); racing the two, PostgreSQL deadlocked 11
// times in 28 rounds. A checked-in booking cannot be cancelled by the guest (409), and check-in and
// cancel are each one atomic transition taken on the booking's row first: exactly one wins.

describe(`check-in against the guest's cancel on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let umbrella: number;
  let ip = 0;
  const bookToday = async (unit: number, guestName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: `192.0.2.${++ip}`,
      payload: { day: DAY, unitIds: [unit], guestName, email: `g${ip}@example.com`, partySize: 2, acceptPolicy: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as { manageUrl: string };
    const token = out.manageUrl.split('/').pop()!;
    const row = await t.deps.db
      .selectFrom('reservations')
      .select('id')
      .where('guest_name', '=', guestName)
      .executeTakeFirstOrThrow();
    return { id: row.id, token };
  };
  const checkIn = (unit: number, guestName: string, reservationId: number) =>
    injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: unit, selectedUnit: umbrella, customerName: guestName, reservationId }),
    });
  const cancel = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/booking/manage/${token}/cancel`,
      remoteAddress: `192.0.2.${++ip}`,
    });
  const statusOf = async (id: number) =>
    await t.deps.db
      .selectFrom('reservations')
      .select(['status', 'sale_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { SANDBAR_PUBLIC_MANAGE_PER_IP: '1000/1m', SANDBAR_PUBLIC_BOOKINGS_PER_IP: '1000/1h' },
    });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB', bookingOnlineRows: '' });
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  it('refuses the guest’s cancel of a checked-in booking with a message; the booking and its sale stay', async () => {
    const unit = await unitId(t.deps.db, 'MB', 30);
    const b = await bookToday(unit, 'Checked Guest');
    const sale = await checkIn(unit, 'Checked Guest', b.id);
    expect(sale.statusCode, sale.body).toBe(200);
    const res = await cancel(b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toBe(publicBookingTexts.checkedIn);
    expect(await statusOf(b.id)).toMatchObject({ status: 'checked_in', sale_id: sale.json().saleId });
    expect((await readState(t.deps.db, unit, DAY, 'U')).status).not.toBe(0);
  });

  it('refuses a check-in of a booking the guest cancelled', async () => {
    const unit = await unitId(t.deps.db, 'MB', 31);
    const b = await bookToday(unit, 'Gone Guest');
    expect((await cancel(b.token)).statusCode).toBe(200);
    const sale = await checkIn(unit, 'Gone Guest', b.id);
    expect(sale.statusCode).toBe(409);
    expect(await statusOf(b.id)).toMatchObject({ status: 'cancelled', sale_id: null });
  });

  it('gives exactly one winner when check-in and cancel race, and never deadlocks', async () => {
    const rounds = 28;
    const outcomes = { checkedIn: 0, cancelled: 0 };
    for (let r = 0; r < rounds; r++) {
      const unit = await unitId(t.deps.db, 'MB', 32 + r);
      const guest = `Race Guest ${r}`;
      const b = await bookToday(unit, guest);
      // The two calls in both orders, in parallel.
      const [sale, cxl] =
        r % 2 === 0
          ? await Promise.all([checkIn(unit, guest, b.id), cancel(b.token)])
          : await Promise.all([cancel(b.token), checkIn(unit, guest, b.id)]).then(([c, s]) => [s, c] as const);
      const codes = [sale.statusCode, cxl.statusCode].sort();
      expect(codes, `round ${r}: ${sale.body} / ${cxl.body}`).toEqual([200, 409]);
      const row = await statusOf(b.id);
      const sales = await t.deps.db.selectFrom('sales').select('id').where('customer_name', '=', guest).execute();
      const state = await readState(t.deps.db, unit, DAY, 'U');
      if (sale.statusCode === 200) {
        outcomes.checkedIn++;
        expect(row).toMatchObject({ status: 'checked_in', sale_id: sale.json().saleId });
        expect(cxl.json().details).toBe(publicBookingTexts.checkedIn);
        expect(sales).toHaveLength(1);
        expect(state.status).not.toBe(0);
      } else {
        outcomes.cancelled++;
        expect(row).toMatchObject({ status: 'cancelled', sale_id: null });
        expect(sales).toHaveLength(0);
        expect(state.status).toBe(0);
      }
    }
    console.log(`check-in vs cancel on ${testDialect}: ${JSON.stringify(outcomes)} in ${rounds} rounds, 0 deadlocks`);
  });
});
