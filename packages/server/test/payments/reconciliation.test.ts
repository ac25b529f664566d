import { businessDay } from '@sandbar/contract/rules/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, writeSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import { type TestProvider, testFeeCents } from '../../src/platform/payments/test-provider';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';

// Issue 33 point 9: the Payments report (online money per day: payments, refunds, the provider's
// fees, net) and a day's reconciliation of Sandbar's ledger against the provider's balance lines,
// every difference flagged to the cent. Online money is never cash on hand.

const LATER = '2026-07-08';

describe(`payments report and reconciliation on ${testDialect}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  let today: string;
  const clock = fixedClock(MORNING);
  let n = 0;
  const bookAndPay = async (unitNumber: number) => {
    n++;
    const unit = await unitId(t.deps.db, 'MB', unitNumber);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: `198.51.100.${n}`,
      payload: {
        day: LATER,
        unitIds: [unit],
        guestName: 'Carla Cuadre',
        phone: `305 555 ${3000 + n}`,
        partySize: 2,
        acceptPolicy: true,
        languageCode: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect((await t.app.inject({ method: 'POST', url: `${out.payUrl}/pay` })).statusCode).toBe(303);
    const intent = await t.deps.db
      .selectFrom('payment_intents')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return intent.reservation_id;
  };
  const reconcile = (user: string, day = today) =>
    injectAs(t.app, user, { method: 'GET', url: `/api/getPaymentReconciliation/${day}` });
  const report = (user: string) =>
    injectAs(t.app, user, { method: 'GET', url: `/api/getReport/payments/${Math.floor(clock.now() / 1000)}` });
  const dropoff = async (user: string) =>
    (await injectAs(t.app, user, { method: 'GET', url: '/api/getDropoffReport' })).json();

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    provider = t.deps.payments as TestProvider;
    // Full prepayment of a 35.00 umbrella; half back when cancelled up to 24 hours before.
    await writeSettings(t.deps.db, {
      bookingOnlineLocations: 'MB',
      bookingPayment: 'full',
      bookingRefundPercent: '50',
      bookingCancelCutoffHours: '24',
    });
    today = businessDay(clock.now(), (await readSettings(t.deps.db)).timeZone);
  });
  afterAll(async () => t.close());

  it('reports the day: payments, refunds, the provider fees and net — and none of it is cash on hand', async () => {
    const before = await dropoff('supervisor');
    await bookAndPay(41);
    const cancelled = await bookAndPay(42);
    // A supervisor cancels one by the policy: 17.50 back through the provider, online.
    const cancel = await injectAs(t.app, 'supervisor', {
      method: 'POST',
      url: '/api/cancelReservation',
      payload: { id: cancelled, reason: 'Guest called' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await report('admin');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.reportHeaders).toEqual(['Day', 'Payments', 'Paid online', 'Refunds', 'Refunded', 'Fees', 'Net']);
    const fees = 2 * testFeeCents(3500);
    const net = ((7000 - 1750 - fees) / 100).toFixed(2);
    expect(data.reportRows).toEqual([[today, 2, '70.00', 1, '17.50', (fees / 100).toFixed(2), net]]);
    expect(data.reportFooter).toEqual([['Total', 2, '70.00', 1, '17.50', (fees / 100).toFixed(2), net]]);
    // Supervisors read it too (their window); attendants and managers do not.
    expect((await report('supervisor')).statusCode).toBe(200);
    expect((await report('manager')).statusCode).toBe(403);

    // Online money is never in anyone's drawer: the paying guest has no agent, and the
    // supervisor who cancelled refunded through the provider, not from cash.
    const online = await t.deps.db
      .selectFrom('reservation_payments')
      .select(['kind', 'user_id'])
      .where('method', '=', 'Online')
      .where('kind', '=', 'deposit')
      .execute();
    expect(online.every((r) => r.user_id === null)).toBe(true);
    const after = await dropoff('supervisor');
    expect(after.overview.cashOnHand).toBe(before.overview.cashOnHand);
    expect(after.overview.cashDepositTotal).toBe(before.overview.cashDepositTotal);
    expect(after.overview.cashTotal).toBe(before.overview.cashTotal);
    const staff = await dropoff('staff');
    expect(staff.overview.cashOnHand).toBe('0.00');
    // The day's totals by method count sales only: no Online method appears among them.
    const daily = await injectAs(t.app, 'admin', {
      method: 'GET',
      url: `/api/getSearchReport/dailyByType/${clock.now()}/${clock.now()}`,
    });
    expect(daily.statusCode, daily.body).toBe(200);
    expect(JSON.stringify(daily.json().reportRows)).not.toContain('Online');
  });

  it("reconciles the day with the provider's own balance: every line matched to the cent", async () => {
    const res = await reconcile('admin');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.provider).toBe('test');
    expect(r.lines).toHaveLength(3);
    expect(r.lines.every((l: { status: string }) => l.status === 'matched')).toBe(true);
    expect(r.totals).toMatchObject({
      sandbar: '52.50',
      provider: '52.50',
      fees: ((2 * testFeeCents(3500)) / 100).toFixed(2),
      differences: 0,
    });
    const refund = r.lines.find((l: { kind: string }) => l.kind === 'refund');
    expect(refund).toMatchObject({ sandbar: { amount: '-17.50' }, provider: { amount: '-17.50' }, difference: '0.00' });
    // Supervisors: today and yesterday only; managers never.
    expect((await reconcile('supervisor')).statusCode).toBe(200);
    expect((await reconcile('supervisor', '2026-06-01')).statusCode).toBe(403);
    expect((await reconcile('manager')).statusCode).toBe(403);
    expect((await reconcile('admin', '2026-13-01')).statusCode).toBe(400);
  });

  it('flags each difference: missing at the provider, missing in Sandbar, an amount a cent off', async () => {
    const id = await bookAndPay(43);
    // The provider books a charge Sandbar never heard of…
    provider.addBalanceLine({
      type: 'charge',
      amountCents: 1200,
      feeCents: 65,
      netCents: 1135,
      currency: 'USD',
      created: clock.now(),
      sourceRef: 'tpay_ghost',
    });
    // …Sandbar has a payment the provider has not…
    await t.deps.db
      .insertInto('reservation_payments')
      .values({
        reservation_id: id,
        kind: 'deposit',
        method: 'Online',
        amount_cents: 900,
        day: today,
        at: clock.now(),
        user_id: null,
        card_transaction_id: 'tpay_nowhere',
        voucher_number: '',
        reason: 'injected by the test',
        sale_id: null,
      })
      .execute();
    // …and one of Sandbar's rows is a cent off the provider's.
    await t.deps.db
      .updateTable('reservation_payments')
      .set({ amount_cents: 3501 })
      .where('reservation_id', '=', id)
      .where('kind', '=', 'deposit')
      .where('card_transaction_id', 'like', 'tpay_%')
      .where('card_transaction_id', '!=', 'tpay_nowhere')
      .execute();

    const r = (await reconcile('admin')).json();
    const byRef = Object.fromEntries(r.lines.map((l: { reference: string }) => [l.reference, l]));
    expect(byRef.tpay_ghost).toMatchObject({ status: 'missingInSandbar', sandbar: null, difference: '12.00' });
    expect(byRef.tpay_nowhere).toMatchObject({ status: 'missingAtProvider', provider: null, difference: '-9.00' });
    const off = r.lines.filter((l: { status: string }) => l.status === 'amountDiffers');
    expect(off).toHaveLength(1);
    expect(off[0]).toMatchObject({ sandbar: { amount: '35.01' }, provider: { amount: '35.00' }, difference: '-0.01' });
    expect(r.totals.differences).toBe(3);
    // Differences come first.
    expect(r.lines.slice(0, 3).every((l: { status: string }) => l.status !== 'matched')).toBe(true);
  });

  it("lists the webhook's deliveries for admins, newest first, with the reason of a refusal, in pages", async () => {
    // A signed event for a payment page Sandbar never opened: refused, with the reason.
    const body = JSON.stringify({ id: 'evt_unknown_session', type: 'payment.failed', session: 'tcs_nowhere' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/payments/test/webhook',
      headers: {
        'content-type': 'application/json',
        'sandbar-test-signature': provider.sign(body, Math.floor(clock.now() / 1000)),
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getPaymentDeliveries' });
    expect(list.statusCode).toBe(200);
    const { deliveries } = list.json();
    expect(deliveries[0]).toMatchObject({ eventId: 'evt_unknown_session', status: 'refused', provider: 'test' });
    expect(deliveries[0].reason).toContain('tcs_nowhere');
    const paid = deliveries.filter((d: { type: string; status: string }) => d.type === 'payment.succeeded');
    expect(paid).toHaveLength(3);
    expect(
      paid.every((d: { status: string; reservationId: number | null }) => d.status === 'processed' && d.reservationId),
    ).toBe(true);
    // The next page starts before a delivery's id.
    const older = await injectAs(t.app, 'admin', {
      method: 'GET',
      url: `/api/getPaymentDeliveries?beforeId=${deliveries[0].id}`,
    });
    expect(older.json().deliveries.map((d: { id: number }) => d.id)).toEqual(
      deliveries.slice(1).map((d: { id: number }) => d.id),
    );
    expect((await injectAs(t.app, 'supervisor', { method: 'GET', url: '/api/getPaymentDeliveries' })).statusCode).toBe(
      403,
    );
  });

  it('answers 503 with the reason when the provider cannot be read', async () => {
    const real = provider.balanceTransactions;
    provider.balanceTransactions = async () => {
      const { PaymentProviderError } = await import('../../src/platform/payments/provider');
      throw new PaymentProviderError('The test provider is switched to an outage.', true);
    };
    try {
      const res = await reconcile('admin');
      expect(res.statusCode).toBe(503);
      expect(res.json().details).toContain('outage');
      // The report still answers from what was read before.
      expect((await report('admin')).statusCode).toBe(200);
    } finally {
      provider.balanceTransactions = real;
    }
  });
});

describe("Stripe's balance lines name what the ledger keeps", () => {
  it("a charge's line is matched by its PaymentIntent, a refund's by its own id", async () => {
    const { sourceRefOf } = await import('../../src/platform/payments/stripe-provider');
    expect(sourceRefOf({ id: 'ch_1', object: 'charge', payment_intent: 'pi_1' } as never)).toBe('pi_1');
    expect(sourceRefOf({ id: 'ch_2', object: 'charge', payment_intent: { id: 'pi_2' } } as never)).toBe('pi_2');
    expect(sourceRefOf({ id: 're_1', object: 'refund' } as never)).toBe('re_1');
    expect(sourceRefOf('ch_3' as never)).toBe('ch_3');
    expect(sourceRefOf(null)).toBeNull();
  });
});
