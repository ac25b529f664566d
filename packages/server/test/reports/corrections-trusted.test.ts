import { DropoffReport } from '@sandbar/contract/sales';
import { ReportData, TransactionDetail } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { type FixtureIds, TS, at, fixtureClock, sellFixtureDay } from './fixture-day';

// Issue 26: corrections an attendant can trust. A correction of a cash sale never moves the cash
// on hand silently (the drawer still holds what was taken): it shows on the agent's Notes/Drops
// as a marked line and a difference to settle. And each correction is one atomic step: parallel
// deletes of one sale apply once, a delete racing a restore leaves totals, tile and drop-off agreeing.
describe(`corrections an attendant can trust on ${testDialect}`, () => {
  let t: TestApp;
  let ids: FixtureIds;
  const clock = fixtureClock();
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const post = (user: string, url: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload });
  const dropoff = async (user: string) => DropoffReport.parse((await get(user, 'getDropoffReport')).json());
  const detail = async (id: number) =>
    TransactionDetail.parse((await post('admin', 'lookupTransaction', { viewTransactionId: id })).json());
  const salesTotal = async () => {
    const r = ReportData.parse((await get('admin', `getReport/sales/${TS}`)).json());
    return r.reportFooter.at(-1)![r.reportHeaders.indexOf('Total')];
  };
  const tile = async (n: number) =>
    (await get('admin', `getUnits/${TS}`))
      .json()
      .locations[0].units.flat()
      .find((u: { unitNumber: number }) => u.unitNumber === n);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    ids = await sellFixtureDay(t, clock, { corrections: false });
    clock.set(at(14, 0));
  });
  afterAll(async () => t.close());

  it("a price correction of a cash sale keeps the cash on hand and shows on the agent's Notes/Drops", async () => {
    const before = await dropoff('staff');
    expect(before.overview).toMatchObject({ cashTotal: '105.00', cashOnHand: '105.00', cashCorrections: '0.00' });
    const r = await post('admin', 'saveTransaction', {
      price: '30.00',
      transactionId: ids.A,
      reason: 'Regular customer discount',
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = await dropoff('staff');
    // The drawer still holds the $35 taken: cash on hand does not move; the $5 is a difference to settle.
    expect(after.overview).toMatchObject({ cashTotal: '100.00', cashOnHand: '105.00', cashCorrections: '-5.00' });
    expect(after.corrections).toEqual([
      expect.objectContaining({
        saleId: ids.A,
        kind: 'price',
        before: '$35.00',
        after: '$30.00',
        who: 'Alex Admin',
        reason: 'Regular customer discount',
        paymentMethod: 'Cash',
        difference: '-5.00',
      }),
    ]);
    // The sale's notes say so too (View Transaction Details), and the other agents see nothing.
    const d = await detail(ids.A);
    expect(d.price).toBe('30.00');
    expect(d.notes).toContain('Price corrected $35.00 → $30.00 by Alex Admin: Regular customer discount');
    expect((await dropoff('supervisor')).corrections).toEqual([]);
    // The receipt shows the corrected price.
    const receiptId = (
      await t.deps.db.selectFrom('sales').select('receipt_id').where('id', '=', ids.A).executeTakeFirstOrThrow()
    ).receipt_id;
    const receipt = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getReceipt/${receiptId}` })).json();
    expect(receipt.orderInfo).toMatchObject({ Price: '30.00', Total: '30.00' });
  });

  it('a deleted cash sale: the tile reads Deleted with its amount, the drawer keeps its cash, a restore settles it', async () => {
    const r = await post('admin', 'deleteTransaction', { deleteId: ids.A, reason: 'Entered on the wrong unit' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await tile(8)).toMatchObject({ totalPrice: '30.00', saleDeleted: true });
    const o = (await dropoff('staff')).overview;
    expect(o).toMatchObject({ cashTotal: '70.00', cashOnHand: '105.00', cashCorrections: '-35.00' });
    const back = await post('admin', 'restoreTransaction', { transactionId: ids.A, reason: 'It was right' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await dropoff('staff')).overview).toMatchObject({ cashOnHand: '105.00', cashCorrections: '-5.00' });
    const lines = (await dropoff('staff')).corrections.map((c) => [c.kind, c.reason, c.difference]);
    expect(lines).toEqual([
      ['price', 'Regular customer discount', '-5.00'],
      ['delete', 'Entered on the wrong unit', '-30.00'],
      ['restore', 'It was right', '30.00'],
    ]);
  });

  it('parallel deletes of one sale apply once, round after round', async () => {
    for (let round = 0; round < 8; round++) {
      const results = await Promise.all(
        [1, 2, 3].map(() => post('admin', 'deleteTransaction', { deleteId: ids.D, reason: `round ${round}` })),
      );
      expect(results.map((x) => x.statusCode)).toEqual([200, 200, 200]);
      expect(results.reduce((n, x) => n + x.json().count, 0)).toBe(1);
      const history = (await detail(ids.D)).history;
      expect(history.filter((h) => h.kind === 'delete')).toHaveLength(round + 1);
      expect((await post('admin', 'restoreTransaction', { transactionId: ids.D })).statusCode).toBe(200);
    }
  });

  it('a delete racing a restore leaves totals, tile and drop-off agreeing', async () => {
    const counted = await salesTotal();
    for (let round = 0; round < 8; round++) {
      await post('admin', 'deleteTransaction', { deleteId: ids.D });
      const results = await Promise.all([
        post('admin', 'deleteTransaction', { deleteId: ids.D }),
        post('admin', 'restoreTransaction', { transactionId: ids.D }),
        post('admin', 'deleteTransaction', { deleteId: ids.D }),
      ]);
      for (const x of results) expect([200, 400]).toContain(x.statusCode);
      const d = await detail(ids.D);
      const unit = await tile(4);
      const sup = await dropoff('supervisor');
      // The voucher sale is $35 whatever happened; the tile always shows it, marked when deleted.
      expect(unit.totalPrice).toBe('35.00');
      expect(Boolean(unit.saleDeleted)).toBe(d.deleted);
      expect(sup.overview.voucherTotal).toBe(d.deleted ? '0.00' : '35.00');
      expect(Number(await salesTotal())).toBe(Number(counted) - (d.deleted ? 35 : 0));
      // The history alternates: never two deletes (or two restores) in a row.
      const kinds = d.history.filter((h) => h.kind === 'delete' || h.kind === 'restore').map((h) => h.kind);
      for (let i = 1; i < kinds.length; i++) expect(kinds[i]).not.toBe(kinds[i - 1]);
      if (d.deleted) await post('admin', 'restoreTransaction', { transactionId: ids.D });
    }
    expect(await salesTotal()).toBe(counted);
  });

  it("a supervisor e-mailing a report is told it is an admin's tool, not about corrections", async () => {
    const r = await get('supervisor', `sendEmailReport/salesAgent/${TS}`);
    expect(r.statusCode).toBe(403);
    expect(r.json().details).toBe('Only admins e-mail reports and manage their subscribers.');
  });
});
