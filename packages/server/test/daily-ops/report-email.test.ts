import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyReportIfDue } from '../../src/features/settings/report-email.service';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// 2026-07-04 10:00 New York (MORNING); the report hour is set per test.
const NY_HOUR = (h: number) => Date.UTC(2026, 6, 4, h + 4, 5);

describe(`daily report e-mail on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  const reports = () =>
    t.deps.db.selectFrom('outbox').selectAll().where('purpose', '=', 'report').orderBy('id').execute();

  it('queues the summary to admins once, at the venue hour from the settings', async () => {
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const sale = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: await unitId(t.deps.db, 'MB', 5), selectedUnit: umbrella }),
    });
    expect(sale.statusCode, sale.body).toBe(200);
    await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: {
        reportEmailTime: '18',
        reportEmailSubject: '{venueName} report {date}',
        reportEmailMessage: '<p>Total today: {total}</p>',
      },
    });

    clock.set(NY_HOUR(17));
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBe(0);
    clock.set(NY_HOUR(18));
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBe(2); // admin and owner
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBe(0); // once a day
    const sent = await reports();
    expect(sent.map((m) => m.recipient)).toEqual(['admin@sandbar.test', 'owner@sandbar.test']);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'Sandbar Beach Club report 2026-07-04' });
    expect(sent[0]!.html).toContain('<p>Total today: $35.00</p>');
    expect(sent[0]!.html).toContain('<td>Cash</td><td>1</td><td>$35.00</td>');
    expect(sent[0]!.body).toContain('Cash: 1 sale(s), $35.00');
  });

  it('follows a changed hour without a restart', async () => {
    await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { reportEmailTime: '07' },
    });
    clock.set(Date.UTC(2026, 6, 5, 11, 0)); // 07:00 New York on the 5th
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBe(2);
    expect((await reports()).at(-1)!.subject).toContain('2026-07-05');
  });

  it('sends the editor’s images with absolute addresses (SANDBAR_PUBLIC_URL)', async () => {
    clock.set(NY_HOUR(18)); // while the admin's session is fresh
    const saved = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { reportEmailMessage: '<p><img src="/api/uploads/logo.png"></p>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set(Date.UTC(2026, 6, 6, 11, 0));
    expect(await runDailyReportIfDue(t.deps.db, clock, 'https://beach.test')).toBe(2);
    expect((await reports()).at(-1)!.html).toContain('src="https://beach.test/api/uploads/logo.png"');
  });
});
