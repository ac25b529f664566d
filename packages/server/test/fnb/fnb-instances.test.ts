import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { connectPostgres } from '../../src/db/connect';
import { loadEnv } from '../../src/env';
import { fixedClock } from '../../src/platform/clock';
import type { BoardEvent } from '../../src/platform/events';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';
import { buildStaffOrder, fnbItemId } from './factories';

// Issue 35: an order taken on one instance reaches the station screens served by another
// (PostgreSQL NOTIFY on the board's channel), and that instance's station call lists it. The
// time from the order being sent to the other instance hearing its event is measured here (the
// stream's write to the tablet is the next step); the bench target is < 2 s p99.

describe.runIf(testDialect === 'postgres')('F&B across two instances on PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  const heard: { at: number; e: BoardEvent }[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    second = await buildApp({
      database: connectPostgres(t.testDb.url!, 4),
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      clock: fixedClock(MORNING),
      logger: false,
      webDist: null,
    });
    second.deps.events.subscribe((e) => heard.push({ at: performance.now(), e }));
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('hears every order of the other instance and lists it at the bar, the slowest well under 2 s', async () => {
    const beer = await fnbItemId(t.deps.db, 'Beer');
    await loginAs(second, 'staff');
    const waits: number[] = [];
    for (let i = 0; i < 40; i++) {
      const unit = await unitId(t.deps.db, 'MB', 1 + (i % 20));
      const from = heard.length;
      const sent = performance.now();
      const res = await injectAs(t.app, 'staff', {
        method: 'POST',
        url: '/api/saveFnbOrder',
        payload: buildStaffOrder({
          unitId: unit,
          lines: [{ itemId: beer, quantity: 1 }],
          totalCents: 600,
          payment: 'paid',
          paymentMethod: 'Cash',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const answered = performance.now();
      const deadline = answered + 2000;
      while (!heard.slice(from).some((h) => h.e.type === 'fnbOrder') && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 2));
      const h = heard.slice(from).find((x) => x.e.type === 'fnbOrder');
      expect(h, `order ${i} not heard within 2 s`).toBeDefined();
      waits.push(h!.at - sent);
    }
    waits.sort((a, b) => a - b);
    console.log(
      `fnb order sent → heard on the other instance: p50 ${waits[20]!.toFixed(1)} ms, max ${waits.at(-1)!.toFixed(1)} ms (40 orders)`,
    );
    expect(waits.at(-1)!).toBeLessThan(2000);
    const bar = await injectAs(second, 'staff', { method: 'GET', url: '/api/getFnbStation/bar' });
    expect(bar.json().orders).toHaveLength(40);
  });
});
