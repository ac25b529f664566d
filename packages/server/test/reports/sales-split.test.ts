import { reportIn } from '@sandbar/contract/i18n';
import { ReportData } from '@sandbar/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportHtml, reportText } from '../../src/features/reports/report-render';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';
import { buildStaffOrder, fnbItemId } from '../fnb/factories';

// Issue 35 point 8: the daily sales reports show rentals and F&B apart and together (ReportData.split).
describe(`the daily sales reports split rentals and F&B on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const TS = Math.floor(MORNING / 1000);
  const post = (url: string, payload: object) => injectAs(t.app, 'staff', { method: 'POST', url: `/api/${url}`, payload });
  const report = async (type: string) => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getReport/${type}/${TS}` });
    expect(res.statusCode, res.body).toBe(200);
    return ReportData.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const unit = await unitId(t.deps.db, 'MB', 41);
    const sale = await post(
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs') }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    const beer = await fnbItemId(t.deps.db, 'Beer');
    const o = await post(
      'saveFnbOrder',
      buildStaffOrder({
        unitId: await unitId(t.deps.db, 'MB', 42),
        lines: [{ itemId: beer, quantity: 3 }],
        totalCents: 1800,
        payment: 'paid',
        paymentMethod: 'Cash',
        tipCents: 200,
      }),
    );
    expect(o.statusCode, o.body).toBe(200);
  });
  afterAll(async () => t.close());

  const rows = [
    ['Rentals', 1, '35.00', '0.00', '35.00'],
    ['F&B', 1, '18.00', '2.00', '20.00'],
    ['Total', 2, '53.00', '2.00', '55.00'],
  ];

  it('under sales, salesLocation, salesAgent and hourlySales: rentals, F&B and the total', async () => {
    for (const type of ['sales', 'salesLocation', 'salesAgent', 'hourlySales']) {
      const r = await report(type);
      expect(r.split, type).toEqual({ headers: ['Kind', 'Sales', 'Price', 'Tip', 'Total'], rows });
    }
    // The report's own rows still count both kinds together.
    expect((await report('sales')).reportFooter.at(-1)).toEqual(['Total (2)', '', '', '', '', '', '53.00', '2.00', '55.00']);
    // Not on the reports that are not sales totals.
    expect((await report('move')).split).toBeUndefined();
  });

  it('a deleted F&B sale leaves the F&B line', async () => {
    const id = (
      await t.deps.db.selectFrom('sales').select('id').where('fnb', '=', 1).executeTakeFirstOrThrow()
    ).id;
    const del = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteTransaction',
      payload: { deleteId: id, reportTime: TS, reportType: 'sales', reason: 'test' },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await report('sales')).split!.rows[1]).toEqual(['F&B', 0, '0.00', '0.00', '0.00']);
    await t.deps.db.updateTable('sales').set({ deleted_at: null }).where('id', '=', id).execute();
  });

  it('in the e-mail (HTML and text, in Spanish too)', async () => {
    const r = await report('sales');
    expect(reportText(r)).toContain('F&B | 1 | $18.00 | $2.00 | $20.00');
    expect(reportHtml(r)).toContain('<td>Rentals</td>');
    const es = reportIn(r, 'es');
    expect(es.split!.headers[0]).toBe('Tipo');
    expect(reportText(es)).toContain('Comida y bebida | 1');
  });
});
