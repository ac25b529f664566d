import { defaultSettings, settingsTexts } from '@sandbar/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/features/settings/settings.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

describe(`config settings calls on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const saveSettings = (payload: object, user = 'admin') =>
    injectAs(t.app, user, { method: 'POST', url: '/api/saveConfigSettings', payload });

  it('reads the nine config fields and the venue fields', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getConfigSettings' });
    expect(res.statusCode).toBe(200);
    // The demo venue may override some defaults (e.g. the simulated reader); every key is there.
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(defaultSettings).sort());
    expect(res.json()).toEqual(await readSettings(t.deps.db));
    expect(res.json()).toMatchObject({ venueName: defaultSettings.venueName, reportEmailTime: '19' });
  });

  it('saves every field and answers the message the screen toasts; readSettings sees it at once', async () => {
    const all = {
      fromName: 'Sunny Sands',
      fromEmail: 'hello@sunny.test',
      paymentSubject: 'Your payment',
      reportEmailTime: '07',
      reportEmailSubject: 'Daily numbers',
      reportEmailMessage: '<p>Hi <strong>team</strong></p><p><img src="https://x.test/a.png" alt="logo" /></p>',
      receiptTextMessage: 'Thanks {customerName}! {total} at {venueName}: {receiptUrl}',
      receiptEmailSubject: 'Receipt {date}',
      receiptEmailBody: '<p>Thanks from {venueName}</p>',
      venueName: 'Sunny Sands',
      venueAddress: '2 Beach Rd',
      supportEmail: 'help@sunny.test',
      timeZone: 'Europe/Lisbon',
      seasonStart: '2026-04-01',
      seasonEnd: '2026-10-31',
      simulatedReader: '1',
      // Issue 12: the venue's language and the Spanish templates.
      venueLanguage: 'es',
      // Issue 32: phones typed without a country code are read in the venue's country.
      venueCountry: 'PT',
      receiptTextMessageEs: '¡Gracias {customerName}! {total} en {venueName}: {receiptUrl}',
      receiptEmailSubjectEs: 'Recibo {date}',
      receiptEmailBodyEs: '<p>Gracias de {venueName}</p>',
      reportEmailSubjectEs: 'Cifras del día',
      reportEmailMessageEs: '<p>Hola <strong>equipo</strong></p>',
      // Issue 27: the nightly backup of a SQLite venue.
      backupNightly: '1',
      backupKeep: '30',
      // Issue 24: the venue's booking rules.
      bookingWindowDays: '30',
      bookingMaxUnits: '4',
      bookingReleaseTime: '10:30, CD=12:00',
      bookingAfternoonReleaseTime: '15:30, CD=16:00',
      bookingSplitHour: '13',
      bookingOnlineLocations: 'MB',
      bookingOnlineRows: 'MB=1 2',
      bookingNeedsConfirmation: '1',
      bookingCancelCutoffHours: '48',
      bookingCancelPolicy: 'Cancel two days ahead for a refund.',
      bookingCancelPolicyEs: 'Cancela con dos días de antelación para recibir el reembolso.',
      bookingOfferMinutes: '20',
      // Issue 33: what an online booking pays.
      bookingPayment: 'deposit',
      bookingDeposit: '25%',
      bookingPaymentMinutes: '20',
      bookingRefundPercent: '50',
      paymentCurrency: 'EUR',
    };
    const res = await saveSettings(all);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 1, details: settingsTexts.saved });
    expect(await readSettings(t.deps.db)).toEqual(all);
    const get = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getConfigSettings' });
    expect(get.json()).toEqual(all);
  });

  it('refuses a nightly backup count outside 1–365 in words', async () => {
    for (const backupKeep of ['0', '366', 'ten', -1]) {
      const res = await saveSettings({ backupKeep });
      expect(res.statusCode, String(backupKeep)).toBe(400);
      expect(res.json().details).toBe(settingsTexts.backupKeep);
    }
    expect((await saveSettings({ backupKeep: 7, backupNightly: false })).statusCode).toBe(200);
    expect(await readSettings(t.deps.db)).toMatchObject({ backupKeep: '7', backupNightly: '0' });
  });

  it('accepts the spec body (the nine fields only) and keeps the others', async () => {
    const before = await readSettings(t.deps.db);
    const res = await saveSettings({ receiptTextMessage: 'New text {receiptUrl}', reportEmailTime: 9 });
    expect(res.statusCode).toBe(200);
    const after = await readSettings(t.deps.db);
    expect(after).toEqual({ ...before, receiptTextMessage: 'New text {receiptUrl}', reportEmailTime: '09' });
  });

  it('takes only an e-mail address (or nothing) as the support and sender addresses', async () => {
    const before = await readSettings(t.deps.db);
    for (const bad of [
      'javascript:alert(1)',
      'javascript:alert(1)//@x.test',
      'mailto:a@b.test',
      '<a@b.test>',
      'a @b.test',
    ]) {
      for (const field of ['supportEmail', 'fromEmail']) {
        const res = await saveSettings({ [field]: bad });
        expect(res.statusCode, `${field} ${bad}`).toBe(400);
      }
    }
    expect(await readSettings(t.deps.db)).toEqual(before);
    expect((await saveSettings({ supportEmail: '' })).statusCode).toBe(200);
    expect((await saveSettings({ supportEmail: before.supportEmail })).statusCode).toBe(200);
  });

  it('sanitises the rich text on the server', async () => {
    const res = await saveSettings({
      reportEmailMessage:
        '<p onclick="x()">Hello<script>alert(1)</script></p><img src="javascript:alert(1)"><a href="https://ok.test" onmouseover="y">ok</a><iframe src="https://evil.test"></iframe>',
      receiptEmailBody: '<p style="color:#ff0000;position:fixed">Red</p><style>p{}</style>',
    });
    expect(res.statusCode).toBe(200);
    const s = await readSettings(t.deps.db);
    expect(s.reportEmailMessage).toBe('<p>Hello</p><img /><a href="https://ok.test">ok</a>');
    expect(s.receiptEmailBody).toBe('<p style="color:#ff0000">Red</p>');
  });

  it('checks the hour, the time zone, e-mails and the season', async () => {
    const hour = await saveSettings({ reportEmailTime: '7pm' });
    expect(hour.statusCode).toBe(400);
    expect(hour.json().details).toBe(settingsTexts.reportEmailTime);
    expect((await saveSettings({ reportEmailTime: '24' })).statusCode).toBe(400);
    const tz = await saveSettings({ timeZone: 'Mars/Olympus_Mons' });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().details).toBe(settingsTexts.timeZone);
    expect((await saveSettings({ timeZone: '' })).statusCode).toBe(400);
    expect((await saveSettings({ fromEmail: 'not-an-email' })).json().details).toBe(settingsTexts.email);
    expect((await saveSettings({ seasonStart: '2026-09-01', seasonEnd: '2026-08-01' })).json().details).toBe(
      settingsTexts.season,
    );
    // one end checked against the stored other end
    expect((await saveSettings({ seasonStart: '2027-01-01' })).json().details).toBe(settingsTexts.season);
    expect((await saveSettings({ simulatedReader: 'yes' })).statusCode).toBe(400);
    expect((await saveSettings([1, 2])).statusCode).toBe(400);
    expect((await readSettings(t.deps.db)).timeZone).toBe('Europe/Lisbon');
  });

  it.each(['supervisor', 'manager', 'staff'])('refuses %s with 403', async (user) => {
    expect((await injectAs(t.app, user, { method: 'GET', url: '/api/getConfigSettings' })).statusCode).toBe(403);
    expect((await saveSettings({ venueName: 'Hacked' }, user)).statusCode).toBe(403);
    expect((await saveSettings({ reportEmailTime: 'bad' }, user)).statusCode).toBe(403);
    expect((await readSettings(t.deps.db)).venueName).not.toBe('Hacked');
  });
});
