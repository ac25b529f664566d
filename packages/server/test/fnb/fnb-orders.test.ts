import { fnbTexts } from '@sandbar/contract/fnb-texts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BoardEvent } from '../../src/platform/events';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { buildSale, MORNING, priceId, unitId } from '../sales/factories';
import { buildGuestOrder, buildStaffOrder, fnbItemId, fnbOptionId, fnbToken } from './factories';

const en = fnbTexts.en;
const es = fnbTexts.es;

describe(`F&B orders on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const events: BoardEvent[] = [];
  let beer: number;
  let mojito: number;
  let large: number;
  let noIce: number;
  let tacos: number;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const guest = (token: string, payload: unknown, ip = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: `/api/public/order/${token}`, payload: payload as object, remoteAddress: ip });

  /** Sells a demo unit to Pat Guest (phone ending 0100) and returns its position id. */
  async function sold(location: string, n: number) {
    const unit = await unitId(t.deps.db, location, n);
    const res = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs') }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return unit;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    t.deps.events.subscribe((e) => events.push(e));
    beer = await fnbItemId(t.deps.db, 'Beer');
    mojito = await fnbItemId(t.deps.db, 'Mojito');
    tacos = await fnbItemId(t.deps.db, 'Fish tacos');
    large = await fnbOptionId(t.deps.db, 'Mojito', 'Large');
    noIce = await fnbOptionId(t.deps.db, 'Mojito', 'No ice');
  });
  afterAll(async () => t.close());

  it("answers a guest's status only by the order's clientOrderId: numbers, guesses, other units and staff orders are refused or left out", async () => {
    const unit = await sold('MB', 31);
    const other = await sold('MB', 32);
    const token = await fnbToken(t.deps.db, unit);
    const otherToken = await fnbToken(t.deps.db, other);
    const status = (tok: string, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/order/${tok}/status?${query}` });
    const mine = buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 });
    const theirs = buildGuestOrder({ lines: [{ itemId: beer, quantity: 2 }], totalCents: 1200, guestName: 'Other' });
    const a = await guest(token, mine);
    const b = await guest(token, theirs, '203.0.113.10');
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const aId: number = a.json().order.id;
    const bId: number = b.json().order.id;
    const staff = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({ unitId: unit, lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }),
    );
    expect(staff.statusCode, staff.body).toBe(200);

    // The sequential numbers are no way in any more: the old ?ids= and a number as a key are refused.
    for (const q of [`ids=${bId}`, `keys=${bId}`, `keys=${aId},${bId}`, 'keys=']) {
      const r = await status(token, q);
      expect(r.statusCode, q).toBe(400);
      expect(r.body).not.toContain('"lines"');
    }
    // Guessed keys, the staff order's key, a key of this unit under another unit's code: nothing.
    const guessed = Array.from({ length: 20 }, () => crypto.randomUUID()).join(',');
    expect((await status(token, `keys=${guessed}`)).json().orders).toEqual([]);
    const staffKey = (
      await t.deps.db
        .selectFrom('fnb_orders')
        .select('client_order_id')
        .where('id', '=', staff.json().order.id)
        .executeTakeFirstOrThrow()
    ).client_order_id;
    expect((await status(token, `keys=${staffKey}`)).json().orders).toEqual([]);
    expect((await status(otherToken, `keys=${mine.clientOrderId}`)).json().orders).toEqual([]);
    // Each phone reads its own order, only its own; more than 20 keys is refused (the limit kept).
    const own = (await status(token, `keys=${mine.clientOrderId}`)).json().orders;
    expect(own.map((o: { id: number }) => o.id)).toEqual([aId]);
    expect(
      (await status(token, `keys=${theirs.clientOrderId}`)).json().orders.map((o: { id: number }) => o.id),
    ).toEqual([bId]);
    expect((await status(token, `keys=${guessed},${mine.clientOrderId}`)).statusCode).toBe(400);

    // The owner follows it through: received → preparing → ready → on its way → delivered.
    const seen = async () => (await status(token, `keys=${mine.clientOrderId}`)).json().orders[0].status;
    expect(await seen()).toBe('received');
    expect((await post('staff', 'bumpFnbOrder', { orderId: aId, station: 'bar' })).statusCode).toBe(200);
    expect(await seen()).toBe('preparing');
    expect((await post('staff', 'bumpFnbOrder', { orderId: aId, station: 'bar' })).statusCode).toBe(200);
    expect(await seen()).toBe('ready');
    expect((await post('staff', 'moveFnbOrder', { orderId: aId, status: 'on_way' })).statusCode).toBe(200);
    expect(await seen()).toBe('on_way');
    expect((await post('staff', 'moveFnbOrder', { orderId: aId, status: 'delivered' })).statusCode).toBe(200);
    expect(await seen()).toBe('delivered');
  });

  it('takes a guest order to the tab with modifiers, shows it at the bar live, bumps, delivers and settles it as one sale', async () => {
    const unit = await sold('MB', 21);
    const token = await fnbToken(t.deps.db, unit);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/order/${token}?lang=es` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().payments).toContain('tab');
    expect(page.json().unitLabel).toBe('MB 21');
    expect(JSON.stringify(page.json())).not.toContain('Pat Guest');

    const before = events.length;
    const lines = [
      { itemId: mojito, quantity: 2, optionIds: [large, noIce], note: 'extra lime' },
      { itemId: beer, quantity: 1 },
    ];
    // 2 × (9.00 + 3.00) + 6.00 = 30.00
    const wrong = await guest(
      token,
      buildGuestOrder({ lines, totalCents: 3000, phoneLast4: '9999', languageCode: 'es' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toBe(es.errors.tabLast4Wrong);
    const changed = await guest(token, buildGuestOrder({ lines, totalCents: 2900 }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().details).toBe(en.errors.totalChanged('$30.00'));
    const placed = buildGuestOrder({ lines, totalCents: 3000, languageCode: 'es' });
    const ok = await guest(token, placed);
    expect(ok.statusCode, ok.body).toBe(200);
    const order = ok.json().order;
    expect(order).toMatchObject({ status: 'received', payment: 'tab', paid: false, totalCents: 3000 });
    expect(order.lines[0]).toMatchObject({
      name: 'Mojito',
      quantity: 2,
      unitPriceCents: 1200,
      totalCents: 2400,
      note: 'extra lime',
    });
    expect(order.lines[0].modifiers.map((m: { nameEs: string }) => m.nameEs)).toEqual(['Grande', 'Sin hielo']);
    // PostgreSQL: heard back through LISTEN a moment after the answer.
    await vi.waitFor(() => expect(events.slice(before).map((e) => e.type)).toEqual(['fnbOrder', 'fnbTab']));
    expect(events.at(-1)!.unitIds).toEqual([]);

    const bar = (await get('staff', 'getFnbStation/bar')).json();
    const mine = bar.orders.find((o: { id: number }) => o.id === order.id);
    expect(mine).toMatchObject({ unitLabel: 'MB 21', guestName: 'Pat Guest', status: 'received' });
    expect(
      (await get('staff', 'getFnbStation/kitchen')).json().orders.some((o: { id: number }) => o.id === order.id),
    ).toBe(false);

    // Not ready: the runner cannot take it, the tab cannot be settled.
    expect((await post('staff', 'moveFnbOrder', { orderId: order.id, status: 'delivered' })).statusCode).toBe(409);
    const tab = (await get('staff', `getFnbUnitTab/${unit}`)).json().tab;
    expect(tab).toMatchObject({ totalCents: 3000, status: 'open', customerName: 'Pat Guest' });
    const early = await post('staff', 'settleFnbTab', {
      ourTransactionId: 'settle-early-1',
      tabId: tab.id,
      totalCents: 3000,
      paymentMethod: 'Cash',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().details).toBe(en.errors.tabHasOpenOrders);

    const b1 = await post('staff', 'bumpFnbOrder', { orderId: order.id, station: 'bar' });
    expect(b1.json().order.status).toBe('preparing');
    expect((await post('staff', 'bumpFnbOrder', { orderId: order.id, station: 'kitchen' })).statusCode).toBe(409);
    const b2 = await post('staff', 'bumpFnbOrder', { orderId: order.id, station: 'bar' });
    expect(b2.json().order.status).toBe('ready');
    expect((await post('staff', 'bumpFnbOrder', { orderId: order.id, station: 'bar' })).statusCode).toBe(409);
    const runner = (await get('staff', 'getFnbRunner')).json();
    expect(runner.groups.flatMap((g: { orders: { id: number }[] }) => g.orders.map((o) => o.id))).toContain(order.id);
    expect((await post('staff', 'moveFnbOrder', { orderId: order.id, status: 'on_way' })).json().order.status).toBe(
      'on_way',
    );
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/public/order/${token}/status?keys=${placed.clientOrderId},${crypto.randomUUID()}`,
    });
    expect(status.json().orders).toHaveLength(1);
    expect(status.json().orders[0].status).toBe('on_way');
    expect((await post('staff', 'moveFnbOrder', { orderId: order.id, status: 'delivered' })).json().order.status).toBe(
      'delivered',
    );

    const settle = {
      ourTransactionId: 'settle-tab-0001',
      tabId: tab.id,
      totalCents: 3000,
      paymentMethod: 'Cash',
      tipCents: 500,
      receiptType: 'phone',
      customerPhone: '305 555 0100',
    };
    const s1 = await post('staff', 'settleFnbTab', settle);
    expect(s1.statusCode, s1.body).toBe(200);
    const again = await post('staff', 'settleFnbTab', settle);
    expect(again.json().saleId).toBe(s1.json().saleId);
    expect(s1.json().tab).toMatchObject({ status: 'settled', totalCents: 0 });
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', s1.json().saleId)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      fnb: 1,
      payment_method: 'Cash',
      subtotal_cents: 3000,
      tip_cents: 500,
      total_cents: 3500,
    });
    const items = await t.deps.db.selectFrom('sale_items').selectAll().where('sale_id', '=', sale.id).execute();
    expect(items.map((i) => i.name)).toEqual(['2 × Mojito (Large, No ice)', '1 × Beer']);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/getReceipt/${s1.json().receiptId}` });
    expect(receipt.json().items.map((i: { name: string }) => i.name)).toContain('1 × Beer');
    // The receipt names the unit the orders were for, once (two lines, one unit), never 'unit 0'.
    expect(receipt.json().units).toEqual([expect.objectContaining({ unitLocation: 'MB', unitNumber: 21 })]);
    expect(receipt.json()).toMatchObject({ unitLocation: 'MB', unitNumber: 21 });
    expect(
      await t.deps.db.selectFrom('outbox').select('body').where('body', 'like', `%${s1.json().receiptId}%`).execute(),
    ).toHaveLength(1);
    // The cash counts on the settler's Notes/Drops.
    const drop = (await get('staff', 'getDropoffReport')).json();
    expect(Number(drop.overview.cashTotal)).toBeGreaterThanOrEqual(65);
    expect((await post('staff', 'settleFnbTab', { ...settle, ourTransactionId: 'settle-tab-0002' })).statusCode).toBe(
      409,
    );
  });

  it('refuses an item 86d while it sat in a cart, by name and in the guest language, and the switch is heard live', async () => {
    const unit = await sold('MB', 22);
    const token = await fnbToken(t.deps.db, unit);
    const before = events.length;
    const off = await post('staff', 'setFnbSoldOut', { itemId: beer, soldOut: true });
    expect(off.statusCode, off.body).toBe(200);
    // The later tests order beer, whatever happens here.
    onTestFinished(async () => {
      await post('staff', 'setFnbSoldOut', { itemId: beer, soldOut: false });
    });
    await vi.waitFor(() => expect(events.slice(before).some((e) => e.type === 'fnbMenu')).toBe(true));
    const r = await guest(
      token,
      buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600, languageCode: 'es' }),
    );
    expect(r.statusCode).toBe(409);
    expect(r.json().details).toBe(es.errors.itemSoldOut('Cerveza'));
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/order/${token}` })).json();
    expect(page.menu.items.find((i: { id: number }) => i.id === beer).soldOut).toBe(true);
    await post('staff', 'setFnbSoldOut', { itemId: beer, soldOut: false });
    // Out of its hours (tacos 11–17; the clock says 10:00).
    const hours = await guest(token, buildGuestOrder({ lines: [{ itemId: tacos, quantity: 1 }], totalCents: 1200 }));
    expect(hours.statusCode).toBe(409);
    expect(hours.json().details).toBe(en.errors.itemNotNow('Fish tacos'));
    // A required choice missing, an option of another item.
    const missing = await guest(token, buildGuestOrder({ lines: [{ itemId: mojito, quantity: 1 }], totalCents: 900 }));
    expect(missing.json().details).toBe(en.errors.modifierMissing('Mojito', 'Size'));
    const alien = await guest(
      token,
      buildGuestOrder({ lines: [{ itemId: beer, quantity: 1, optionIds: [large] }], totalCents: 900 }),
    );
    expect(alien.json().details).toBe(en.errors.modifierUnknown('Beer'));
  });

  it('refuses a tab where the unit is not sold under a name, and locks out guessing the last 4', async () => {
    const empty = await unitId(t.deps.db, 'MB', 23);
    const token = await fnbToken(t.deps.db, empty);
    const r = await guest(token, buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }));
    expect(r.statusCode).toBe(409);
    expect(r.json().details).toBe(en.errors.unitNotSold);
    const unit = await sold('MB', 24);
    const t24 = await fnbToken(t.deps.db, unit);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await guest(
            t24,
            buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600, phoneLast4: `000${i}` }),
          )
        ).statusCode,
      ).toBe(400);
    const locked = await guest(t24, buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().details).toBe(en.errors.tabLast4Locked);
    clock.advance(11 * 60_000);
    expect(
      (await guest(t24, buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }))).statusCode,
    ).toBe(200);
  });

  it("gives the unit's tab total only to a guest who gives the party's last 4 (decision 355)", async () => {
    const unit = await sold('MB', 35);
    const token = await fnbToken(t.deps.db, unit);
    const tabOf = (phoneLast4: string, ip = '203.0.113.29') =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/order/${token}/tab`,
        payload: { phoneLast4, languageCode: 'es' },
        remoteAddress: ip,
      });
    expect((await tabOf('0100')).json()).toEqual({ tab: null });
    const o = await guest(token, buildGuestOrder({ lines: [{ itemId: beer, quantity: 2 }], totalCents: 1200 }));
    expect(o.statusCode, o.body).toBe(200);
    // The page anyone with the code reads carries no tab, no total.
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/order/${token}` })).json();
    expect(page).not.toHaveProperty('tab');
    expect((await tabOf('0100')).json()).toEqual({ tab: { totalCents: 1200, settled: false } });
    // A wrong answer is refused in the guest's language and counts towards the unit's lock.
    const wrong = await tabOf('9999');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toBe(es.errors.tabLast4Wrong);
    expect(wrong.body).not.toContain('1200');
    for (let i = 0; i < 4; i++) expect((await tabOf(`000${i}`)).statusCode).toBe(400);
    const locked = await tabOf('0100');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().details).toBe(es.errors.tabLast4Locked);
    clock.advance(11 * 60_000);
    expect((await tabOf('0100')).json().tab.totalCents).toBe(1200);
    // A unit not sold under a name has no tab to show.
    const empty = await fnbToken(t.deps.db, await unitId(t.deps.db, 'MB', 36));
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/public/order/${empty}/tab`,
      payload: { phoneLast4: '0100' },
    });
    expect(none.statusCode).toBe(409);
  });

  it('charges a room checked like a room charge, and writes the sale for the posting queue when delivered', async () => {
    const unit = await unitId(t.deps.db, 'MB', 25);
    const token = await fnbToken(t.deps.db, unit);
    const hyatt = (
      await t.deps.db.selectFrom('hotels').select('id').where('name', '=', 'Hyatt').executeTakeFirstOrThrow()
    ).id;
    const body = {
      lines: [{ itemId: beer, quantity: 2 }],
      totalCents: 1200,
      payment: 'room' as const,
      hotelId: hyatt,
      roomNumber: '412',
    };
    const nobody = await guest(token, buildGuestOrder({ ...body, lastName: 'Nobody', languageCode: 'es' }));
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details).toBe(es.errors.roomGuestNotFound);
    const ok = await guest(token, buildGuestOrder({ ...body, lastName: 'Miller' }));
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().order.id;
    expect(
      await t.deps.db.selectFrom('sales').select('id').where('our_transaction_id', '=', `fnb-order-${id}`).execute(),
    ).toEqual([]);
    await post('staff', 'bumpFnbOrder', { orderId: id, station: 'bar' });
    await post('staff', 'bumpFnbOrder', { orderId: id, station: 'bar' });
    const done = await post('supervisor', 'moveFnbOrder', { orderId: id, status: 'delivered' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order.paid).toBe(true);
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('our_transaction_id', '=', `fnb-order-${id}`)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({
      payment_method: 'Room Charge',
      hotel_id: hyatt,
      room_number: '0412',
      last_name: 'Miller',
      total_cents: 1200,
      fnb: 1,
    });
  });

  it('voids with a reason (managers and up), never a delivered order, and a paid-now sale goes with it', async () => {
    const unit = await unitId(t.deps.db, 'MB', 26);
    const paid = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: unit,
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Cash',
        tipCents: 100,
      }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().order;
    expect(order).toMatchObject({ paid: true, channel: 'staff', takenBy: expect.any(String) });
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('our_transaction_id', '=', `fnb-order-${order.id}`)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ total_cents: 700, tip_cents: 100, payment_method: 'Cash', fnb: 1 });
    expect((await post('staff', 'voidFnbOrder', { orderId: order.id, reason: 'changed mind' })).statusCode).toBe(403);
    const blank = await post('manager', 'voidFnbOrder', { orderId: order.id, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    const v = await post('manager', 'voidFnbOrder', { orderId: order.id, reason: 'changed mind' });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().order).toMatchObject({ status: 'voided', voidReason: 'changed mind' });
    expect((await post('manager', 'voidFnbOrder', { orderId: order.id, reason: 'again' })).statusCode).toBe(409);
    const gone = await t.deps.db
      .selectFrom('sales')
      .select('deleted_at')
      .where('id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(gone.deleted_at).not.toBeNull();
    expect((await get('staff', 'getFnbStation/bar')).json().orders.some((o: { id: number }) => o.id === order.id)).toBe(
      false,
    );
    expect((await post('staff', 'bumpFnbOrder', { orderId: order.id, station: 'bar' })).statusCode).toBe(409);
  });

  it('keeps the limits per unit in a parallel burst: exactly the open-order limit gets through', async () => {
    const unit = await sold('MB', 27);
    const token = await fnbToken(t.deps.db, unit);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        guest(token, buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }), `198.51.100.${i}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    const n = await t.deps.db.selectFrom('fnb_orders').select('id').where('position_id', '=', unit).execute();
    expect(n).toHaveLength(5);
  });

  it('records one order for the same client id sent twice at once', async () => {
    const unit = await sold('MB', 28);
    const token = await fnbToken(t.deps.db, unit);
    const body = buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 });
    const [a, b] = await Promise.all([guest(token, body), guest(token, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().order.id).toBe(b.json().order.id);
  });

  it('refuses malformed input, an unknown code and staff outside their locations', async () => {
    const unit = await sold('MB', 29);
    const token = await fnbToken(t.deps.db, unit);
    const bad = [
      { lines: [], totalCents: 0 },
      { lines: [{ itemId: beer, quantity: 0 }], totalCents: 0 },
      { lines: [{ itemId: 'x', quantity: 1 }], totalCents: 0 },
      { lines: [{ itemId: beer, quantity: 1, price: 1 }], totalCents: 600 },
      { lines: [{ itemId: beer, quantity: 1 }], totalCents: -1 },
    ];
    for (const b of bad) expect((await guest(token, buildGuestOrder(b as never))).statusCode).toBe(400);
    expect(
      (
        await guest(token, {
          ...buildGuestOrder({ lines: [{ itemId: beer, quantity: 1 }], totalCents: 600 }),
          payment: 'paid',
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/order/short' })).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/public/order/${'A'.repeat(22)}?lang=es` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details).toBe(es.errors.badToken);
    // "staff" is assigned the first location only: a Cabana Deck unit is not theirs.
    const cd = await unitId(t.deps.db, 'CD', 101);
    const other = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: cd,
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Cash',
      }),
    );
    expect(other.statusCode).toBe(403);
    const card = await post(
      'staff',
      'saveFnbOrder',
      buildStaffOrder({
        unitId: unit,
        lines: [{ itemId: beer, quantity: 1 }],
        totalCents: 600,
        payment: 'paid',
        paymentMethod: 'Credit Card',
      }),
    );
    expect(card.statusCode).toBe(400);
  });
});
