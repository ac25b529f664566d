import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type EventBus, memoryEventBus } from '../../src/platform/events';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

/** Issue 11, defect 9: a failed publish after the commit must not turn a recorded write into an error. */
describe(`publishing after commit on ${testDialect}`, () => {
  let t: TestApp;
  let failing = true;
  const inner = memoryEventBus();
  const flaky: EventBus = {
    ...inner,
    async publish(event) {
      if (failing) throw new Error('Connection terminated unexpectedly');
      return inner.publish(event);
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING), events: flaky });
  });
  afterAll(async () => t.close());

  it('answers 200 for a sale whose board event could not be published, and records it once', async () => {
    const body = buildSale({
      unitId: await unitId(t.deps.db, 'MB', 3),
      selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs'),
    });
    const res = await injectAs(t.app, 'staff', { method: 'POST', url: '/api/saveCustomer', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.deps.db
      .selectFrom('sales')
      .select('id')
      .where('our_transaction_id', '=', body.customerData.ourTransactionId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 200 for a unit action whose event could not be published', async () => {
    const unit = await unitId(t.deps.db, 'MB', 4);
    const res = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/markOccupied',
      payload: { unitData: { unitId: unit } },
    });
    expect(res.statusCode, res.body).toBe(200);
    failing = false;
  });
});
