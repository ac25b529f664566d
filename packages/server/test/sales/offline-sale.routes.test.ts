import { offlineTexts, unseatedCell } from '@sandbar/contract/offline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { readState } from '../../src/features/units/unit-state.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from './factories';

// Sales queued on a tablet during a Wi-Fi drop (issue 13): they belong to the day they were taken
// (up to 24 h), a replay records them once, and a unit sold meanwhile keeps the money: the
// customer waits unseated in "Needs attention" until seated on a free unit.
const HOUR = 60 * 60_000;
const NEXT_DAY = '2026-07-05';

describe(`offline sales on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let umbrella: number;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const salesOf = (txId: string) =>
    t.deps.db.selectFrom('sales').selectAll().where('our_transaction_id', '=', txId).execute();

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  it('a sale taken before midnight and synced the next morning belongs to the day it was taken', async () => {
    const unit = await unitId(t.deps.db, 'MB', 61);
    clock.set(MORNING + 23 * HOUR);
    const body = buildSale({ unitId: unit, selectedUnit: umbrella, takenAt: MORNING });
    const res = await post('staff', 'saveCustomer', body);
    expect(res.statusCode, res.body).toBe(200);
    const [sale] = await salesOf(body.customerData.ourTransactionId);
    expect(sale).toMatchObject({ day: DAY, total_cents: 3500 });
    expect(Number(sale!.created_at)).toBe(MORNING);
    expect((await readState(t.deps.db, unit, DAY, 'U')).status).toBe(2);
    expect((await readState(t.deps.db, unit, NEXT_DAY, 'U')).status).toBe(0);
    // Replayed (a dropped response, the queue sends again): one sale, the same answer.
    const again = await post('staff', 'saveCustomer', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ saleId: res.json().saleId, replayed: true });
    expect(await salesOf(body.customerData.ourTransactionId)).toHaveLength(1);
  });

  it('refuses a sale older than 24 hours with a clear message, and records nothing', async () => {
    const unit = await unitId(t.deps.db, 'MB', 62);
    clock.set(MORNING + 24 * HOUR + 60_000);
    const body = buildSale({ unitId: unit, selectedUnit: umbrella, takenAt: MORNING });
    const res = await post('staff', 'saveCustomer', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(offlineTexts.tooOld(`${DAY} 10:00`));
    expect(await salesOf(body.customerData.ourTransactionId)).toHaveLength(0);
  });

  it('refuses card and room charge offline, and a time ahead of the server', async () => {
    const unit = await unitId(t.deps.db, 'MB', 63);
    clock.set(MORNING + HOUR);
    const card = buildSale({
      unitId: unit,
      selectedUnit: umbrella,
      takenAt: MORNING,
      paymentMethod: 'Credit Card',
      transactionID: 'SIM-1',
    });
    const res = await post('staff', 'saveCustomer', card);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(offlineTexts.onlineOnly);
    const ahead = buildSale({ unitId: unit, selectedUnit: umbrella, takenAt: MORNING + 2 * HOUR });
    const r2 = await post('staff', 'saveCustomer', ahead);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().details).toBe(offlineTexts.inFuture);
  });

  it('a unit sold meanwhile: both sales stand, the offline customer waits in Needs attention until seated', async () => {
    const x = await unitId(t.deps.db, 'MB', 64);
    const y = await unitId(t.deps.db, 'MB', 65);
    clock.set(MORNING + 2 * HOUR);
    // Tablet B (admin) sells X online while tablet A (staff) is offline and sold X at 10:30.
    const online = await post(
      'admin',
      'saveCustomer',
      buildSale({ unitId: x, selectedUnit: umbrella, customerName: 'Bea Online' }),
    );
    expect(online.statusCode, online.body).toBe(200);
    const queued = buildSale({
      unitId: x,
      selectedUnit: umbrella,
      customerName: 'Ann Offline',
      takenAt: MORNING + HOUR / 2,
    });
    const res = await post('staff', 'saveCustomer', queued);
    expect(res.statusCode, res.body).toBe(200);
    const offlineCustomer = res.json().customerIds[0] as number;

    // X still shows B's customer; A's is recorded unseated.
    const state = await readState(t.deps.db, x, DAY, 'U');
    expect(state.customerId).toBe(online.json().customerIds[0]);
    const row = await t.deps.db
      .selectFrom('unit_customers')
      .selectAll()
      .where('id', '=', offlineCustomer)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('unseated');

    // Counted in A's drop-off: the money was taken.
    const report = (await get('staff', 'getDropoffReport')).json();
    expect(report.customers.some((c: { customerName: string }) => c.customerName === 'Ann Offline')).toBe(true);

    // Every tablet of the location sees who paid, how much, when, and the unit promised.
    for (const user of ['staff', 'admin']) {
      const list = await get(user, 'getNeedsAttention');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items).toEqual([
        expect.objectContaining({
          customerId: offlineCustomer,
          customerName: 'Ann Offline',
          paymentMethod: 'Cash',
          amount: '35.00',
          takenAt: MORNING + HOUR / 2,
          promisedUnitId: x,
          promisedUnit: 'MB 64',
          day: DAY,
        }),
      ]);
    }
    const itemId = (await get('staff', 'getNeedsAttention')).json().items[0].id as number;

    // Issue 23: the report row and Today's Customers say the customer waits unseated, by name,
    // rather than listing the unit twice as if sold twice.
    const statusOf = async (saleId: number) => {
      const r = (await get('admin', `getReport/allTransactions/${Math.floor(MORNING / 1000)}`)).json();
      const status = r.reportHeaders.indexOf('Status');
      return r.reportRows.find((row: unknown[]) => row.at(-1) === saleId)[status];
    };
    expect(await statusOf(res.json().saleId)).toBe(unseatedCell(['Ann Offline']));
    expect(await statusOf(res.json().saleId)).toBe('Unseated (offline conflict): Ann Offline');
    expect(await statusOf(online.json().saleId)).toBe('');
    const ann = (await get('staff', 'getDropoffReport'))
      .json()
      .customers.find((c: { customerName: string }) => c.customerName === 'Ann Offline');
    expect(ann).toMatchObject({ unseated: true, umbrellaNumber: 64 });

    // Seating on a taken unit is refused; on a free one it seats them and clears the item.
    const busy = await post('staff', 'seatUnseatedCustomer', { attentionId: itemId, unitId: x });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().details).toBe(offlineTexts.targetNotFree('MB 64'));
    const seat = await post('staff', 'seatUnseatedCustomer', { attentionId: itemId, unitId: y });
    expect(seat.statusCode, seat.body).toBe(200);
    expect(seat.json()).toMatchObject({ status: 1, unitId: y, customerId: offlineCustomer });
    const yState = await readState(t.deps.db, y, DAY, 'U');
    expect(yState).toMatchObject({ status: 2, customerId: offlineCustomer });
    expect((await get('admin', 'getNeedsAttention')).json().items).toEqual([]);
    const again = await post('admin', 'seatUnseatedCustomer', { attentionId: itemId, unitId: y });
    expect(again.statusCode).toBe(409);
    // Seated: the marks are gone, the row names the unit they sit at.
    expect(await statusOf(res.json().saleId)).toBe('');
    const seated = (await get('staff', 'getDropoffReport'))
      .json()
      .customers.find((c: { customerName: string }) => c.customerName === 'Ann Offline');
    expect(seated).toMatchObject({ unseated: false, umbrellaNumber: 65 });

    // Replaying the queued sale after all that changes nothing.
    const replay = await post('staff', 'saveCustomer', queued);
    expect(replay.json()).toMatchObject({ replayed: true, saleId: res.json().saleId });
  });

  it('Needs attention is per location and validated', async () => {
    expect((await get('staff', 'getNeedsAttention')).statusCode).toBe(200);
    expect((await post('staff', 'seatUnseatedCustomer', { attentionId: 'x', unitId: 1 })).statusCode).toBe(400);
    expect((await post('staff', 'seatUnseatedCustomer', { attentionId: 99999, unitId: 1 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/getNeedsAttention' })).statusCode).toBe(401);
  });
});
