import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Acceptance (issue 6): settings saved on /config drive the next receipt without a restart.
describe(`settings drive the next receipt on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
  });
  afterAll(async () => t.close());

  const receipts = () =>
    t.deps.db.selectFrom('outbox').selectAll().where('purpose', '=', 'receipt').orderBy('id').execute();

  it('uses the receipt text and e-mail templates saved a moment before', async () => {
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const saved = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: {
        venueName: 'Sunny Sands',
        receiptTextMessage: 'Hi {customerName}, {total} at {venueName}: {receiptUrl}',
        receiptEmailSubject: 'Your {venueName} receipt',
        receiptEmailBody: '<p>Thanks {customerName}!</p><script>x()</script>',
      },
    });
    expect(saved.statusCode).toBe(200);

    const sms = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: await unitId(t.deps.db, 'MB', 3), selectedUnit: umbrella, customerName: 'Pat' }),
    });
    expect(sms.statusCode, sms.body).toBe(200);
    const [text] = await receipts();
    expect(text!.body).toMatch(/^Hi Pat, \$?35\.00 at Sunny Sands: http.*\/receipt\//);

    const mail = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({
        unitId: await unitId(t.deps.db, 'MB', 4),
        selectedUnit: umbrella,
        customerName: 'Lee',
        receiptType: 'email',
        customerEmail: 'lee@guest.test',
      }),
    });
    expect(mail.statusCode, mail.body).toBe(200);
    const email = (await receipts()).at(-1)!;
    expect(email).toMatchObject({ channel: 'email', recipient: 'lee@guest.test', subject: 'Your Sunny Sands receipt' });
    expect(email.html).toContain('<p>Thanks Lee!</p>');
    expect(email.html).not.toContain('script');
  });
});
