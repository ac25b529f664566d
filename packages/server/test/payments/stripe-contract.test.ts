import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import type { PaymentProvider } from '../../src/platform/payments/provider';
import { createStripeProvider } from '../../src/platform/payments/stripe-provider';
import { type TestApp, buildTestApp, testDialect } from '../helpers';
import { MORNING, unitId } from '../sales/factories';
import { type SeenRequest, startStripeMock } from './stripe-mock';

// Issue 33, "Tests and measures": the Stripe adapter against Stripe's own published OpenAPI
// document (stripe/openapi, MIT; the subset and its source commit in test/fixtures/stripe/),
// served on this machine by a validating mock (stripe-mock.ts; why not Prism: decision 283): every
// request the adapter sends must validate. No network. Webhooks are signed with the SDK's own
// test header helper.

const fixtures = path.resolve(__dirname, '../fixtures/stripe');
const document = path.join(fixtures, 'stripe-openapi-subset.json');
const SECRET = 'sk_test_sandbarcontract0000000000';
const WHSEC = 'whsec_sandbarcontracttest0000';

describe(`Stripe adapter against Stripe's published API document (${testDialect})`, () => {
  let mock: Awaited<ReturnType<typeof startStripeMock>>;
  let seen: SeenRequest[] = [];
  let proxyPort = 0;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    mock = await startStripeMock(JSON.parse(fs.readFileSync(document, 'utf8')));
    seen = mock.seen;
    proxyPort = mock.port;
    stripe = createStripeProvider({
      secretKey: SECRET,
      webhookSecret: WHSEC,
      host: '127.0.0.1',
      port: proxyPort,
      protocol: 'http',
    });
  });

  afterAll(async () => mock?.close());

  const valid = (from: number) => {
    const sent = seen.slice(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const s of sent) {
      expect(s.violations, `${s.method} ${s.path}`).toEqual([]);
      expect(s.status).toBe(200);
    }
    return sent;
  };

  it('names its source commit and licence', () => {
    const doc = JSON.parse(fs.readFileSync(document, 'utf8'));
    expect(doc.info['x-source'].commit).toMatch(/^[0-9a-f]{40}$/);
    expect(fs.readFileSync(path.join(fixtures, 'LICENSE-stripe-openapi.txt'), 'utf8')).toContain('MIT');
  });

  it('the mock refuses a request that breaks the document (the check is real)', async () => {
    const from = seen.length;
    const res = await fetch(`http://127.0.0.1:${proxyPort}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=not-a-number',
    });
    expect(res.status).toBe(400);
    expect(seen[from]!.violations.join()).toContain('amount');
    // A field Stripe does not know is refused too.
    const unknown = await fetch(`http://127.0.0.1:${proxyPort}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_intent=pi_1&amount_in_cents=5',
    });
    expect(unknown.status).toBe(400);
  });

  it('opens a Checkout Session, expires it, refunds and reads balance transactions with valid requests', async () => {
    const from = seen.length;
    const started = await stripe.startPayment({
      reference: 'booking-7-1783000000000',
      amountCents: 875,
      currency: 'USD',
      description: 'Sandbar Beach Club: MB 21 · 2026-07-05',
      customerEmail: 'guest@example.com',
      successUrl: 'https://pos.beach.example/book/manage/abc?paid=1',
      cancelUrl: 'https://pos.beach.example/book/manage/abc?paid=0',
      expiresAt: Date.now() + 15 * 60_000,
      locale: 'es',
    });
    expect(typeof started.providerRef).toBe('string');
    expect(typeof started.redirectUrl).toBe('string');
    await stripe.cancelPayment('cs_test_a1');
    const refund = await stripe.refund({ paymentRef: 'pi_test_1', amountCents: 875, idempotencyKey: 'sandbar-refund-1', reason: 'Cancelled by the guest' });
    expect(typeof refund.refundRef).toBe('string');
    const lines = await stripe.balanceTransactions(Date.UTC(2026, 6, 5), Date.UTC(2026, 6, 6));
    expect(Array.isArray(lines)).toBe(true);
    const sent = valid(from);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(
      expect.arrayContaining([
        'POST /v1/checkout/sessions',
        'POST /v1/checkout/sessions/cs_test_a1/expire',
        'POST /v1/refunds',
        'GET /v1/balance_transactions',
      ]),
    );
  });

  it('reads webhooks signed the way Stripe signs them, and refuses a wrong signature', () => {
    const sdk = new Stripe(SECRET);
    const payload = JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_a1',
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_test_1',
          amount_total: 875,
          currency: 'usd',
        },
      },
    });
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    expect(stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': header })).toEqual({
      id: 'evt_test_1',
      type: 'payment.succeeded',
      providerRef: 'cs_test_a1',
      paymentRef: 'pi_test_1',
      amountCents: 875,
      currency: 'USD',
    });
    const wrong = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneelse000000' });
    expect(() => stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': wrong })).toThrow();
    expect(() => stripe.parseWebhook(Buffer.from(payload), {})).toThrow();
  });

  describe('through the whole app (SANDBAR_PAYMENTS=stripe)', () => {
    let t: TestApp;
    const clock = fixedClock(MORNING);
    beforeAll(async () => {
      t = await buildTestApp({
        clock,
        env: {
          SANDBAR_PAYMENTS: 'stripe',
          STRIPE_SECRET_KEY: SECRET,
          STRIPE_WEBHOOK_SECRET: WHSEC,
          STRIPE_API_URL: `http://127.0.0.1:${proxyPort}`,
        },
      });
      await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB', bookingPayment: 'full' });
    });
    afterAll(async () => t?.close());

    it('books, sends the guest to Stripe, and confirms on the signed webhook; a bad signature writes nothing', async () => {
      const from = seen.length;
      const unit = await unitId(t.deps.db, 'MB', 21);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/booking',
        payload: {
          day: '2026-07-05',
          unitIds: [unit],
          guestName: 'Stripe Guest',
          email: 'guest@example.com',
          partySize: 2,
          acceptPolicy: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().booking.status).toBe('held');
      valid(from);
      const intent = await t.deps.db.selectFrom('payment_intents').selectAll().executeTakeFirstOrThrow();
      expect(intent).toMatchObject({ provider: 'stripe', amount_cents: 3500, currency: 'USD' });
      const sdk = new Stripe(SECRET);
      const payload = JSON.stringify({
        id: 'evt_app_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: intent.provider_ref,
            object: 'checkout.session',
            payment_status: 'paid',
            payment_intent: 'pi_app_1',
            amount_total: 3500,
            currency: 'usd',
          },
        },
      });
      const send = (signature: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/payments/stripe/webhook',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          payload,
        });
      const bad = await send(sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrongwrongwrong00' }));
      expect(bad.statusCode).toBe(400);
      expect(await t.deps.db.selectFrom('payment_webhook_events').select('id').execute()).toEqual([]);
      const ok = await send(sdk.webhooks.generateTestHeaderString({ payload, secret: WHSEC }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'processed' });
      const r = await t.deps.db.selectFrom('reservations').select('status').executeTakeFirstOrThrow();
      expect(r.status).toBe('confirmed');
      const pay = await t.deps.db.selectFrom('reservation_payments').selectAll().executeTakeFirstOrThrow();
      expect(pay).toMatchObject({ kind: 'deposit', method: 'Online', amount_cents: 3500, card_transaction_id: 'pi_app_1' });
      // The key is never in the API's answers or the database.
      expect(res.body).not.toContain(SECRET);
      expect(JSON.stringify(await t.deps.db.selectFrom('payment_intents').selectAll().execute())).not.toContain(SECRET);
    });
  });
});
