import { guestBookingTexts } from '@sandbar/contract/booking-page';
import { payLinkTexts } from '@sandbar/contract/pay-links';
import { reservationTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireHeldBookings } from '../../src/features/reservations/release.service';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { readState } from '../../src/features/units/unit-state.repository';
import { fixedClock } from '../../src/platform/clock';
import { SETTINGS_EVENT } from '../../src/platform/events';
import { TEST_SIGNATURE_HEADER, type TestProvider } from '../../src/platform/payments/test-provider';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Issue 33 point 7 (decision 310): staff send a phone booking's guest a link to pay online through
// the outbox; the booking is held until the one webhook path of /book confirms it, or its time
// runs out and the hold-expiry job releases it; a late payment is refunded; one link per booking.

const TOMORROW = '2026-07-05';

describe(`pay by link on ${testDialect}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  const clock = fixedClock(MORNING);
  const as = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(t.app, user, { method, url, payload });
  const guest = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, remoteAddress: '203.0.113.77' });
  let n = 0;
  const phoneBooking = async (unit: number, o: Record<string, unknown> = {}) => {
    n++;
    const res = await as('staff', 'POST', '/api/saveReservation', {
      unitIds: [unit],
      days: [TOMORROW],
      guestName: `Lina Link ${n}`,
      phone: `305 555 ${String(2000 + n)}`,
      channel: 'phone',
      ...o,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reservation as { id: number; status: string; holdExpiresAt: number | null };
  };
  const linkMessages = (id?: number) =>
    t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('purpose', '=', 'payment-link')
      .$if(id !== undefined, (q) => q.where('id', '>', id!))
      .orderBy('id')
      .execute();
  const lastOutboxId = async () =>
    Number((await t.deps.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0);
  const tokenIn = (body: string) => /\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(body)![1]!;
  const ledger = (id: number) =>
    t.deps.db.selectFrom('reservation_payments').selectAll().where('reservation_id', '=', id).orderBy('id').execute();
  const linkOf = async (id: number, user = 'staff') => (await as(user, 'GET', `/api/getPaymentLink/${id}`)).json();
  const deliver = (event: Record<string, unknown>) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/public/payments/test/webhook',
      headers: {
        'content-type': 'application/json',
        [TEST_SIGNATURE_HEADER]: provider.sign(body, Math.floor(clock.now() / 1000)),
      },
      payload: body,
    });
  };
  const refOf = (payUrl: string) => /checkout\/(tcs_[0-9a-f]+)/.exec(payUrl)![1]!;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    provider = t.deps.payments as TestProvider;
    await writeSettings(t.deps.db, { bookingPayment: 'deposit', bookingDeposit: '25%', bookingPaymentMinutes: '15' });
    await t.deps.events.publish({ type: SETTINGS_EVENT, day: '', unitIds: [] });
  });
  afterAll(async () => t.close());

  it('takes a phone booking held with a link by text; the guest pays on its page; the webhook confirms it', async () => {
    const unit = await unitId(t.deps.db, 'MB', 31);
    const before = await lastOutboxId();
    const quote = await as('staff', 'POST', '/api/quotePaymentLink', { unitIds: [unit], days: 1 });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ deposit: '8.75', full: '35.00', suggested: 'deposit', refusal: null });
    const b = await phoneBooking(unit, { payLink: { amount: 'deposit', channel: 'sms', minutes: 30 } });
    expect(b.status).toBe('held');
    expect(b.holdExpiresAt).toBe(MORNING + 30 * 60_000);
    // The link goes through the outbox (no confirmation besides), with the amount and the deadline.
    const [msg, ...more] = await linkMessages(before);
    expect(more).toEqual([]);
    expect(msg).toMatchObject({ channel: 'sms', recipient: `+1305555${String(2000 + n)}` });
    expect(msg!.body).toContain('8.75');
    expect(msg!.body).toContain('MB 31');
    expect((await t.deps.db.selectFrom('outbox').select('id').where('id', '>', before).execute()).length).toBe(1);
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(1);
    const link = await linkOf(b.id);
    expect(link.link).toMatchObject({
      state: 'waiting',
      amount: '8.75',
      amountKind: 'deposit',
      sends: [{ channel: 'sms' }],
    });

    const token = tokenIn(msg!.body);
    const page = await guest('GET', `/api/public/booking/manage/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ status: 'held', payment: { state: 'due', amount: '8.75', payUrl: null } });
    const start = await guest('POST', `/api/public/booking/manage/${token}/pay`);
    expect(start.statusCode, start.body).toBe(200);
    const payUrl = start.json().payUrl as string;
    expect(payUrl).toMatch(/^\/api\/public\/payments\/test\/checkout\/tcs_/);
    // A second tap goes back to the same provider page.
    expect((await guest('POST', `/api/public/booking/manage/${token}/pay`)).json().payUrl).toBe(payUrl);
    const paid = await guest('POST', `${payUrl}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/book/manage/${token}?paid=1`);

    const after = (await guest('GET', `/api/public/booking/manage/${token}`)).json();
    expect(after).toMatchObject({ status: 'confirmed', payment: { state: 'paid', paid: '8.75' } });
    expect((await ledger(b.id)).map((r) => [r.kind, r.method, r.amount_cents])).toEqual([['deposit', 'Online', 875]]);
    expect((await linkOf(b.id)).link.state).toBe('paid');
    const board = await as('staff', 'GET', `/api/getPaymentLinks?day=${TOMORROW}`);
    expect(board.json().links.find((l: { reservationId: number }) => l.reservationId === b.id).state).toBe('paid');
  });

  it('sends a link for an existing unpaid booking by e-mail in Spanish; expired → released, and a late payment is refunded', async () => {
    const unit = await unitId(t.deps.db, 'MB', 32);
    const b = await phoneBooking(unit, { email: 'ana@example.com', languageCode: 'es' });
    expect(b.status).toBe('confirmed');
    const before = await lastOutboxId();
    const sent = await as('staff', 'POST', '/api/sendPaymentLink', { id: b.id, amount: 'full', channel: 'email' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      details: payLinkTexts.sent('35.00'),
      link: { state: 'waiting', amount: '35.00' },
    });
    const [msg] = await linkMessages(before);
    expect(msg).toMatchObject({
      channel: 'email',
      recipient: 'ana@example.com',
      subject: expect.stringContaining('Paga'),
    });
    expect(msg!.body).toContain('Paga 35.00');
    const token = tokenIn(msg!.body);
    const reservation = (await as('staff', 'GET', `/api/getReservation/${b.id}`)).json();
    expect(reservation).toMatchObject({ status: 'held', holdExpiresAt: MORNING + 15 * 60_000 });
    // The guest opens the provider's page, then lets the time run out.
    const payUrl = (await guest('POST', `/api/public/booking/manage/${token}/pay`)).json().payUrl as string;
    clock.advance(16 * 60_000);
    try {
      expect(await expireHeldBookings(t.deps)).toBeGreaterThanOrEqual(1);
      expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(0);
      expect((await linkOf(b.id)).link.state).toBe('expired');
      expect((await guest('POST', `/api/public/booking/manage/${token}/pay`)).json().details).toBe(
        guestBookingTexts.en.errors.payLinkClosed,
      );
      // Someone else takes the unit; the guest's payment arrives late: refunded by the existing path.
      await phoneBooking(unit, { guestName: 'Otro Cliente' });
      const res = await deliver({
        id: `evt_link_late_${testDialect}`,
        type: 'payment.succeeded',
        session: refOf(payUrl),
        payment: 'tpay_link_late',
        amount: 3500,
        currency: 'USD',
      });
      expect(res.json()).toMatchObject({ status: 'processed' });
      expect((await ledger(b.id)).map((r) => [r.kind, r.method, r.amount_cents])).toEqual([
        ['deposit', 'Online', 3500],
        ['refund', 'Online', 3500],
      ]);
      expect((await linkOf(b.id)).link.state).toBe('late');
      expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(1);
    } finally {
      clock.set(MORNING);
    }
  });

  it('a declined card or a guest who goes back keeps the hold; a provider outage says so and breaks nothing', async () => {
    const unit = await unitId(t.deps.db, 'MB', 33);
    const before = await lastOutboxId();
    const b = await phoneBooking(unit, { payLink: { amount: 'full', channel: 'sms' } });
    const token = tokenIn((await linkMessages(before))[0]!.body);
    provider.controls.outage = true;
    const down = await guest('POST', `/api/public/booking/manage/${token}/pay`);
    provider.controls.outage = false;
    expect(down.statusCode).toBe(503);
    expect(down.json().details).toBe(guestBookingTexts.en.errors.payLinkUnavailable);
    expect((await guest('GET', `/api/public/booking/manage/${token}`)).json().status).toBe('held');

    const first = (await guest('POST', `/api/public/booking/manage/${token}/pay`)).json().payUrl as string;
    const declined = await guest('POST', `${first}/decline`);
    expect(declined.statusCode).toBe(303);
    const view = (await guest('GET', `/api/public/booking/manage/${token}`)).json();
    expect(view).toMatchObject({ status: 'held', payment: { state: 'due', payUrl: null } });
    const second = (await guest('POST', `/api/public/booking/manage/${token}/pay`)).json().payUrl as string;
    expect(second).not.toBe(first);
    expect((await guest('POST', `/api/public/booking/manage/${token}/abandon`)).json().status).toBe('held');
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(1);
    expect((await linkOf(b.id)).link.state).toBe('waiting');
    // Staff see it waiting for the guest's payment (no page open after the decline: the link's
    // amount), and cannot confirm it unpaid: the link is cancelled first, the booking kept.
    const shown = (await as('staff', 'GET', `/api/getReservation/${b.id}`)).json();
    expect(shown.awaitingPayment).toEqual({ amount: '35.00', until: b.holdExpiresAt, via: 'link' });
    const confirm = await as('supervisor', 'POST', '/api/confirmReservation', { id: b.id });
    expect(confirm.statusCode, confirm.body).toBe(409);
    expect(confirm.json().details).toBe(reservationTexts.awaitsPayment);
  });

  it('resends (both messages open the page) and cancels a link: the booking is kept to pay at the beach', async () => {
    const unit = await unitId(t.deps.db, 'MB', 34);
    const before = await lastOutboxId();
    const b = await phoneBooking(unit, { email: 'pat@example.com', payLink: { amount: 'deposit', channel: 'sms' } });
    const resent = await as('staff', 'POST', '/api/resendPaymentLink', { id: b.id, channel: 'email' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().link.sends.map((s: { channel: string }) => s.channel)).toEqual(['sms', 'email']);
    const tokens = (await linkMessages(before)).map((m) => tokenIn(m.body));
    expect(tokens).toHaveLength(2);
    for (const tk of tokens)
      expect((await guest('GET', `/api/public/booking/manage/${tk}`)).json().status).toBe('held');
    // The resend keeps the deadline.
    expect((await linkOf(b.id)).link.expiresAt).toBe(MORNING + 15 * 60_000);

    const payUrl = (await guest('POST', `/api/public/booking/manage/${tokens[0]}/pay`)).json().payUrl as string;
    const cancelled = await as('staff', 'POST', '/api/cancelPaymentLink', { id: b.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().link.state).toBe('cancelled');
    expect(provider.session(refOf(payUrl))!.state).toBe('expired');
    const kept = (await as('staff', 'GET', `/api/getReservation/${b.id}`)).json();
    expect(kept).toMatchObject({ status: 'confirmed', holdExpiresAt: null, awaitingPayment: null });
    const view = (await guest('GET', `/api/public/booking/manage/${tokens[1]}`)).json();
    expect(view.status).toBe('confirmed');
    expect(view.payment.state).not.toBe('due');
    expect((await guest('POST', `/api/public/booking/manage/${tokens[1]}/pay`)).statusCode).toBe(409);
    expect((await as('staff', 'POST', '/api/resendPaymentLink', { id: b.id, channel: 'sms' })).json().details).toBe(
      payLinkTexts.notOpen,
    );
    // A new link may go out after a cancelled one.
    const again = await as('staff', 'POST', '/api/sendPaymentLink', { id: b.id, amount: 'deposit', channel: 'sms' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a burst of "send link" taps sends one link', async () => {
    const unit = await unitId(t.deps.db, 'MB', 35);
    const b = await phoneBooking(unit);
    const before = await lastOutboxId();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        as('staff', 'POST', '/api/sendPaymentLink', { id: b.id, amount: 'deposit', channel: 'sms' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const links = await t.deps.db.selectFrom('payment_links').selectAll().where('reservation_id', '=', b.id).execute();
    expect(links).toHaveLength(1);
    expect(await linkMessages(before)).toHaveLength(1);
  });

  it("keeps to the user's locations and the booking desk's roles", async () => {
    const cabana = await unitId(t.deps.db, 'CD', 102);
    const res = await as('admin', 'POST', '/api/saveReservation', {
      unitIds: [cabana],
      days: [TOMORROW],
      guestName: 'Cabana Guest',
      phone: '305 555 0999',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().reservation.id as number;
    // staff works the first location only.
    const send = await as('staff', 'POST', '/api/sendPaymentLink', { id, amount: 'full', channel: 'sms' });
    expect(send.statusCode).toBe(403);
    expect(send.json().details).toBe(reservationTexts.notYourLocation);
    expect((await as('staff', 'GET', `/api/getPaymentLink/${id}`)).statusCode).toBe(403);
    expect((await as('staff', 'POST', '/api/cancelPaymentLink', { id })).statusCode).toBe(403);
    const mine = (await as('staff', 'GET', `/api/getPaymentLinks?day=${TOMORROW}`)).json();
    expect(mine.links.every((l: { locationId: number }) => l.locationId !== res.json().reservation.locationId)).toBe(
      true,
    );
    const cdId = res.json().reservation.locationId as number;
    expect((await as('staff', 'GET', `/api/getPaymentLinks?day=${TOMORROW}&locationId=${cdId}`)).statusCode).toBe(403);
    // Signed out: nothing.
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/sendPaymentLink',
      payload: { id, amount: 'full', channel: 'sms' },
    });
    expect(anon.statusCode).toBe(401);
    expect(await t.deps.db.selectFrom('payment_links').selectAll().where('reservation_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('refuses malformed input and what a link cannot ask for', async () => {
    const unit = await unitId(t.deps.db, 'MB', 36);
    const b = await phoneBooking(unit);
    const bad = [
      { id: b.id, amount: 'half', channel: 'sms' },
      { id: b.id, amount: 'full', channel: 'fax' },
      { id: b.id, amount: 'full', channel: 'sms', minutes: 500 },
      { id: b.id, amount: 'full', channel: 'sms', minutes: 2.5 },
      { id: 'abc', amount: 'full', channel: 'sms' },
      { id: b.id, amount: 'full', channel: 'sms', extra: 1 },
      { amount: 'full', channel: 'sms' },
    ];
    for (const body of bad) {
      const res = await as('staff', 'POST', '/api/sendPaymentLink', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const both = await as('staff', 'POST', '/api/saveReservation', {
      unitIds: [await unitId(t.deps.db, 'MB', 37)],
      days: [TOMORROW],
      guestName: 'Both Ways',
      phone: '305 555 0377',
      deposit: { method: 'Cash', amount: '10.00' },
      payLink: { amount: 'full', channel: 'sms' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toContain(reservationTexts.linkOrDeposit);
    // No e-mail on the booking; money already on account; no such booking.
    const noMail = await as('staff', 'POST', '/api/sendPaymentLink', { id: b.id, amount: 'full', channel: 'email' });
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().details).toBe(payLinkTexts.noEmail);
    const paidDesk = await phoneBooking(await unitId(t.deps.db, 'MB', 38), {
      deposit: { method: 'Cash', amount: '10.00' },
    });
    const hasMoney = await as('staff', 'POST', '/api/sendPaymentLink', {
      id: paidDesk.id,
      amount: 'full',
      channel: 'sms',
    });
    expect(hasMoney.statusCode).toBe(409);
    expect(hasMoney.json().details).toBe(payLinkTexts.hasMoney('10.00'));
    expect(
      (await as('staff', 'POST', '/api/sendPaymentLink', { id: 99999, amount: 'full', channel: 'sms' })).statusCode,
    ).toBe(404);
    expect((await guest('POST', `/api/public/booking/manage/${'x'.repeat(43)}/pay`)).statusCode).toBe(404);
  });
});
