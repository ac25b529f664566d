import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDuePostings, enqueueMissing, folioLines } from '../../src/features/pms/postings.service';
import { fixedClock } from '../../src/platform/clock';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';
import { type OhipFake, startOhipFake } from '../fixtures/ohip/ohip-fake';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';
import { buildStaffOrder, fnbItemId } from '../fnb/factories';
import { type PmsVenue, connectPmsHotels } from './pms-kit';

// Issue 35 × 34: food and drink charged to the room posts under the hotel's F&B code (the
// mapping's 'fnb'), not the umbrella's; a hotel without an F&B code keeps the umbrella's.
describe(`F&B room charges post under the F&B code on ${testDialect}`, () => {
  let t: TestApp;
  let mews: MewsFake;
  let ohip: OhipFake;
  let v: PmsVenue;
  let beer: number;
  const clock = fixedClock(MORNING);
  const post = (url: string, payload: object) =>
    injectAs(t.app, 'staff', { method: 'POST', url: `/api/${url}`, payload });

  beforeAll(async () => {
    mews = await startMewsFake();
    ohip = await startOhipFake();
    t = await buildTestApp({ clock, env: { SANDBAR_SECRET_KEY: 'ab'.repeat(32) } });
    v = await connectPmsHotels(t.deps, mews, ohip);
    beer = await fnbItemId(t.deps.db, 'Beer');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await mews.close();
    await ohip.close();
  });

  /** Two beers to the room of Ana Smith (305) at a hotel, delivered (the sale is written then), posted. */
  async function roomOrder(unit: number, hotelId: number) {
    const o = await post(
      'saveFnbOrder',
      buildStaffOrder({
        unitId: await unitId(t.deps.db, 'MB', unit),
        lines: [{ itemId: beer, quantity: 2 }],
        totalCents: 1200,
        payment: 'room',
        hotelId,
        roomNumber: '305',
        lastName: 'Smith',
      }),
    );
    expect(o.statusCode, o.body).toBe(200);
    const orderId = o.json().order.id;
    for (const _ of [1, 2]) expect((await post('bumpFnbOrder', { orderId, station: 'bar' })).statusCode).toBe(200);
    const d = await post('moveFnbOrder', { orderId, status: 'delivered' });
    expect(d.statusCode, d.body).toBe(200);
    await enqueueMissing(t.deps);
    await deliverDuePostings(t.deps);
  }

  it('on Mews (accounting category) and OPERA (transaction code)', async () => {
    // pms-kit maps F&B to 'ac-fnb' (Mews) and '2040' (OPERA), the umbrella to 'ac-umbrella' and '2010'.
    await roomOrder(41, v.hotels.Hyatt!);
    expect(mews.items.map((i) => [i.AccountingCategoryId, Math.round(i.Amount * 100)])).toEqual([['ac-fnb', 1200]]);
    await roomOrder(42, v.hotels.Wyndham!);
    expect(ohip.postings.map((p) => [p.transactionCode, Math.round(p.amount * 100)])).toEqual([['2040', 1200]]);
  });

  it("keeps the umbrella's code where the hotel has no F&B code", () => {
    const lines = folioLines(
      [
        { kind: 'fnb', name: '2 × Beer', charged_cents: 1200, unit_type: null },
        { kind: 'unit', name: 'Umbrella', charged_cents: 3500, unit_type: 'Umbrella' },
      ],
      { tip_cents: 0, extra_cents: 0, total_cents: 4700 },
      { umbrella: 'U', cabana: 'C', addon: 'A', fnb: '', tip: 'T' },
    );
    expect(lines.map((l) => [l.item, l.code, l.cents])).toEqual([
      ['fnb', 'U', 1200],
      ['umbrella', 'U', 3500],
    ]);
  });
});
