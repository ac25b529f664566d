import { fnbTexts } from '@sandbar/contract/fnb-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { salesWithoutPosting } from '../../src/features/pms/postings.repository';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';
import { buildStaffOrder, fnbItemId } from './factories';

const en = fnbTexts.en;

describe(`F&B money on ${testDialect}: Notes/Drops, room-charge tabs, open tabs, reports`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let beer: number;
  let bartender: string;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });

  /** Moves an order through the bar and delivers it. */
  async function deliver(orderId: number) {
    for (const _ of [1, 2])
      expect((await post('staff', 'bumpFnbOrder', { orderId, station: 'bar' })).statusCode).toBe(200);
    expect((await post('staff', 'moveFnbOrder', { orderId, status: 'delivered' })).statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    beer = await fnbItemId(t.deps.db, 'Beer');
    const mb = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow())
      .id;
    bartender = (await buildUser(t.deps.db, { userType: 'U', locationIds: [mb], name: 'Bea Bartender' })).username;
    await loginAs(t.app, bartender, 'test-password');
  });
  afterAll(async () => t.close());

  it("counts F&B cash on the taker's Notes/Drops, to the cent", async () => {
    const before = (await injectAs(t.app, bartender, { method: 'GET', url: '/api/getDropoffReport' })).json().overview;
    expect(before.cashTotal).toBe('0.00');
    const unit = await unitId(t.deps.db, 'MB', 40);
    const r = await injectAs(t.app, bartender, {
      method: 'POST',
      url: '/api/saveFnbOrder',
      payload: buildStaffOrder({
        unitId: unit,
        lines: [{ itemId: beer, quantity: 3 }],
        totalCents: 1800,
        payment: 'paid',
        paymentMethod: 'Cash',
        tipCents: 200,
      }),
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = (await injectAs(t.app, bartender, { method: 'GET', url: '/api/getDropoffReport' })).json().overview;
    expect(after).toMatchObject({ cashTotal: '18.00', cashTipTotal: '2.00', cashOnHand: '20.00' });
  });

  it('dates a staff order queued offline when it was taken (within 24 hours), and its sale with it', async () => {
    const unit = await unitId(t.deps.db, 'MB', 44);
    const takenAt = MORNING - 12 * 3600_000;
    const r = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: unit,
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Cash',
        takenAt,
      }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().order).toMatchObject({ day: '2026-07-03', createdAt: takenAt });
    const sale = await t.deps.db
      .selectFrom('sales')
      .select(['day', 'created_at'])
      .where('our_transaction_id', '=', `fnb-order-${r.json().order.id}`)
      .executeTakeFirstOrThrow();
    expect(sale.day).toBe('2026-07-03');
    // Older than a day, or ahead of the server: dated on arrival.
    const old = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: unit,
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Cash',
        takenAt: MORNING - 25 * 3600_000,
      }),
    );
    expect(old.json().order.day).toBe(DAY);
  });

  it('settles a tab to the room (checked like a room charge) and lists an unsettled tab on Needs attention the next day', async () => {
    const unit = await unitId(t.deps.db, 'MB', 41);
    const sale = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs') }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    const o = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({ unitId: unit, lines: [{ itemId: beer, quantity: 2 }], totalCents: 1200 }),
    );
    expect(o.statusCode, o.body).toBe(200);
    expect(o.json().order).toMatchObject({ payment: 'tab', paid: false });
    await deliver(o.json().order.id);
    const tab = (await get('staff', `getFnbUnitTab/${unit}`)).json().tab;
    const hyatt = (
      await t.deps.db.selectFrom('hotels').select('id').where('name', '=', 'Hyatt').executeTakeFirstOrThrow()
    ).id;
    const settle = {
      ourTransactionId: 'room-settle-1',
      tabId: tab.id,
      totalCents: 1200,
      paymentMethod: 'Room Charge',
      hotelId: hyatt,
      roomNumber: '412',
    };
    const nobody = await post('staff', 'settleFnbTab', { ...settle, lastName: 'Nobody' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details).toBe(en.errors.roomGuestNotFound);
    const ok = await post('staff', 'settleFnbTab', { ...settle, lastName: 'Miller', languageCode: 'es' });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', ok.json().saleId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      payment_method: 'Room Charge',
      hotel_id: hyatt,
      room_number: '0412',
      fnb: 1,
      total_cents: 1200,
    });
    // A Spanish guest's receipt names the drinks in Spanish.
    const receipt = await t.app.inject({ method: 'GET', url: `/api/getReceipt/${ok.json().receiptId}` });
    expect(receipt.json()).toMatchObject({ languageCode: 'es', items: [{ name: '2 × Cerveza', amount: '12.00' }] });
    // Issue 34's posting queue takes it like any room charge once the hotel is connected to a PMS.
    await t.deps.db
      .insertInto('hotel_pms')
      .values({
        hotel_id: hyatt,
        kind: 'mews',
        endpoint: 'http://127.0.0.1:9',
        property_code: '',
        currency: 'USD',
        secret_enc: '',
        mapping: '{}',
        updated_at: 0,
        connected_at: 0,
      })
      .execute();
    expect((await salesWithoutPosting(t.deps.db, 100)).map((x) => x.id)).toContain(row.id);
    await t.deps.db.deleteFrom('hotel_pms').where('hotel_id', '=', hyatt).execute();

    // Another unit's tab left open: nothing on Needs attention today, listed tomorrow.
    const u2 = await unitId(t.deps.db, 'MB', 42);
    await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: u2, selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs') }),
    );
    const o2 = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({ unitId: u2, lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }),
    );
    await deliver(o2.json().order.id);
    expect((await get('staff', 'getFnbAttention')).json().tabs).toEqual([]);
    expect((await get('staff', 'getFnbOpenTabs')).json().tabs.map((x: { unitLabel: string }) => x.unitLabel)).toEqual([
      'MB 42',
    ]);
    // Its day ends unsettled: the tab (and its order) belong to yesterday.
    const yesterday = '2026-07-03';
    await t.deps.db.updateTable('fnb_tabs').set({ day: yesterday }).where('position_id', '=', u2).execute();
    await t.deps.db.updateTable('fnb_orders').set({ day: yesterday }).where('position_id', '=', u2).execute();
    const attention = (await get('staff', 'getFnbAttention')).json().tabs;
    expect(attention).toHaveLength(1);
    expect(attention[0]).toMatchObject({
      unitLabel: 'MB 42',
      day: yesterday,
      totalCents: 600,
      customerName: 'Pat Guest',
    });
    // A Cabana Deck staff member does not see Main Beach's tabs.
    const cd = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'CD').executeTakeFirstOrThrow())
      .id;
    const cdStaff = (await buildUser(t.deps.db, { userType: 'U', locationIds: [cd] })).username;
    await loginAs(t.app, cdStaff, 'test-password');
    expect((await injectAs(t.app, cdStaff, { method: 'GET', url: '/api/getFnbAttention' })).json().tabs).toEqual([]);
    expect(
      (await injectAs(t.app, cdStaff, { method: 'GET', url: `/api/getFnbTab/${attention[0].id}` })).statusCode,
    ).toBe(403);
  });

  it('reports F&B by item, category, station, hour and server, voids, open tabs and rentals beside F&B', async () => {
    const unit = await unitId(t.deps.db, 'MB', 43);
    const v = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: unit,
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Cash',
      }),
    );
    await post('supervisor', 'voidFnbOrder', { orderId: v.json().order.id, reason: 'spilled' });
    expect((await get('staff', `getFnbReport?from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    const r = await get('supervisor', `getFnbReport?from=${DAY}&to=${DAY}`);
    expect(r.statusCode, r.body).toBe(200);
    const rep = r.json();
    // Delivered today: 2 beers (the room tab); the paid-now 3 beers were never delivered, the open
    // tab's beer is yesterday's.
    expect(rep.byItem).toEqual([{ key: String(beer), label: 'Beer', quantity: 2, amountCents: 1200 }]);
    expect(rep.byCategory[0]).toMatchObject({ label: 'Drinks', amountCents: 1200 });
    expect(rep.byStation).toEqual([{ key: 'bar', label: 'Bar', quantity: 2, amountCents: 1200 }]);
    expect(rep.byHour).toEqual([{ key: '10', label: '10:00', quantity: 2, amountCents: 1200 }]);
    expect(rep.byServer[0]).toMatchObject({ quantity: 2, amountCents: 1200 });
    expect(rep.voids).toEqual([expect.objectContaining({ unitLabel: 'MB 43', amountCents: 600, reason: 'spilled' })]);
    expect(rep.openTabs).toEqual([]);
    // Two umbrellas at $35 (MB 41, MB 42) are the rentals; F&B is what was delivered.
    expect(rep.daily).toEqual([{ day: DAY, rentalsCents: 7000, fnbCents: 1200, totalCents: 8200 }]);
    const range = (await get('supervisor', `getFnbReport?from=2026-07-03&to=${DAY}`)).json();
    expect(range.openTabs).toEqual([
      expect.objectContaining({ unitLabel: 'MB 42', day: '2026-07-03', totalCents: 600 }),
    ]);
    expect(range.byItem[0]).toMatchObject({ quantity: 3, amountCents: 1800 });
    expect((await get('supervisor', `getFnbReport?from=${DAY}&to=2026-07-01`)).json().daily).toEqual([]);
  });
});
