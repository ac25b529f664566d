import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { connectPostgres } from '../../src/db/connect';
import { loadEnv } from '../../src/env';
import { runDailyReportIfDue } from '../../src/features/reports/report-email.service';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// 2026-07-04 10:00 New York (MORNING); the report hour is set per test.
const NY_HOUR = (h: number) => Date.UTC(2026, 6, 4, h + 4, 5);

describe(`daily report e-mails on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  const reports = () =>
    t.deps.db.selectFrom('outbox').selectAll().where('purpose', '=', 'report').orderBy('id').execute();
  const as = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(t.app, user, { method, url: `/api/${url}`, payload });

  it('mails each configured report to its subscribers and each hotel its RoomCharge report, once a day', async () => {
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const sale = await as(
      'staff',
      'POST',
      'saveCustomer',
      buildSale({ unitId: await unitId(t.deps.db, 'MB', 5), selectedUnit: umbrella }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    await as('admin', 'POST', 'saveConfigSettings', {
      reportEmailTime: '18',
      reportEmailSubject: '{venueName} report {date}',
      reportEmailMessage: '<p>Total today: {total}</p>',
    });
    const saved = await as('admin', 'POST', 'saveEmailAddresses', {
      reportType: 'sales',
      emailAddresses: 'boss@beach.test, Books@Beach.test',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const hotels = await t.deps.db.selectFrom('hotels').select(['name', 'contact_email']).execute();
    const contacts = hotels.filter((h) => h.contact_email.trim()).length;
    expect(contacts).toBeGreaterThan(0);

    clock.set(NY_HOUR(17));
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBe(0);
    clock.set(NY_HOUR(18));
    const queued = await runDailyReportIfDue(t.deps.db, clock);
    expect(queued).toBeGreaterThanOrEqual(2 + contacts);
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBe(0); // once a day
    const sent = await reports();
    expect(sent).toHaveLength(queued);
    const sales = sent.filter((m) => m.subject?.endsWith('Sales 2026-07-04'));
    expect(sales.map((m) => m.recipient)).toEqual(['boss@beach.test', 'books@beach.test']);
    expect(sales[0]).toMatchObject({
      channel: 'email',
      subject: 'Sandbar Beach Club report 2026-07-04: Sales 2026-07-04',
    });
    expect(sales[0]!.html).toContain('<p>Total today: $35.00</p>');
    expect(sales[0]!.html).toContain('<th>Total (1)</th>');
    // Amounts as money, as on the screen (contract rules/money): the CSV alone keeps raw numbers.
    expect(sales[0]!.body).toContain('Casey Staff | Cash | $35.00 | $0.00 | $35.00');
    expect(sales[0]!.html).toContain('<td>$35.00</td>');
    const hyatt = hotels.find((h) => h.name === 'Hyatt')!;
    const hyattMail = sent.filter((m) => m.subject?.includes('Hyatt Room Charges'));
    expect(hyattMail.map((m) => m.recipient)).toEqual([hyatt.contact_email.split(/[\s,;]+/)[0]!.toLowerCase()]);
  });

  it('follows a changed hour without a restart', async () => {
    await as('admin', 'POST', 'saveConfigSettings', { reportEmailTime: '07' });
    clock.set(Date.UTC(2026, 6, 5, 11, 0)); // 07:00 New York on the 5th
    expect(await runDailyReportIfDue(t.deps.db, clock)).toBeGreaterThan(0);
    expect((await reports()).at(-1)!.subject).toContain('2026-07-05');
  });

  it('sends the editor’s images with absolute addresses (SANDBAR_PUBLIC_URL)', async () => {
    clock.set(NY_HOUR(18)); // while the admin's session is fresh
    const saved = await as('admin', 'POST', 'saveConfigSettings', {
      reportEmailMessage: '<p><img src="/api/uploads/logo.png"></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set(Date.UTC(2026, 6, 6, 11, 0));
    expect(await runDailyReportIfDue(t.deps.db, clock, 'https://beach.test')).toBeGreaterThan(0);
    expect((await reports()).at(-1)!.html).toContain('src="https://beach.test/api/uploads/logo.png"');
  });

  it.runIf(testDialect === 'postgres')('sends once with two instances on one PostgreSQL database', async () => {
    const second = connectPostgres(t.testDb.url!, 5);
    const other = await buildApp({
      database: second,
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      clock,
      logger: false,
      webDist: null,
    });
    try {
      const before = (await reports()).length;
      clock.set(Date.UTC(2026, 6, 7, 11, 0));
      const results = await Promise.all([
        runDailyReportIfDue(t.deps.db, clock),
        runDailyReportIfDue(other.deps.db, clock),
        runDailyReportIfDue(t.deps.db, clock),
        runDailyReportIfDue(other.deps.db, clock),
      ]);
      expect(results.filter((n) => n > 0)).toHaveLength(1);
      expect((await reports()).length - before).toBe(results.reduce((a, b) => a + b, 0));
    } finally {
      await other.close();
      await second.close();
    }
  });
});
