import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 14, defect 6: search did not find 305-555-0122 or (305) 555-0122. Phones are saved as
// digits and searched by digits.
describe(`phone search on ${testDialect}`, () => {
  let t: TestApp;
  let unit: number;
  let legacy: number;
  const search = async (term: string) =>
    (
      await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getUnits?searchTerm=${encodeURIComponent(term)}` })
    ).json().search.unitIds as number[];

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    unit = await unitId(t.deps.db, 'MB', 30);
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const res = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: unit, selectedUnit: umbrella, customerPhone: '(305) 555-0122' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // A number saved before normalisation, with dots.
    legacy = await unitId(t.deps.db, 'MB', 31);
    const second = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: legacy, selectedUnit: umbrella, customerPhone: '3055550177' }),
    });
    expect(second.statusCode, second.body).toBe(200);
    await t.deps.db
      .updateTable('unit_customers')
      .set({ receipt_phone: '305.555.0177' })
      .where('position_id', '=', legacy)
      .where('day', '=', DAY)
      .execute();
  });
  afterAll(async () => t.close());

  it('saves the phone as digits', async () => {
    const c = await t.deps.db
      .selectFrom('unit_customers')
      .select('receipt_phone')
      .where('position_id', '=', unit)
      .executeTakeFirstOrThrow();
    expect(c.receipt_phone).toBe('3055550122');
    const s = await t.deps.db
      .selectFrom('sales')
      .select('customer_phone')
      .where('customer_name', '=', 'Pat Guest')
      .execute();
    expect(s.map((r) => r.customer_phone)).toContain('3055550122');
  });

  it('finds a customer by any way of typing the number', async () => {
    for (const term of ['305-555-0122', '(305) 555-0122', '305 555 0122', '3055550122', '555-0122'])
      expect(await search(term), term).toEqual([unit]);
    expect(await search('305-555-0177')).toEqual([legacy]);
    expect(await search('(305) 555')).toEqual(expect.arrayContaining([unit, legacy]));
    // Short numbers are unit numbers, not phone fragments.
    expect(await search('30')).toEqual([unit]);
  });
});
