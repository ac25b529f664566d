import crypto from 'node:crypto';
import { messages } from '@sandbar/contract/messages';
import { saleTexts } from '@sandbar/contract/sales';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BoardEvent } from '../../src/platform/events';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { readState } from '../../src/features/units/unit-state.repository';
import { releaseExpiredHolds } from '../../src/features/sales/holds.service';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, hotelId, priceId, unitId } from './factories';

describe(`selling on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const events: BoardEvent[] = [];
  let umbrella: number;
  let chair: number;
  let towel: number;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    t.deps.events.subscribe((e) => events.push(e));
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    chair = await priceId(t.deps.db, 'Extra Chair');
    towel = await priceId(t.deps.db, 'Beach Towel');
  });
  afterAll(async () => t.close());

  const status = async (positionId: number) => (await readState(t.deps.db, positionId, DAY, 'U')).status;
  const salesCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('sales')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records a cash sale at server prices, seats the customer, queues the receipt and pushes the event', async () => {
    const unit = await unitId(t.deps.db, 'MB', 1);
    const body = buildSale({
      unitId: unit,
      selectedUnit: umbrella,
      selectedAddons: `${chair},${towel}`,
      orderTotal: '50.00',
    });
    const res = await post('staff', 'saveCustomer', body);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ status: 1, orderTotal: '50.00', tipAmount: '0.00', total: '50.00', replayed: false });
    expect(out.receiptId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(out.receiptUrl).toBe(`http://localhost:3000/receipt/${out.receiptId}`);
    expect(await status(unit)).toBe(2);
    const sale = await t.deps.db.selectFrom('sales').selectAll().where('id', '=', out.saleId).executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      subtotal_cents: 5000,
      addon_cents: 1500,
      total_cents: 5000,
      retail_cents: 5000,
      day: DAY,
    });
    const items = await t.deps.db.selectFrom('sale_items').selectAll().where('sale_id', '=', out.saleId).execute();
    expect(items.map((i) => [i.kind, i.charged_cents])).toEqual([
      ['unit', 3500],
      ['addon', 1000],
      ['addon', 500],
    ]);
    const state = await readState(t.deps.db, unit, DAY, 'U');
    expect(state.customerId).toBe(out.customerIds[0]);
    const sms = await t.deps.db.selectFrom('outbox').selectAll().where('purpose', '=', 'receipt').execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient: '3055550100' });
    expect(sms[0]!.body).toContain(`/receipt/${out.receiptId}`);
    const logs = await t.deps.db.selectFrom('unit_logs').selectAll().where('position_id', '=', unit).execute();
    expect(logs.some((l) => l.text.startsWith('Sold to Pat Guest (Cash) $50.00'))).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: 'sale', day: DAY, unitIds: [unit] }));
  });

  it('answers a retry with the first result and records nothing new', async () => {
    const unit = await unitId(t.deps.db, 'MB', 2);
    const body = buildSale({ unitId: unit, selectedUnit: umbrella });
    const first = await post('staff', 'saveCustomer', body);
    expect(first.statusCode).toBe(200);
    const before = await salesCount();
    const outboxBefore = (await t.deps.db.selectFrom('outbox').select('id').execute()).length;
    const again = await post('staff', 'saveCustomer', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      saleId: first.json().saleId,
      receiptId: first.json().receiptId,
      replayed: true,
    });
    expect(await salesCount()).toBe(before);
    expect((await t.deps.db.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore);
  });

  it('records one sale under 20 parallel identical requests', async () => {
    const unit = await unitId(t.deps.db, 'MB', 3);
    const body = buildSale({ unitId: unit, selectedUnit: umbrella });
    const before = await salesCount();
    const results = await Promise.all(Array.from({ length: 20 }, () => post('staff', 'saveCustomer', body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().saleId)).size).toBe(1);
    expect(await salesCount()).toBe(before + 1);
    const customers = await t.deps.db
      .selectFrom('unit_customers')
      .select('id')
      .where('position_id', '=', unit)
      .execute();
    expect(customers).toHaveLength(1);
  });

  it('sells a unit exactly once under 20 parallel sellers; the others get 409 naming the unit', async () => {
    const unit = await unitId(t.deps.db, 'MB', 12);
    const before = await salesCount();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i % 2 ? 'staff' : 'admin', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    // The losers are told who sold it, when and how (not a vague "another tablet").
    expect(results.find((r) => r.statusCode === 409)!.json().details).toMatch(
      /^MB 12 was sold by (Casey Staff|Alex Admin|.+) at 10:00 AM \(Cash \$35\.00\)\. Mark it empty/,
    );
    expect(await salesCount()).toBe(before + 1);
  });

  it('rejects a client total that disagrees with the price list and records nothing', async () => {
    const unit = await unitId(t.deps.db, 'MB', 4);
    const before = await salesCount();
    const res = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, orderTotal: '1.00' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContain('$35.00');
    expect(await salesCount()).toBe(before);
    expect(await status(unit)).toBe(0);
  });

  it('adds the tip on top and answers invalid input with 400, never 500', async () => {
    const unit = await unitId(t.deps.db, 'MB', 5);
    const card = buildSale({ unitId: unit, selectedUnit: umbrella, paymentMethod: 'Credit Card', tipAmount: 5 });
    const noCard = await post('staff', 'saveCustomer', card);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().details).toMatch(/card transaction id/);
    card.customerData.transactionID = 'sq_123';
    const ok = await post('staff', 'saveCustomer', card);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ orderTotal: '35.00', tipAmount: '5.00', total: '40.00' });
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', ok.json().saleId)
      .executeTakeFirstOrThrow();
    expect(sale.card_transaction_id).toBe('sq_123');
    for (const bad of [
      {},
      { customerData: {} },
      { customerData: { ...card.customerData, orderTotal: 'abc' } },
      { customerData: { ...card.customerData, paymentMethod: 'Bitcoin' } },
      { customerData: { ...card.customerData, unitId: -1 } },
      { customerData: { ...card.customerData, ourTransactionId: crypto.randomUUID(), selectedUnit: 99999 } },
      { customerData: { ...card.customerData, ourTransactionId: crypto.randomUUID(), selectedUnit: chair } },
      { customerData: { ...card.customerData, ourTransactionId: crypto.randomUUID(), customerName: '' } },
    ]) {
      const r = await post('staff', 'saveCustomer', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('takes a signature only as a PNG data URL within 200 000 characters', async () => {
    const sell = (number: number, signature: unknown) =>
      unitId(t.deps.db, 'MB', number).then((unit) =>
        post('staff', 'saveCustomer', {
          customerData: { ...buildSale({ unitId: unit, selectedUnit: umbrella }).customerData, signature },
        }),
      );
    const before = await salesCount();
    const png = (chars: number) => `data:image/png;base64,${'A'.repeat(chars - 'data:image/png;base64,'.length)}`;
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,<script>',
      png(200_004),
      42,
    ]) {
      const res = await sell(38, bad);
      expect(res.statusCode, String(bad).slice(0, 40)).toBe(400);
      expect(res.json().details).toMatch(/signature/i);
    }
    expect(await salesCount()).toBe(before);
    expect((await sell(38, png(200_000))).statusCode).toBe(200);
    expect((await sell(39, '')).statusCode).toBe(200);
  });

  it('sells room charges at the hotel rate (blue, status 4) and applies the vacation-owner rule', async () => {
    const hyatt = await hotelId(t.deps.db, 'Hyatt');
    const wyndham = await hotelId(t.deps.db, 'Wyndham');
    const hyattItem = await priceId(t.deps.db, 'Hyatt Guest Umbrella');
    const wyndhamItem = await priceId(t.deps.db, 'Wyndham Guest Umbrella');
    const u6 = await unitId(t.deps.db, 'MB', 6);
    const room = (o: object) =>
      buildSale({
        unitId: u6,
        selectedUnit: hyattItem,
        paymentMethod: 'Room Charge',
        roomChargeHotel: hyatt,
        lastName: 'Miller',
        roomNumber: '412',
        customerName: '',
        orderTotal: '20.00',
        ...o,
      });
    const notFound = await post('staff', 'saveCustomer', room({ lastName: 'Nobody' }));
    expect(notFound.statusCode).toBe(400);
    // A typed prefix finds guests in the lookup, but charging a room takes the surname on the list.
    const prefix = await post('staff', 'saveCustomer', room({ lastName: 'M' }));
    expect(prefix.statusCode).toBe(400);
    expect(prefix.json().details).toBe(saleTexts.guestNotFound);
    const ok = await post('staff', 'saveCustomer', room({}));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await status(u6)).toBe(4);
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', ok.json().saleId)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      room_number: '0412',
      subtotal_cents: 2000,
      list_cents: 3500,
      customer_name: 'Miller',
    });

    // Wyndham room 1271 ends in 71: a vacation owner, who gets the regular items.
    const u7 = await unitId(t.deps.db, 'MB', 7);
    const vo = { unitId: u7, roomChargeHotel: wyndham, lastName: 'Johnson', roomNumber: '1271' };
    const hotelOnly = await post(
      'staff',
      'saveCustomer',
      room({ ...vo, selectedUnit: wyndhamItem, orderTotal: '0.00' }),
    );
    expect(hotelOnly.statusCode).toBe(400);
    expect(hotelOnly.json().details).toBe('That item is for hotel guests only.');
    const regular = await post('staff', 'saveCustomer', room({ ...vo, selectedUnit: umbrella, orderTotal: '35.00' }));
    expect(regular.statusCode, regular.body).toBe(200);

    // Garcia in 0305 is listed with an additional guest: the surcharge applies whatever the tablet says.
    const garcia = room({
      unitId: await unitId(t.deps.db, 'MB', 9),
      roomChargeHotel: wyndham,
      lastName: 'Garcia',
      roomNumber: '305',
      selectedUnit: wyndhamItem,
      wyndhamExtraCharge: '0',
      orderTotal: '0.00',
    });
    const noSurcharge = await post('staff', 'saveCustomer', garcia);
    expect(noSurcharge.statusCode).toBe(400);
    expect(noSurcharge.json().details).toMatch(/^The order total changed: the price list says \$(?!0\.00)/);

    // Hotel Other takes any last name and room (manual), at regular prices.
    const other = await hotelId(t.deps.db, 'Other');
    const u8 = await unitId(t.deps.db, 'MB', 8);
    const res = await post(
      'staff',
      'saveCustomer',
      room({
        unitId: u8,
        roomChargeHotel: other,
        lastName: 'Doe',
        roomNumber: '12',
        selectedUnit: umbrella,
        orderTotal: '35.00',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('holds cart units for ten minutes, sells the cart in one sale and releases on Cancel Order', async () => {
    const cart = crypto.randomUUID();
    const [a, b, c] = [
      await unitId(t.deps.db, 'MB', 21),
      await unitId(t.deps.db, 'MB', 22),
      await unitId(t.deps.db, 'MB', 23),
    ];
    for (const u of [a, b, c]) {
      const r = await post('staff', 'holdUnit', { unitId: u, cartId: cart });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().unit).toMatchObject({ unitId: u, unitLocation: 'MB' });
    }
    expect(await status(a)).toBe(1);
    const steal = await post('admin', 'holdUnit', { unitId: a, cartId: crypto.randomUUID() });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().details).toBe(saleTexts.unitHeldBy('MB 21', 'Casey Staff', '10:00 AM'));
    const sellHeld = await post('admin', 'saveCustomer', buildSale({ unitId: a, selectedUnit: umbrella }));
    expect(sellHeld.statusCode).toBe(409);

    // Remove c from the cart, then sell a and b together.
    const removed = await post('staff', 'releaseUnits', { cartId: cart, unitIds: [c] });
    expect(removed.json().released).toEqual([c]);
    expect(await status(c)).toBe(0);
    const sale = await post('staff', 'saveCustomer', {
      customerData: {
        ...buildSale({ unitId: a, selectedUnit: umbrella }).customerData,
        cartId: cart,
        customerName: '',
        orderTotal: '80.00',
        cartUnits: [
          { unitId: a, selectedUnit: umbrella, selectedAddons: String(chair) },
          { unitId: b, selectedUnit: umbrella },
        ],
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json().unitIds).toEqual([a, b]);
    expect([await status(a), await status(b)]).toEqual([2, 2]);
    const row = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', sale.json().saleId)
      .executeTakeFirstOrThrow();
    expect(row.multi).toBe(1);

    // A second cart is cancelled; an expired hold no longer blocks others.
    const cart2 = crypto.randomUUID();
    await post('staff', 'holdUnit', { unitId: c, cartId: cart2 });
    const cancel = await post('staff', 'releaseUnits', { cartId: cart2 });
    expect(cancel.json().released).toEqual([c]);
    await post('staff', 'holdUnit', { unitId: c, cartId: cart2 });
    clock.advance(11 * 60 * 1000);
    const late = await post('admin', 'holdUnit', { unitId: c, cartId: crypto.randomUUID() });
    expect(late.statusCode).toBe(200);
    clock.set(MORNING);
  });

  it('frees holds that ran out, logs it and pushes the event, so no board shows them held', async () => {
    onTestFinished(() => clock.set(MORNING));
    const [a, b] = [await unitId(t.deps.db, 'MB', 31), await unitId(t.deps.db, 'MB', 32)];
    await post('staff', 'holdUnit', { unitId: a, cartId: crypto.randomUUID() });
    clock.advance(5 * 60 * 1000);
    await post('staff', 'holdUnit', { unitId: b, cartId: crypto.randomUUID() });
    clock.advance(5 * 60 * 1000 + 1);
    expect(await releaseExpiredHolds(t.deps)).toBe(1);
    expect([await status(a), await status(b)]).toEqual([0, 1]);
    // On PostgreSQL the event comes back through LISTEN/NOTIFY, a moment later.
    await vi.waitFor(() =>
      expect(events).toContainEqual(expect.objectContaining({ type: 'release', day: DAY, unitIds: [a] })),
    );
    const log = await t.deps.db.selectFrom('unit_logs').select('text').where('position_id', '=', a).execute();
    expect(log.map((l) => l.text)).toContain('Hold ran out after ten minutes: unit released');
    const board = await get('staff', 'getUnits');
    const tile = board
      .json()
      .locations.flatMap((l: { units: { id: number; unitStatus: number }[][] }) => l.units.flat())
      .find((u: { id: number }) => u.id === a);
    expect(tile.unitStatus).toBe(0);
    expect(await releaseExpiredHolds(t.deps)).toBe(0);
    clock.advance(5 * 60 * 1000);
    expect(await releaseExpiredHolds(t.deps)).toBe(1);
    expect(await status(b)).toBe(0);
  });

  it('sells an item only inside its hours (14:45 counts as 15), whatever the client sends', async () => {
    onTestFinished(() => clock.set(MORNING));
    const unit = await unitId(t.deps.db, 'MB', 48);
    const afternoon = await priceId(t.deps.db, 'Umbrella + 2 Chairs (after 2 pm)');
    const sell = () =>
      post('admin', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: afternoon, orderTotal: '25.00' }));
    const early = await sell();
    expect(early.statusCode).toBe(400);
    expect(early.json().details).toBe(saleTexts.itemNotNow('Umbrella + 2 Chairs (after 2 pm)'));
    expect(await status(unit)).toBe(0);
    clock.set(MORNING + (4 * 60 + 45) * 60 * 1000); // 14:45 venue time
    const ok = await sell();
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('forbids units outside the user’s locations (403) and unknown units (404)', async () => {
    const cabana = await unitId(t.deps.db, 'CD', 101);
    const cabanaItem = await priceId(t.deps.db, 'Cabana');
    const res = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: cabana, selectedUnit: cabanaItem, orderTotal: '150.00' }),
    );
    expect(res.statusCode).toBe(403);
    expect((await post('staff', 'holdUnit', { unitId: cabana, cartId: crypto.randomUUID() })).statusCode).toBe(403);
    expect((await post('staff', 'holdUnit', { unitId: 999999, cartId: crypto.randomUUID() })).statusCode).toBe(404);
    const ok = await post(
      'admin',
      'saveCustomer',
      buildSale({ unitId: cabana, selectedUnit: cabanaItem, orderTotal: '150.00' }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('names the items of a Spanish receipt by their Spanish name, the English one when none (issue 26)', async () => {
    const saved = await post('admin', 'savePrice', {
      postData: {
        id: umbrella,
        name: 'Umbrella + 2 Chairs',
        nameEs: 'Sombrilla + 2 camastros',
        descriptionEs: 'Toda la mañana',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const catalogue = (await get('staff', 'getSaleCatalogue')).json();
    expect(catalogue.items.find((i: { id: number }) => i.id === umbrella)).toMatchObject({
      name: 'Umbrella + 2 Chairs',
      nameEs: 'Sombrilla + 2 camastros',
      descriptionEs: 'Toda la mañana',
    });
    const receipt = async (languageCode: 'en' | 'es', n: number) => {
      const s = await post(
        'staff',
        'saveCustomer',
        buildSale({ unitId: await unitId(t.deps.db, 'MB', n), selectedUnit: umbrella, languageCode }),
      );
      expect(s.statusCode, s.body).toBe(200);
      return (await t.app.inject({ method: 'GET', url: `/api/getReceipt/${s.json().receiptId}` })).json();
    };
    expect((await receipt('es', 61)).items).toEqual([{ name: 'Sombrilla + 2 camastros', amount: '35.00' }]);
    expect((await receipt('en', 62)).items).toEqual([{ name: 'Umbrella + 2 Chairs', amount: '35.00' }]);
    // Cleared, the Spanish name falls back to the English one; left out on an edit, a text is kept.
    await post('admin', 'savePrice', { postData: { id: umbrella, name: 'Umbrella + 2 Chairs', nameEs: '' } });
    expect((await receipt('es', 63)).items).toEqual([{ name: 'Umbrella + 2 Chairs', amount: '35.00' }]);
    const list = (await get('admin', 'getPriceList')).json();
    expect(list.prices.find((p: { id: number }) => p.id === umbrella)).toMatchObject({
      nameEs: '',
      descriptionEs: 'Toda la mañana',
    });
  });

  it("holds belong to the tablet: one tablet's release (its page closed) leaves the same user's other order held (issue 26)", async () => {
    const [x, y] = [await unitId(t.deps.db, 'MB', 64), await unitId(t.deps.db, 'MB', 65)];
    const [tabletA, tabletB] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await post('staff', 'holdUnit', { unitId: x, cartId: tabletA })).statusCode).toBe(200);
    expect((await post('staff', 'holdUnit', { unitId: y, cartId: tabletB })).statusCode).toBe(200);
    // The page-hide release is the ordinary call: validated and authorised like every other.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/releaseUnits', payload: { cartId: tabletA } })).statusCode,
    ).toBe(401);
    expect((await post('staff', 'releaseUnits', { cartId: 'not a cart id!' })).statusCode).toBe(400);
    expect((await post('staff', 'releaseUnits', { cartId: tabletA })).json().released).toEqual([x]);
    expect([await status(x), await status(y)]).toEqual([0, 1]);
    expect((await post('staff', 'releaseUnits', { cartId: tabletB })).json().released).toEqual([y]);
  });

  it('serves the public receipt page data with tip figures, and 404 for unknown ids', async () => {
    const unit = await unitId(t.deps.db, 'MB', 30);
    const s = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, paymentMethod: 'Voucher', tipAmount: '10.00' }),
    );
    expect(s.statusCode).toBe(200);
    const r = await t.app.inject({ method: 'GET', url: `/api/getReceipt/${s.json().receiptId}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      orderInfo: {
        Price: '35.00',
        tipAmount: '10.00',
        tipPercent: 29,
        Total: '45.00',
        retailPrice: '35.00',
        paymentMethod: 'Voucher',
      },
      unitNumber: 30,
      unitLocation: 'MB',
      unitRow: 2,
      unitPosition: 10,
      venueName: 'Sandbar Beach Club',
      supportEmail: 'support@sandbar.test',
    });
    expect(r.json().orderInfo.purchaseDate).toBe('07/04/2026 10:00 AM');

    // A Wyndham guest's package costs $0: the gratuity percent is of the retail value, not 0 %.
    const guestSale = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: await unitId(t.deps.db, 'MB', 33),
        selectedUnit: await priceId(t.deps.db, 'Wyndham Guest Umbrella'),
        paymentMethod: 'Room Charge',
        roomChargeHotel: await hotelId(t.deps.db, 'Wyndham'),
        lastName: 'Smith',
        roomNumber: '1204',
        customerName: '',
        orderTotal: '0.00',
        tipAmount: '5.00',
      }),
    );
    expect(guestSale.statusCode, guestSale.body).toBe(200);
    const gr = await t.app.inject({ method: 'GET', url: `/api/getReceipt/${guestSale.json().receiptId}` });
    expect(gr.json().orderInfo).toMatchObject({
      Price: '0.00',
      tipAmount: '5.00',
      retailPrice: '35.00',
      tipPercent: 14,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/getReceipt/doesnotexist123' })).statusCode).toBe(404);
  });

  it('answers a replayed ourTransactionId with a different body, or from another location, with 409', async () => {
    const unit = await unitId(t.deps.db, 'MB', 13);
    const body = buildSale({ unitId: unit, selectedUnit: umbrella });
    expect((await post('staff', 'saveCustomer', body)).statusCode).toBe(200);
    const before = await salesCount();
    // Same id, another unit: a different sale, never the first one's answer.
    const other = await unitId(t.deps.db, 'MB', 14);
    const moved = await post('staff', 'saveCustomer', {
      customerData: { ...body.customerData, unitId: other },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().details).toBe(saleTexts.replayMismatch);
    const tipped = await post('staff', 'saveCustomer', { customerData: { ...body.customerData, tipAmount: '5' } });
    expect(tipped.statusCode).toBe(409);
    // The same body in another spelling ("35" for "35.00", a number) is the same sale.
    const same = await post('staff', 'saveCustomer', { customerData: { ...body.customerData, orderTotal: 35 } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().replayed).toBe(true);
    // Someone who does not work the sale's location cannot read it back through its id.
    const [cabanaOnly] = await t.deps.db
      .insertInto('users')
      .values({
        username: 'deck',
        name: 'Deck Hand',
        initials: 'DH',
        phone: '',
        email: '',
        password_hash: (
          await t.deps.db
            .selectFrom('users')
            .select('password_hash')
            .where('username', '=', 'staff')
            .executeTakeFirstOrThrow()
        ).password_hash,
        user_type: 'U',
        two_factor: 0,
        language_code: 'en',
        active: 1,
        created_at: MORNING,
      })
      .returning('id')
      .execute();
    const cd = await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'CD').executeTakeFirstOrThrow();
    await t.deps.db.insertInto('user_locations').values({ user_id: cabanaOnly!.id, location_id: cd.id }).execute();
    const stranger = await post('deck', 'saveCustomer', body);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().details).toBe(saleTexts.replayNotYours);
    expect(await salesCount()).toBe(before);
  });

  it('records a voucher number, and sends nothing for No receipt', async () => {
    const unit = await unitId(t.deps.db, 'MB', 15);
    const outboxBefore = (await t.deps.db.selectFrom('outbox').select('id').execute()).length;
    const res = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: unit,
        selectedUnit: umbrella,
        paymentMethod: 'Voucher',
        voucherNumber: 'V-2041',
        receiptType: 'none',
        customerPhone: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', res.json().saleId)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ voucher_number: 'V-2041', receipt_type: 'none' });
    expect(sale.summary).toContain('#V-2041');
    expect((await t.deps.db.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore);
    const print = await post('staff', 'printReceipt', { unitId: unit, reprint: '0' });
    expect(print.json().lines).toContain(`Voucher${' '.repeat(32 - 7 - 6)}V-2041`);
    // A voucher number on a cash sale means nothing: not kept.
    const cash = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: await unitId(t.deps.db, 'MB', 16), selectedUnit: umbrella, voucherNumber: 'X' }),
    );
    expect(
      (
        await t.deps.db
          .selectFrom('sales')
          .select('voucher_number')
          .where('id', '=', cash.json().saleId)
          .executeTakeFirstOrThrow()
      ).voucher_number,
    ).toBe('');
  });

  it('prints the first slip as the receipt and later ones as reprints, every line within 32 characters', async () => {
    await writeSettings(t.deps.db, { venueName: 'Sandbar Beach Club and Cabana Rentals of the Gulf Coast' });
    onTestFinished(() => writeSettings(t.deps.db, { venueName: 'Sandbar Beach Club' }));
    const unit = await unitId(t.deps.db, 'MB', 17);
    const s = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella, tipAmount: '5' }));
    const reprints = () =>
      t.deps.db.selectFrom('reprints').selectAll().where('sale_id', '=', s.json().saleId).execute();
    // The tablet says reprint; it is the first print all the same.
    const first = await post('staff', 'printReceipt', { unitId: unit, reprint: '1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().lines).toContain('Receipt');
    expect(first.json().lines).not.toContain('Receipt (REPRINT)');
    expect(await reprints()).toHaveLength(0);
    const second = await post('staff', 'printReceipt', { unitId: unit, reprint: '0' });
    expect(second.json().lines).toContain('Receipt (REPRINT)');
    expect(await reprints()).toHaveLength(1);
    const lines: string[] = second.json().lines;
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(32);
    expect(lines.slice(0, 2)).toEqual(['Sandbar Beach Club and Cabana', 'Rentals of the Gulf Coast']);
    // The receipt link is longer than a line: cut over two lines, nothing lost.
    const url = `http://localhost:3000/receipt/${s.json().receiptId}`;
    expect(lines.join('')).toContain(url);
  });

  it('getUnit/{id}/{currentTime} carries equipmentData from the same price list as the catalogue', async () => {
    const unit = await unitId(t.deps.db, 'MB', 18);
    const cat = (await get('staff', 'getSaleCatalogue')).json();
    const ts = Math.floor(MORNING / 1000);
    const res = await get('staff', `getUnit/${unit}/${ts}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().equipmentData;
    const byId = new Map(cat.items.map((i: { id: number }) => [i.id, i]));
    for (const list of ['equipment', 'hotelEquipment', 'addons', 'hotelAddons']) {
      for (const item of data[list]) expect(item).toEqual(byId.get(item.id));
    }
    // 10 am: the morning umbrella, not the afternoon one; hotel items apart from regular ones.
    expect(data.equipment.map((i: { name: string }) => i.name)).toContain('Umbrella + 2 Chairs');
    expect(data.equipment.map((i: { name: string }) => i.name)).not.toContain('Umbrella + 2 Chairs (after 2 pm)');
    expect(data.hotelEquipment.map((i: { name: string }) => i.name)).toContain('Wyndham Guest Umbrella');
    expect(data.addons.map((i: { name: string }) => i.name)).toContain('Extra Chair');
    expect(data.equipment.every((i: { unitType: string }) => i.unitType === 'U')).toBe(true);
    // Without a time (today's unit), no equipmentData: the spec gives it to the timed call.
    expect((await get('staff', `getUnit/${unit}`)).json().equipmentData).toBeUndefined();
  });

  it('finds the guest a room charge is for by the same rule the sale is charged by', async () => {
    const wyndham = await hotelId(t.deps.db, 'Wyndham');
    const search = async (hotelLastName: string, hotelRoomNumber: string) =>
      (
        await post('staff', 'searchWyndham', {
          customerData: { hotelLastName, hotelRoomNumber, roomChargeHotel: wyndham },
        })
      ).json();
    // A typed prefix lists guests but is no match: the sale would be refused.
    expect((await search('Gar', '305')).exactMatch).toBe(false);
    const garcia = await search('garcia', '0305');
    expect(garcia.exactMatch).toBe(true);
    expect(garcia.guests[0]).toMatchObject({ Room: '0305', Additional: '1' });
    // Priced with the additional-guest surcharge, as the wizard now shows it, the sale goes through.
    const wyndhamItem = await priceId(t.deps.db, 'Wyndham Guest Umbrella');
    const res = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: await unitId(t.deps.db, 'MB', 19),
        selectedUnit: wyndhamItem,
        paymentMethod: 'Room Charge',
        roomChargeHotel: wyndham,
        lastName: 'Garcia',
        roomNumber: '305',
        wyndhamExtraCharge: '1',
        orderTotal: '35.00',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('applies the editing window to receipt edits and resends: U today, S today and yesterday, A any day', async () => {
    const H24 = 24 * 60 * 60 * 1000;
    const sellOn = async (daysAgo: number, number: number) => {
      clock.set(MORNING - daysAgo * H24);
      try {
        const s = await post(
          'admin',
          'saveCustomer',
          buildSale({ unitId: await unitId(t.deps.db, 'MB', number), selectedUnit: umbrella }),
        );
        expect(s.statusCode, s.body).toBe(200);
        return s.json().customerIds[0] as number;
      } finally {
        clock.set(MORNING);
      }
    };
    const yesterday = await sellOn(1, 36);
    const threeDaysAgo = await sellOn(3, 37);
    const edit = (user: string, customerId: number) =>
      post(user, 'updateReceipt', { customerId, receiptType: 'phone', receiptPhone: '305 555 0199' });
    const resend = (user: string, customerId: number) => post(user, 'resendReceipt', { customerId });
    for (const call of [edit, resend]) {
      const staff = await call('staff', yesterday);
      expect(staff.statusCode, staff.body).toBe(403);
      expect(staff.json().details).toBe("You can only change units on today's board.");
      expect((await call('supervisor', yesterday)).statusCode).toBe(200);
      const old = await call('supervisor', threeDaysAgo);
      expect(old.statusCode).toBe(403);
      expect(old.json().details).toBe('Supervisors can change units for today and yesterday only.');
      expect((await call('admin', threeDaysAgo)).statusCode).toBe(200);
    }
    const customer = await t.deps.db
      .selectFrom('unit_customers')
      .select('receipt_phone')
      .where('id', '=', threeDaysAgo)
      .executeTakeFirstOrThrow();
    expect(customer.receipt_phone).toBe('3055550199');
  });

  it('resends, edits and prints receipts; reprints are recorded', async () => {
    const unit = await unitId(t.deps.db, 'MB', 31);
    const s = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    const customerId = s.json().customerIds[0];
    const resend = await post('staff', 'resendReceipt', { customerId, reprint: '1' });
    expect(resend.json()).toMatchObject({ status: true, phoneSent: true });
    const bad = await post('staff', 'updateReceipt', { customerId, receiptType: 'email', receiptEmail: 'nope' });
    expect(bad.json()).toMatchObject({ status: false, saveReceiptSuccess: false });
    const upd = await post('staff', 'updateReceipt', {
      unitId: unit,
      customerId,
      receiptType: 'email',
      receiptEmail: 'pat@example.com',
    });
    expect(upd.json()).toMatchObject({ status: true, saveReceiptSuccess: true, emailSent: true });
    const mail = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'pat@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your receipt from Sandbar Beach Club');
    expect(mail.html).toContain(`/receipt/${s.json().receiptId}`);
    await post('staff', 'printReceipt', { unitId: unit, reprint: '0' });
    const print = await post('staff', 'printReceipt', { unitId: unit, reprint: '1' });
    expect(print.statusCode, print.body).toBe(200);
    const bytes = Buffer.from(print.json().PrintCode, 'base64');
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(bytes.toString('latin1')).toContain('Receipt (REPRINT)');
    const reprints = await t.deps.db
      .selectFrom('reprints')
      .selectAll()
      .where('sale_id', '=', s.json().saleId)
      .execute();
    expect(reprints).toHaveLength(1);
    const cabana = await unitId(t.deps.db, 'CD', 101);
    expect((await post('staff', 'printReceipt', { unitId: cabana, reprint: '0' })).statusCode).toBe(403);
  });

  it('searches hotel guests (rooms masked when a last name is given), checks prices and receipts', async () => {
    const wyndham = await hotelId(t.deps.db, 'Wyndham');
    const byName = await post('staff', 'searchWyndham', {
      customerData: { hotelLastName: 'smi', hotelRoomNumber: '', roomChargeHotel: wyndham },
    });
    expect(byName.json().guests).toEqual([
      {
        Room: '***4',
        Guest_Name: 'Smith, John',
        Accompanying_Guest_Name: 'Smith, Mary',
        Additional: '0',
        hotelId: wyndham,
      },
    ]);
    const byRoom = await post('staff', 'searchWyndham', {
      customerData: { hotelLastName: '', hotelRoomNumber: '305' },
    });
    expect(byRoom.json().guests[0]).toMatchObject({ Room: '0305', Guest_Name: 'Garcia, Maria', Additional: '1' });
    const both = await post('staff', 'searchWyndham', {
      customerData: { hotelLastName: 'Smith', hotelRoomNumber: '1204' },
    });
    expect(both.json().exactMatch).toBe(true);
    const price = await post('staff', 'checkItemPrice', {
      itemType: `${umbrella},${chair}`,
      extraCharge: '0',
      roomChargeHotel: '',
    });
    expect(price.json()).toEqual({ prices: { retailRate: '45.00' }, pageName: 'newCustomer' });
    const phone = await post('staff', 'checkReceiptInfo', { receiptType: 'phone', receiptPhone: '12' });
    expect(phone.json().status).toBe(false);
    const email = await post('staff', 'checkReceiptInfo', { receiptType: 'email', receiptEmail: 'a@b.co' });
    expect(email.json().status).toBe(true);
    const cat = await get('staff', 'getSaleCatalogue');
    expect(cat.json()).toMatchObject({ hour: 10, day: DAY, tipPresets: [3, 5, 10, 0], simulatedReader: '1' });
  });

  it('totals the agent’s day, keeps cash on hand and records drop-offs', async () => {
    const manager = 'manager';
    const a = await unitId(t.deps.db, 'MB', 40);
    const b = await unitId(t.deps.db, 'MB', 41);
    await post(manager, 'saveCustomer', buildSale({ unitId: a, selectedUnit: umbrella, tipAmount: '0' }));
    await post(
      manager,
      'saveCustomer',
      buildSale({
        unitId: b,
        selectedUnit: umbrella,
        paymentMethod: 'Credit Card',
        transactionID: 'sq_9',
        tipAmount: '5',
      }),
    );
    for (const amount of [undefined, '', '0', 0]) {
      const r = await post(manager, 'saveDropoffNotes', { dropoffAmount: amount, dropoffNotes: 'x' });
      expect(r.statusCode).toBe(400);
      expect(r.json().details).toBe(messages.dropoff.amountRequired);
    }
    expect((await post(manager, 'saveDropoffNotes', { dropoffAmount: 'ten' })).statusCode).toBe(400);
    const saved = await post(manager, 'saveDropoffNotes', { dropoffAmount: '20.00', dropoffNotes: 'first drop' });
    expect(saved.statusCode, saved.body).toBe(200);
    const report = await get(manager, 'getDropoffReport');
    expect(report.statusCode).toBe(200);
    // Tips apart: the card sale's $5 tip is in tipTotal, not in ccTotal or todayTotal.
    expect(report.json().overview).toEqual({
      todayTotal: '70.00',
      ccTotal: '35.00',
      cashTotal: '35.00',
      roomChargeTotal: '0.00',
      voucherTotal: '0.00',
      tipTotal: '5.00',
      cashTipTotal: '0.00',
      cashOnHand: '15.00',
      cashDroppedOff: '20.00',
      cashCorrections: '0.00',
      depositTotal: '0.00',
      cashDepositTotal: '0.00',
    });
    expect(report.json().dropOffs).toMatchObject([{ amount: '20.00', notes: 'first drop' }]);
    expect(report.json().customers).toHaveLength(2);
    expect(report.json().customers[0]).toMatchObject({
      projectLocations: 'MB',
      umbrellaNumber: 41,
      paymentMethod: 'Credit Card',
    });
    const print = await get(manager, 'getPrintNotes');
    expect(print.json().lines).toContain(`Today's Total${' '.repeat(13)}$70.00`);
    expect((await t.app.inject({ method: 'GET', url: '/api/getDropoffReport' })).statusCode).toBe(401);
  });

  it('fills every receipt placeholder from the settings templates', async () => {
    await writeSettings(t.deps.db, { receiptTextMessage: '{venueName} {date} {total} {customerName}: {receiptUrl}' });
    const unit = await unitId(t.deps.db, 'MB', 50);
    const s = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, customerPhone: '3055550150' }),
    );
    expect(s.statusCode).toBe(200);
    const sms = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', '3055550150')
      .executeTakeFirstOrThrow();
    expect(sms.body).toBe(`Sandbar Beach Club ${DAY} $35.00 Pat Guest: ${s.json().receiptUrl}`);
  });
});
