import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

const TOKEN = 'metrics-token-0123456789';

/** Issue 27: GET /metrics in Prometheus format, off by default, behind a token when on. */
describe(`metrics on ${testDialect}`, () => {
  let t: TestApp;
  let off: TestApp;
  const scrape = async (token = TOKEN) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  /** The value of one sample line, e.g. `sandbar_sales_total{outcome="ok"}`. */
  const sample = (text: string, name: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING), env: { SANDBAR_METRICS_TOKEN: TOKEN } });
    off = await buildTestApp({ seed: 'none' });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('is off without SANDBAR_METRICS_TOKEN, and refuses a missing or wrong token', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sandbar_');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await scrape('metrics-token-0123456788');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(wrong.body).not.toContain('sandbar_');
    // A session token is not the metrics token.
    expect((await scrape(await loginAs(t.app, 'admin'))).statusCode).toBe(401);
  });

  it('counts requests by route, sales by outcome, the outbox and live streams', async () => {
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const sale = buildSale({ unitId: await unitId(t.deps.db, 'MB', 7), selectedUnit: umbrella });
    const post = (body: object) =>
      injectAs(t.app, 'staff', { method: 'POST', url: '/api/saveCustomer', payload: body });
    expect((await post(sale)).statusCode).toBe(200);
    expect((await post(sale)).json().replayed).toBe(true);
    expect((await post({ customerData: {} })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });

    // A live-board stream, open over a real socket while the scrape runs.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await loginAs(t.app, 'staff');
    const stream = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/events?token=${token}`, { signal: stream.signal });
    const reader = res.body!.getReader();
    await reader.read();

    const m = await scrape();
    stream.abort();
    await reader.cancel().catch(() => undefined);
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = m.body;
    expect(
      sample(text, 'sandbar_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBe(3);
    expect(text).toContain('sandbar_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"');
    expect(sample(text, 'sandbar_sales_total{outcome="ok"}')).toBe(1);
    expect(sample(text, 'sandbar_sales_total{outcome="replayed"}')).toBe(1);
    expect(sample(text, 'sandbar_sales_total{outcome="refused"}')).toBe(1);
    expect(sample(text, 'sandbar_sales_total{outcome="error"}')).toBe(0);
    // The sale queued its text receipt (no SMS gateway here, and no worker in tests).
    expect(sample(text, 'sandbar_outbox_messages{status="queued"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sandbar_outbox_messages{status="failed"}')).toBe(0);
    expect(sample(text, 'sandbar_live_streams')).toBe(1);
    expect(text).toContain('sandbar_process_cpu_seconds_total');
    if (testDialect === 'postgres') {
      expect(sample(text, 'sandbar_db_pool_connections{state="max"}')).toBe(10);
      expect(sample(text, 'sandbar_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('sandbar_db_pool_connections');
    }
    // Unknown paths are one label, not one series each.
    await t.app.inject({ method: 'GET', url: '/api/no-such-call-123' });
    const after = (await scrape()).body;
    expect(after).toContain('route="unmatched"');
    expect(after).not.toContain('no-such-call-123');
    expect(after).not.toContain('route="/metrics"');
  });

  it('counts scheduler runs reported by the composition root', async () => {
    t.app.metrics.schedulerRun('nightly-backup', 'ok', 0.2);
    t.app.metrics.schedulerRun('nightly-backup', 'failed', 0.1);
    const text = (await scrape()).body;
    expect(sample(text, 'sandbar_scheduler_runs_total{job="nightly-backup",outcome="ok"}')).toBe(1);
    expect(sample(text, 'sandbar_scheduler_runs_total{job="nightly-backup",outcome="failed"}')).toBe(1);
  });
});
