import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// A booking taken on the phone gets what a guest booking on the page gets (issue 24 point 4): the
// text (or e-mail) with the units, the extras and a manage link the guest can view and cancel by.

const TOMORROW = '2026-07-05';

describe(`staff booking confirmation on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const post = (payload: object) => injectAs(t.app, 'staff', { method: 'POST', url: '/api/saveReservation', payload });
  const messages = () =>
    t.deps.db.selectFrom('outbox').selectAll().where('purpose', '=', 'booking').orderBy('id').execute();
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('texts the guest a manage link that views and cancels the booking', async () => {
    const unit = await unitId(t.deps.db, 'MB', 61);
    const res = await post({
      unitIds: [unit],
      days: [TOMORROW, '2026-07-06'],
      guestName: 'Pat Phonebooker',
      phone: '305 555 0612',
      channel: 'phone',
      sendConfirmation: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [msg, ...more] = await messages();
    expect(more).toEqual([]);
    expect(msg).toMatchObject({ channel: 'sms', recipient: '+13055550612' });
    expect(msg!.body).toContain('MB 61');
    const url = /https?:\/\/\S+\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(msg!.body);
    expect(url, msg!.body).not.toBeNull();
    const manage = (method: 'GET' | 'POST', tail = '') =>
      t.app.inject({ method, url: `/api/public/booking/manage/${url![1]}${tail}`, remoteAddress: '203.0.113.61' });
    const view = await manage('GET');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ status: 'confirmed', units: ['MB 61'], guestName: 'Pat Phonebooker' });
    // The link outlives the first day of a two-day booking.
    clock.set(MORNING + 2 * 86_400_000);
    expect((await manage('GET')).statusCode).toBe(200);
    clock.set(MORNING);
    const cancel = await manage('POST', '/cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
  });

  it('e-mails when there is no phone, in Spanish when asked; sends nothing unless asked', async () => {
    const a = await unitId(t.deps.db, 'MB', 62);
    const b = await unitId(t.deps.db, 'MB', 63);
    const before = (await messages()).length;
    const quiet = await post({ unitIds: [a], days: [TOMORROW], guestName: 'Quiet Desk', phone: '305 555 0620' });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect((await messages()).length).toBe(before);
    const res = await post({
      unitIds: [b],
      days: [TOMORROW],
      guestName: 'Elena Correo',
      email: 'elena@example.com',
      languageCode: 'es',
      sendConfirmation: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const msg = (await messages()).at(-1)!;
    expect(msg).toMatchObject({ channel: 'email', recipient: 'elena@example.com' });
    expect(msg.body).toContain('reservado MB 63');
  });
});
