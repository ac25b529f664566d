import { paymentTexts } from '@sandbar/contract/payments';
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

// Issue 33 points 2, 4 and 5: the guest pays through the built-in test provider, whose webhook is
// signed like a provider's; the webhook is verified, stored once per event id, safe out of order,
// checks amount and currency, and refunds a payment that arrives for a booking gone.

const TOMORROW = '2026-07-05';

describe(`online payment webhooks on ${testDialect}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  const clock = fixedClock(MORNING);
  let phone = 100;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, remoteAddress: `203.0.113.${phone % 200}` });
  const book = async (unit: number, o: Record<string, unknown> = {}) => {
    phone++;
    const res = await call('POST', '/api/public/booking', {
      day: TOMORROW,
      unitIds: [unit],
      guestName: 'Ana Paga',
      phone: `305 555 ${String(1000 + phone)}`,
      partySize: 2,
      acceptPolicy: true,
      languageCode: 'es',
      ...o,
    });
    return res;
  };
  const tokenOf = (manageUrl: string) => manageUrl.split('/').pop()!;
  const refOf = (payUrl: string) => /checkout\/(tcs_[0-9a-f]+)/.exec(payUrl)![1]!;
  const deliver = (event: Record<string, unknown>, signature?: string) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/public/payments/test/webhook',
      headers: {
        'content-type': 'application/json',
        [TEST_SIGNATURE_HEADER]: signature ?? provider.sign(body, Math.floor(clock.now() / 1000)),
      },
      payload: body,
    });
  };
  const counts = async () => ({
    events: (await t.deps.db.selectFrom('payment_webhook_events').select('id').execute()).length,
    payments: (await t.deps.db.selectFrom('reservation_payments').select('id').execute()).length,
  });
  const reservationOf = (token: string) => call('GET', `/api/public/booking/manage/${token}`).then((r) => r.json());
  const ledger = (id: number) =>
    t.deps.db.selectFrom('reservation_payments').selectAll().where('reservation_id', '=', id).orderBy('id').execute();
  const idOf = async (providerRef: string) =>
    (
      await t.deps.db
        .selectFrom('payment_intents')
        .select('reservation_id')
        .where('provider_ref', '=', providerRef)
        .executeTakeFirstOrThrow()
    ).reservation_id;

  // As Config saves them: the venue's cached set-up hears of the change.
  const setSettings = async (v: Parameters<typeof writeSettings>[1]) => {
    await writeSettings(t.deps.db, v);
    await t.deps.events.publish({ type: SETTINGS_EVENT, day: '', unitIds: [] });
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    provider = t.deps.payments as TestProvider;
    await writeSettings(t.deps.db, {
      bookingOnlineLocations: 'MB',
      bookingPayment: 'deposit',
      bookingDeposit: '25%',
      bookingPaymentMinutes: '15',
    });
  });
  afterAll(async () => t.close());

  it('holds the booking, shows the test page, and confirms it when the signed webhook says paid', async () => {
    expect(provider.name).toBe('test');
    const unit = await unitId(t.deps.db, 'MB', 21);
    const res = await book(unit);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.booking.status).toBe('held');
    expect(out.booking.payment).toMatchObject({ state: 'due', amount: '8.75', currency: 'USD' });
    expect(out.payUrl).toMatch(/^\/api\/public\/payments\/test\/checkout\/tcs_/);
    // The held message carries the manage link and the amount; no "confirmed" message yet.
    const held = await t.deps.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(held.body).toContain('8.75');
    expect(held.body).toContain(out.manageUrl);

    const page = await call('GET', out.payUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Pago de prueba — no se mueve dinero');
    expect(page.body).toContain('8.75 USD');

    const pay = await call('POST', `${out.payUrl}/pay`);
    expect(pay.statusCode).toBe(303);
    // Back on the address the guest came by: a path, never another host (the page's CSP).
    expect(pay.headers.location).toBe(`${new URL(out.manageUrl).pathname}?paid=1`);
    const after = await reservationOf(tokenOf(out.manageUrl));
    expect(after.status).toBe('confirmed');
    expect(after.payment).toMatchObject({ state: 'paid', paid: '8.75' });
    const id = await idOf(refOf(out.payUrl));
    const rows = await ledger(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'deposit', method: 'Online', amount_cents: 875, user_id: null });
    expect(rows[0]!.card_transaction_id).toMatch(/^tpay_/);
    const paidMsg = await t.deps.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(paidMsg.body).toContain('hemos recibido tu pago de 8.75');
    const delivery = await t.deps.db.selectFrom('payment_webhook_events').selectAll().executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ provider: 'test', type: 'payment.succeeded', status: 'processed' });
  });

  it('leaves a booking held for its payment to the provider: staff cannot confirm it unpaid', async () => {
    const unit = await unitId(t.deps.db, 'MB', 29);
    const out = (await book(unit)).json();
    const id = await idOf(refOf(out.payUrl));
    const res = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/confirmReservation', payload: { id } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().details).toBe(reservationTexts.awaitsPayment);
    expect((await reservationOf(tokenOf(out.manageUrl))).status).toBe('held');
    // Every staff list says it waits for the guest's payment (the amount, when its hold runs
    // out), so no screen offers the Confirm the server refuses: the day's list and the grid.
    const waiting = { amount: '8.75', until: MORNING + 15 * 60_000, via: 'checkout' };
    const listed = async () =>
      (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getReservations?day=${TOMORROW}` }))
        .json()
        .reservations.find((r: { id: number }) => r.id === id);
    const onGrid = async () => {
      const board = (
        await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getBookingBoard?day=${TOMORROW}` })
      ).json();
      const units = board.locations.flatMap((l: { rows: { unitId: number }[][] }) => l.rows.flat());
      return units.find((u: { unitId: number }) => u.unitId === unit).reservations[0];
    };
    expect(await listed()).toMatchObject({ status: 'held', holdExpiresAt: waiting.until, awaitingPayment: waiting });
    expect(await onGrid()).toMatchObject({ id, status: 'held', awaitingPayment: waiting });
    // Paid: the webhook confirms it, as ever, and nothing waits any more. The boards hear of it
    // (on PostgreSQL the NOTIFY rides on the webhook's transaction, sent at its commit).
    const heard: { type: string; day: string; unitIds: number[] }[] = [];
    const stop = t.deps.events.subscribe((e) => heard.push(e));
    expect((await call('POST', `${out.payUrl}/pay`)).statusCode).toBe(303);
    await expect
      .poll(() => heard.some((e) => e.type === 'reservation' && e.day === TOMORROW && e.unitIds.includes(unit)))
      .toBe(true);
    stop();
    expect((await reservationOf(tokenOf(out.manageUrl))).status).toBe('confirmed');
    expect(await listed()).toMatchObject({ status: 'confirmed', awaitingPayment: null });
    expect(await onGrid()).toMatchObject({ status: 'confirmed', awaitingPayment: null });
  });

  it('refuses a wrong signature with 400 and writes nothing; a replay and a duplicate change nothing', async () => {
    const unit = await unitId(t.deps.db, 'MB', 22);
    const out = (await book(unit)).json();
    const ref = refOf(out.payUrl);
    const event = {
      id: 'evt_dup_1',
      type: 'payment.succeeded',
      session: ref,
      payment: 'tpay_x1',
      amount: 875,
      currency: 'USD',
    };
    const before = await counts();
    const bad = await deliver(event, `t=${Math.floor(clock.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toBe(paymentTexts.badSignature);
    expect((await deliver(event, 'garbage')).statusCode).toBe(400);
    // A body changed after signing does not verify either.
    const signed = provider.sign(JSON.stringify(event), Math.floor(clock.now() / 1000));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/public/payments/test/webhook',
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signed },
      payload: JSON.stringify({ ...event, amount: 1 }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false, status: 'processed' });
    const afterFirst = await counts();
    const replay = await deliver(event);
    expect(replay.json()).toMatchObject({ duplicate: true });
    // The provider sends the same payment again under a new event id: nothing more either.
    const again = await deliver({ ...event, id: 'evt_dup_2' });
    expect(again.json()).toMatchObject({ duplicate: false, status: 'ignored' });
    expect((await counts()).payments).toBe(afterFirst.payments);
    expect((await ledger(await idOf(ref))).filter((r) => r.kind === 'deposit')).toHaveLength(1);
    // Out of order: the session's failure arriving after the payment changes nothing.
    const late = await deliver({ id: 'evt_dup_3', type: 'payment.failed', session: ref });
    expect(late.json()).toMatchObject({ status: 'ignored' });
    expect((await reservationOf(tokenOf(out.manageUrl))).status).toBe('confirmed');
  });

  it('refunds a payment whose amount or currency does not match, and does not confirm', async () => {
    const unit = await unitId(t.deps.db, 'MB', 23);
    const out = (await book(unit)).json();
    const ref = refOf(out.payUrl);
    const res = await deliver({
      id: 'evt_mis_1',
      type: 'payment.succeeded',
      session: ref,
      payment: 'tpay_m1',
      amount: 875,
      currency: 'EUR',
    });
    expect(res.json()).toMatchObject({ status: 'refused' });
    const id = await idOf(ref);
    const rows = await ledger(id);
    expect(rows.map((r) => [r.kind, r.amount_cents])).toEqual([
      ['deposit', 875],
      ['refund', 875],
    ]);
    expect(rows[1]!.card_transaction_id).toMatch(/^tre_/);
    expect((await reservationOf(tokenOf(out.manageUrl))).status).toBe('held');
    const delivery = await t.deps.db
      .selectFrom('payment_webhook_events')
      .selectAll()
      .where('event_id', '=', 'evt_mis_1')
      .executeTakeFirstOrThrow();
    expect(delivery.reason).toContain('does not match');
  });

  it('a declined payment lets the hold go at once; abandoning does too', async () => {
    const unit = await unitId(t.deps.db, 'MB', 24);
    const out = (await book(unit)).json();
    const decline = await call('POST', `${out.payUrl}/decline`);
    expect(decline.statusCode).toBe(303);
    expect(decline.headers.location).toBe(`${new URL(out.manageUrl).pathname}?paid=0&declined=1`);
    const b = await reservationOf(tokenOf(out.manageUrl));
    expect(b.status).toBe('cancelled');
    expect(b.payment.state).toBe('failed');
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(0);

    const again = (await book(unit)).json();
    expect(again.booking.status).toBe('held');
    const abandon = await call('POST', `${again.payUrl}/abandon`);
    expect(abandon.headers.location).toBe(`${new URL(again.manageUrl).pathname}?paid=0`);
    const gone = await call('POST', `/api/public/booking/manage/${tokenOf(again.manageUrl)}/abandon`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().status).toBe('cancelled');
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(0);
    // The page is closed at the provider: paying now is too late.
    const ref = refOf(again.payUrl);
    expect(provider.session(ref)!.state).toBe('expired');
  });

  it('refunds a payment that arrives after the hold ran out and the unit went to someone else', async () => {
    const unit = await unitId(t.deps.db, 'MB', 25);
    const out = (await book(unit)).json();
    const ref = refOf(out.payUrl);
    clock.advance(16 * 60_000);
    expect(await expireHeldBookings(t.deps)).toBeGreaterThanOrEqual(1);
    await setSettings({ bookingPayment: 'none' });
    const other = await book(unit, { guestName: 'Otro Cliente' });
    expect(other.json().booking.status).toBe('confirmed');
    await setSettings({ bookingPayment: 'deposit' });

    const res = await deliver({
      id: 'evt_late_1',
      type: 'payment.succeeded',
      session: ref,
      payment: 'tpay_l1',
      amount: 875,
      currency: 'USD',
    });
    expect(res.json()).toMatchObject({ status: 'processed' });
    const id = await idOf(ref);
    expect((await ledger(id)).map((r) => [r.kind, r.method, r.amount_cents])).toEqual([
      ['deposit', 'Online', 875],
      ['refund', 'Online', 875],
    ]);
    const b = await reservationOf(tokenOf(out.manageUrl));
    expect(b.status).toBe('cancelled');
    expect(b.payment).toMatchObject({ state: 'late', refunded: '8.75' });
    const told = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('purpose', '=', 'payment')
      .executeTakeFirstOrThrow();
    expect(told.body).toContain('Te lo hemos devuelto entero');
    // The unit stays with the guest who booked it.
    const state = await readState(t.deps.db, unit, TOMORROW, 'U');
    expect(state.status).toBe(1);
  });

  it('answers a provider outage at checkout start with a clear 503 and leaves no unit held', async () => {
    const unit = await unitId(t.deps.db, 'MB', 26);
    provider.controls.outage = true;
    const res = await book(unit);
    provider.controls.outage = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().details).toBe(paymentTexts.unavailable);
    expect((await readState(t.deps.db, unit, TOMORROW, 'U')).status).toBe(0);
    const claims = await t.deps.db
      .selectFrom('reservation_claims')
      .select('reservation_id')
      .where('position_id', '=', unit)
      .where('day', '=', TOMORROW)
      .execute();
    expect(claims).toEqual([]);
  });
});
