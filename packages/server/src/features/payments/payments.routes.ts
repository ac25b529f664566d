import {
  OwedRefundsResponse,
  PaymentDeliveriesQuery,
  PaymentDeliveriesResponse,
  ReconciliationParams,
  ReconciliationResponse,
  RetryRefundBody,
  RetryRefundResponse,
  TestPaymentSwitches,
  TestPaymentSwitchesResponse,
  paymentTexts,
} from '@sandbar/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { TestProvider } from '../../platform/payments/test-provider';
import { errorsOf } from '../../plugins/openapi';
import { receiveWebhook } from './online-payment.service';
import { owedRefunds, retryOwedRefund } from './owed-refunds.service';
import * as repo from './payments.repository';
import { reconcileDay } from './reconciliation.service';
import { testCheckoutPage } from './test-checkout-page';

// Online payments' routes (issue 33). The webhook and the test provider's page are public doors
// (DESIGN.md section 12): access declared, bodies bounded. The webhook reads its body raw — the
// provider signs the exact bytes — through a content-type parser scoped to its own plugin.

const tags = ['payments'];
// Route access (issue 32, decision 260): declared on every route, checked by the auth hook.
const publicDoor = { access: 'public' } as const;
const adminsOnly = { access: 'config' } as const;
// The reconciliation is a report: admins, and supervisors for today and yesterday (the service checks the window).
const reportReaders = { access: 'reports' } as const;
// Refunds owed are the booking desk's: anyone who handles bookings, in their own locations.
const bookingDesk = { access: 'bookings' } as const;

const ProviderParam = z.object({ provider: z.string().regex(/^[a-z]{2,20}$/) }).strict();
const WebhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  status: z.enum(['processed', 'ignored', 'refused']),
});
const CheckoutParam = z.object({ ref: z.string().regex(/^tcs_[0-9a-f]{24}$/) }).strict();
const ChoiceParam = CheckoutParam.extend({ choice: z.enum(['pay', 'decline', 'abandon']) }).strict();

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope: Parameters<FastifyPluginAsyncZod>[0]) => {
    // Only here: the body stays the bytes the provider signed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/public/payments/:provider/webhook',
      {
        config: publicDoor,
        bodyLimit: 256 * 1024,
        schema: {
          tags,
          summary: "The payment provider's webhook (signed); each event id is processed once",
          description:
            'Stripe: register <public URL>/api/public/payments/stripe/webhook for checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired, refund.updated and refund.failed. A body whose signature does not verify is answered 400 and nothing is written.',
          params: ProviderParam,
          response: { 200: WebhookAnswer, ...errorsOf(403, 404, 409) },
        },
      },
      async (request) =>
        receiveWebhook(
          app.deps,
          request.params.provider,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers,
        ),
    );
  });

  const testProvider = () => {
    const p = app.deps.payments;
    if (!p || p.name !== 'test') throw notFound(paymentTexts.unknownProvider);
    return p as TestProvider;
  };

  app.get(
    '/public/payments/test/checkout/:ref',
    {
      config: publicDoor,
      schema: {
        tags,
        summary: "The built-in test provider's payment page (HTML): Pay, Decline or Abandon — no money moves",
        params: CheckoutParam,
        response: { 200: z.string(), ...errorsOf(404) },
      },
    },
    async (request, reply) => {
      const s = testProvider().session(request.params.ref);
      if (!s) throw notFound('No such test payment.');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(testCheckoutPage(s));
    },
  );

  app.post(
    '/public/payments/test/checkout/:ref/:choice',
    {
      config: publicDoor,
      bodyLimit: 1024,
      schema: {
        tags,
        summary:
          'The guest chooses on the test payment page; the test provider calls the webhook, then sends the guest back',
        params: ChoiceParam,
        response: { 303: z.null(), ...errorsOf(404) },
      },
    },
    async (request, reply) => {
      const back = await testProvider().complete(request.params.ref, request.params.choice);
      if (!back) throw notFound('No such test payment.');
      // The test page is Sandbar's own: send the guest back on the address they came by. A link
      // built for another host (localhost for 127.0.0.1) is a cross-origin redirect that the
      // page's CSP (form-action 'self') blocks, leaving the guest on a closed payment page.
      const to = new URL(back, 'http://sandbar.invalid');
      return reply
        .code(303)
        .header('location', `${to.pathname}${to.search}`)
        .send(undefined as never);
    },
  );

  // Only when asked for (the Playwright run): the test provider's switches, for admins. A venue
  // on Stripe, or a demo without the variable, has no such route.
  if (app.deps.env.SANDBAR_TEST_PAYMENT_SWITCHES && app.deps.payments?.name === 'test')
    app.post(
      '/setTestPaymentSwitches',
      {
        config: adminsOnly,
        bodyLimit: 1024,
        schema: {
          tags,
          summary: 'Make the built-in test provider refuse refunds or fail new payments (tests only)',
          body: TestPaymentSwitches,
          response: { 200: TestPaymentSwitchesResponse, ...errorsOf(403) },
        },
      },
      async (request) => {
        const { controls } = testProvider();
        Object.assign(controls, request.body);
        return { refuseRefunds: controls.refuseRefunds, outage: controls.outage };
      },
    );

  app.get(
    '/getPaymentDeliveries',
    {
      config: adminsOnly,
      schema: {
        tags,
        summary: "The payment provider's webhook deliveries, newest first (admins)",
        querystring: PaymentDeliveriesQuery,
        response: { 200: PaymentDeliveriesResponse, ...errorsOf(403) },
      },
    },
    async (request) => {
      const rows = await repo.recentEvents(app.deps.db, 100, request.query.beforeId);
      return {
        deliveries: rows.map((r) => ({
          id: r.id,
          provider: r.provider,
          eventId: r.event_id,
          type: r.type,
          status: r.status,
          reason: r.reason,
          receivedAt: Number(r.received_at),
          reservationId: r.reservation_id ?? null,
        })),
      };
    },
  );

  app.get(
    '/getPaymentReconciliation/:day',
    {
      config: reportReaders,
      schema: {
        tags,
        summary: "A day's online money: Sandbar's ledger beside the provider's balance lines, each difference flagged",
        description:
          "Reads the provider's balance transactions of the day (and a day either side, so money crossing midnight pairs up), stores them for the Payments report's fees, and matches them with the ledger's online payments and refunds by the provider's reference. 503 when no provider is set up or it does not answer.",
        params: ReconciliationParams,
        response: { 200: ReconciliationResponse, ...errorsOf(403) },
      },
    },
    async (request) => reconcileDay(app.deps, request.user, request.params.day),
  );

  app.get(
    '/getOwedRefunds',
    {
      config: bookingDesk,
      schema: {
        tags,
        summary:
          "Refunds through the payment provider not yet accepted (queued, sent, or refused with the provider's words), in the user's locations",
        response: { 200: OwedRefundsResponse, ...errorsOf(403) },
      },
    },
    async (request) => owedRefunds(app.deps, request.user),
  );

  app.post(
    '/retryRefund',
    {
      config: bookingDesk,
      bodyLimit: 1024,
      schema: {
        tags,
        summary:
          'Send a refused refund to the payment provider again now (its idempotency key keeps it to one refund); a refusal stays owed',
        body: RetryRefundBody,
        response: { 200: RetryRefundResponse, ...errorsOf(403, 404, 409) },
      },
    },
    async (request) => retryOwedRefund(app.deps, request.user, request.body.id),
  );
};
