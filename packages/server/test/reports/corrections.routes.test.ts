import { ReportData, TransactionDetail } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { type FixtureIds, TS, at, fixtureClock, sellFixtureDay } from './fixture-day';

describe(`report corrections on ${testDialect}`, () => {
  let t: TestApp;
  let ids: FixtureIds;
  const clock = fixtureClock();
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const post = async (user: string, url: string, payload: object, status = 200) => {
    const res = await injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(status);
    return res.json();
  };
  /** The report's grand total: the last footer row's Total column. */
  const total = async (type = 'sales') => {
    const r = ReportData.parse((await get('admin', `getReport/${type}/${TS}`)).json());
    return r.reportFooter.at(-1)![r.reportHeaders.indexOf('Total')];
  };
  const dropoffToday = async (user: string) => (await get(user, 'getDropoffReport')).json().overview.todayTotal;
  const detail = async (id: number) =>
    TransactionDetail.parse(await post('admin', 'lookupTransaction', { viewTransactionId: id }));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    ids = await sellFixtureDay(t, clock, { corrections: false });
  });
  afterAll(async () => t.close());

  it('deletes softly: the sale stops counting on reports, tiles and drop-off; an admin restores it', async () => {
    clock.set(at(14, 0));
    expect(await total()).toBe('248.00');
    expect(await dropoffToday('admin')).toBe('35.00'); // the drop-off screen keeps tips apart
    const del = await post('admin', 'deleteTransaction', {
      deleteId: ids.F,
      reportTime: TS,
      reportType: 'allTransactions',
      reason: 'sold twice',
    });
    expect(del).toMatchObject({ success: 1, count: 1 });
    expect(await total()).toBe('203.00');
    expect(await dropoffToday('admin')).toBe('0.00');
    const d = await detail(ids.F);
    expect(d).toMatchObject({
      deleted: true,
      deletedBy: 'Alex Admin',
      Tip_Amount: '10.00',
      doyFriendly: '2026-07-04 13:00',
    });
    expect(d.history).toEqual([
      {
        kind: 'delete',
        reason: 'sold twice',
        who: 'Alex Admin',
        at: at(14, 0),
        before: 'counted ($45.00)',
        after: 'deleted',
      },
    ]);
    // The sale's notes carry the correction too (View Transaction Details).
    expect(d.notes).toContain('Deleted counted ($45.00) → deleted by Alex Admin: sold twice');
    // The tile keeps the amount and says the sale was deleted (issue 26), instead of a bare "Paid".
    const units = (await get('admin', `getUnits/${TS}`)).json();
    const mb7 = units.locations[0].units.flat().find((u: { unitNumber: number }) => u.unitNumber === 7);
    expect(mb7).toMatchObject({ totalPrice: '35.00', saleDeleted: true });

    // Deleting again changes nothing; a restore puts it all back.
    expect(await post('admin', 'deleteMultiTransaction', { deleteIds: `${ids.F}` })).toMatchObject({ count: 0 });
    clock.set(at(14, 10));
    await post('admin', 'restoreTransaction', { transactionId: ids.F });
    expect(await total()).toBe('248.00');
    expect(await dropoffToday('admin')).toBe('35.00'); // the drop-off screen keeps tips apart
    const back = (await get('admin', `getUnits/${TS}`)).json();
    const mb7back = back.locations[0].units.flat().find((u: { unitNumber: number }) => u.unitNumber === 7);
    expect(mb7back.totalPrice).toBe('35.00');
    expect(mb7back.saleDeleted).toBeUndefined();
    expect((await detail(ids.F)).history.map((h) => h.kind)).toEqual(['delete', 'restore']);
    await post('admin', 'restoreTransaction', { transactionId: ids.F }, 400);
  });

  it('deletes several at once', async () => {
    await post('admin', 'deleteMultiTransaction', { deleteIds: `${ids.D},${ids.F}` });
    expect(await total()).toBe('168.00');
    await post('admin', 'restoreTransaction', { transactionId: ids.D });
    await post('admin', 'restoreTransaction', { transactionId: ids.F });
    expect(await total()).toBe('248.00');
  });

  it('edits a price (single-unit rows only) and the tile follows', async () => {
    await post('admin', 'saveTransaction', {
      price: '30.00',
      transactionId: ids.A,
      reportType: 'allTransactions',
      reportTime: TS,
    });
    expect(await total()).toBe('243.00');
    expect(await dropoffToday('staff')).toBe('135.00');
    const mb8 = (await get('admin', `getUnits/${TS}`))
      .json()
      .locations[0].units.flat()
      .find((u: { unitNumber: number }) => u.unitNumber === 8);
    expect(mb8.totalPrice).toBe('30.00');
    expect((await detail(ids.A)).history.at(-1)).toMatchObject({ kind: 'price', before: '$35.00', after: '$30.00' });
    // The cart (two units) is not editable, and bad amounts are 400.
    await post('admin', 'saveTransaction', { price: '10.00', transactionId: ids.E }, 400);
    await post('admin', 'saveTransaction', { price: 'abc', transactionId: ids.A }, 400);
    await post('admin', 'saveTransaction', { price: '10.00', transactionId: 999999 }, 404);
  });

  it('edits a tip (getTip, saveTip) and removes tips from the tip report without deleting the sale', async () => {
    expect(await post('admin', 'getTip', { transactionId: ids.B })).toEqual({
      transactionId: ids.B,
      Tip_Amount: '5.00',
      price: '35.00',
    });
    await post('admin', 'saveTip', { tip: '7.50', transactionId: ids.B });
    expect(await total()).toBe('245.50');
    expect((await detail(ids.B)).history.at(-1)).toMatchObject({ kind: 'tip', before: '$5.00', after: '$7.50' });
    const r = await post('admin', 'deleteTipMultiTransaction', { deleteIds: [ids.B, ids.C], reportTime: TS });
    expect(r).toMatchObject({ count: 2 });
    expect(await total()).toBe('235.00');
    expect(await total('tip')).toBe('45.00'); // F keeps its tip
    const sales = ReportData.parse((await get('admin', `getReport/sales/${TS}`)).json());
    expect(sales.reportRows).toHaveLength(6);
  });

  it('switches a room charge to another hotel', async () => {
    await post('admin', 'switchTransaction', { customerId: ids.C, reportType: 'wyndhamRoomCharge' });
    const wyndham = ReportData.parse((await get('admin', `getReport/wyndhamRoomCharge/${TS}`)).json());
    expect(wyndham.reportRows.map((r) => r.at(-1))).toEqual([ids.C]);
    const hyatt = ReportData.parse((await get('admin', `getReport/hyattRoomCharge/${TS}`)).json());
    expect(hyatt.reportRows).toEqual([]);
    expect((await detail(ids.C)).history.at(-1)).toMatchObject({ kind: 'switch', before: 'Hyatt', after: 'Wyndham' });
    await post('admin', 'switchTransaction', { customerId: ids.C, reportType: 'wyndhamRoomCharge' }, 400);
    await post('admin', 'switchTransaction', { customerId: ids.A, reportType: 'hyattRoomCharge' }, 400);
    await post('admin', 'switchTransaction', { customerId: ids.C, reportType: 'nowhereRoomCharge' }, 400);
  });
});
