import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Extras on the guest's page (issue 24 point 4, "choose units and items"): a guest adds add-ons of
// the day's price list to the booking; the booking keeps them; the board's unit shows them to
// check-in, and the ordinary sale that sells them totals them, the deposit applied, and marks them
// sold so a second unit's check-in does not offer them again.

describe(`public booking with extras on ${testDialect}`, () => {
  let t: TestApp;
  let umbrella: number;
  let towel: number;
  let chair: number;
  const clock = fixedClock(MORNING);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, ip = '203.0.113.61') =>
    t.app.inject({ method, url: `/api/public/booking${url}`, payload, remoteAddress: ip });
  const post = (user: string, url: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const guest = (o: Record<string, unknown>) => ({
    day: DAY,
    guestName: 'Eva Extras',
    partySize: 3,
    acceptPolicy: true,
    ...o,
  });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB, CD' });
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    towel = await priceId(t.deps.db, 'Beach Towel');
    chair = await priceId(t.deps.db, 'Extra Chair');
  });
  afterAll(async () => t.close());

  it('offers the add-ons of the day on the page, books them, and check-in sells them with the deposit applied', async () => {
    const avail = (await call('GET', `/availability?day=${DAY}`)).json();
    expect(avail.prices.find((p: { id: number }) => p.id === towel)).toMatchObject({
      addOn: true,
      unitType: 'U',
      price: '5.00',
    });

    const unit = await unitId(t.deps.db, 'MB', 31);
    const second = await unitId(t.deps.db, 'MB', 32);
    const res = await call(
      'POST',
      '',
      guest({ unitIds: [unit, second], phone: '305 555 0801', itemIds: [towel, chair] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.items).toEqual(['Beach Towel', 'Extra Chair']);
    const token = res.json().manageUrl.split('/').pop();
    expect((await call('GET', `/manage/${token}`)).json().items).toHaveLength(2);

    const list = (await get('staff', `getReservations?day=${DAY}`)).json().reservations;
    const r = list.find((x: { guestName: string }) => x.guestName === 'Eva Extras');
    expect(r.items.map((i: { priceId: number }) => i.priceId).sort()).toEqual([towel, chair].sort());
    expect(r.items.every((i: { saleId: number | null }) => i.saleId === null)).toBe(true);
    // A $10 deposit taken at the desk afterwards.
    expect(
      (await post('staff', 'addReservationDeposit', { id: r.id, deposit: { method: 'Cash', amount: 10 } })).statusCode,
    ).toBe(200);

    // The board's unit carries the booked extras: what the wizard pre-fills.
    const board = (await get('staff', `getUnit/${unit}`)).json();
    const booked = (board.unit ?? board).reservations[0];
    expect([...booked.itemIds].sort()).toEqual([towel, chair].sort());
    expect(booked.itemNames).toEqual(['Beach Towel', 'Extra Chair']);

    // The ordinary sale totals them: $35 + $5 + $10 = $50, less the $10 deposit = $40.
    const sale = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: unit,
        selectedUnit: umbrella,
        selectedAddons: `${towel},${chair}`,
        addonTotal: '15.00',
        reservationId: r.id,
        orderTotal: '40.00',
        customerName: 'Eva Extras',
      }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json()).toMatchObject({ orderTotal: '40.00' });
    const after = (await get('staff', `getReservation/${r.id}`)).json();
    expect(after.items.every((i: { saleId: number | null }) => i.saleId === sale.json().saleId)).toBe(true);
    expect(after.payments.at(-1)).toMatchObject({ kind: 'applied', amount: '10.00' });
    // The second unit's check-in is not offered the extras again.
    const secondUnit = (await get('staff', `getUnit/${second}`)).json();
    expect((secondUnit.unit ?? secondUnit).reservations[0].itemIds).toEqual([]);
  });

  it('refuses an extra that is not an add-on of the booked kinds, not an add-on at all, or unknown — booking nothing', async () => {
    const unit = await unitId(t.deps.db, 'MB', 33);
    const cooler = await priceId(t.deps.db, 'Cooler with Ice');
    const cases = [[cooler], [umbrella], [2147483000]];
    for (const [i, itemIds] of cases.entries()) {
      const res = await call(
        'POST',
        '',
        guest({ unitIds: [unit], phone: `305 555 082${i}`, itemIds }),
        `203.0.113.7${i}`,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toBe(publicBookingTexts.itemNotOffered);
    }
    const twice = await call(
      'POST',
      '',
      guest({ unitIds: [unit], phone: '305 555 0829', itemIds: [towel, towel] }),
      '203.0.113.79',
    );
    expect(twice.statusCode).toBe(400);
    // The cooler goes with a cabana.
    const cabana = await unitId(t.deps.db, 'CD', 104);
    const ok = await call(
      'POST',
      '',
      guest({ unitIds: [cabana], phone: '305 555 0830', itemIds: [cooler] }),
      '203.0.113.80',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().booking.items).toEqual(['Cooler with Ice']);
    const held = await t.deps.db.selectFrom('reservation_units').select('id').where('position_id', '=', unit).execute();
    expect(held).toHaveLength(0);
  });
});
