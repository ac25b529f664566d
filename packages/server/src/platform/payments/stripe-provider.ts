import Stripe from 'stripe';
import {
  type BalanceLine,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
  type StartPayment,
  type StartedPayment,
  WebhookSignatureError,
} from './provider';

// The Stripe adapter (issue 33 point 1, decision 281): Checkout Sessions through Stripe's official
// SDK, so the guest pays on Stripe's own page and no card data touches Sandbar (PCI SAQ-A). Keys
// come from the environment only (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); this file never logs,
// returns or stores them, and an error is passed on by Stripe's message alone.

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a validating mock of Stripe's published API document. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  now?: () => number;
}

/** Stripe's minimum for a Checkout Session's expiry: 30 minutes (it may live longer than the hold; the hold's end closes it). */
const minSessionMs = 30 * 60_000 + 30_000;

function providerError(err: unknown): PaymentProviderError {
  if (err instanceof Stripe.errors.StripeError) {
    // Connection trouble, rate limits and Stripe's own errors may pass; a refused request will not.
    const retryable =
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      err instanceof Stripe.errors.StripeAPIError ||
      (err.statusCode ?? 500) >= 500;
    return new PaymentProviderError(`Stripe: ${err.message}`, retryable);
  }
  return new PaymentProviderError('Stripe could not be reached.', true);
}

/** The reference Sandbar's ledger keeps for a balance line's source: a charge's PaymentIntent, else the source's id. */
export function sourceRefOf(source: Stripe.BalanceTransaction['source'] | undefined): string | null {
  if (!source) return null;
  if (typeof source === 'string') return source;
  const intent = (source as { payment_intent?: string | { id: string } | null }).payment_intent;
  if (source.object === 'charge' && intent) return typeof intent === 'string' ? intent : intent.id;
  return source.id;
}

export function createStripeProvider(opts: StripeOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
  });
  const now = opts.now ?? Date.now;

  const fromSession = (eventId: string, s: Stripe.Checkout.Session): PaymentEvent => ({
    id: eventId,
    type: 'payment.succeeded',
    providerRef: s.id,
    paymentRef: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? ''),
    amountCents: s.amount_total ?? 0,
    currency: (s.currency ?? '').toUpperCase(),
  });

  return {
    name: 'stripe',

    async startPayment(p: StartPayment): Promise<StartedPayment> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: p.currency.toLowerCase(),
                  unit_amount: p.amountCents,
                  product_data: { name: p.description.slice(0, 250) },
                },
              },
            ],
            success_url: p.successUrl,
            cancel_url: p.cancelUrl,
            client_reference_id: p.reference,
            metadata: { sandbar_reference: p.reference },
            payment_intent_data: { metadata: { sandbar_reference: p.reference } },
            expires_at: Math.ceil(Math.max(p.expiresAt, now() + minSessionMs) / 1000),
            locale: p.locale,
            ...(p.customerEmail ? { customer_email: p.customerEmail } : {}),
          },
          { idempotencyKey: `sandbar-start-${p.reference}` },
        );
        if (!session.url) throw new PaymentProviderError('Stripe returned no payment page.', true);
        return { providerRef: session.id, redirectUrl: session.url };
      } catch (err) {
        throw err instanceof PaymentProviderError ? err : providerError(err);
      }
    },

    async cancelPayment(ref: string): Promise<boolean> {
      try {
        const s = await stripe.checkout.sessions.expire(ref);
        return s.status === 'expired';
      } catch (err) {
        // Already complete (or already expired): Stripe refuses to expire it.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          const s = await stripe.checkout.sessions.retrieve(ref).catch(() => null);
          return s ? s.status === 'expired' : false;
        }
        throw providerError(err);
      }
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headers['stripe-signature'];
      const sig = Array.isArray(header) ? header[0] : header;
      if (!sig) throw new WebhookSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, sig, opts.webhookSecret);
      } catch {
        throw new WebhookSignatureError('The Stripe signature does not match.');
      }
      const object = event.data.object as unknown;
      switch (event.type) {
        case 'checkout.session.completed': {
          const s = object as Stripe.Checkout.Session;
          // Paid now (a card), or later by an asynchronous method (its own event follows).
          return s.payment_status === 'paid'
            ? fromSession(event.id, s)
            : { id: event.id, type: 'other', providerType: `${event.type} (${s.payment_status})` };
        }
        case 'checkout.session.async_payment_succeeded':
          return fromSession(event.id, object as Stripe.Checkout.Session);
        case 'checkout.session.async_payment_failed':
          return { id: event.id, type: 'payment.failed', providerRef: (object as Stripe.Checkout.Session).id };
        case 'checkout.session.expired':
          return { id: event.id, type: 'payment.expired', providerRef: (object as Stripe.Checkout.Session).id };
        case 'refund.created':
        case 'refund.updated':
        case 'refund.failed': {
          const r = object as Stripe.Refund;
          if (r.status === 'succeeded') return { id: event.id, type: 'refund.succeeded', refundRef: r.id };
          if (r.status === 'failed' || r.status === 'canceled')
            return { id: event.id, type: 'refund.failed', refundRef: r.id, reason: r.failure_reason ?? r.status };
          return { id: event.id, type: 'other', providerType: `${event.type} (${r.status})` };
        }
        default:
          return { id: event.id, type: 'other', providerType: event.type };
      }
    },

    async refund(r: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: r.paymentRef, amount: r.amountCents, metadata: { sandbar_reason: r.reason.slice(0, 450) } },
          { idempotencyKey: r.idempotencyKey },
        );
        const status =
          refund.status === 'succeeded'
            ? 'succeeded'
            : refund.status === 'failed' || refund.status === 'canceled'
              ? 'failed'
              : 'pending';
        return { refundRef: refund.id, status, failureReason: refund.failure_reason ?? undefined };
      } catch (err) {
        throw providerError(err);
      }
    },

    async balanceTransactions(fromMs, toMs): Promise<BalanceLine[]> {
      const out: BalanceLine[] = [];
      try {
        for await (const t of stripe.balanceTransactions.list({
          created: { gte: Math.floor(fromMs / 1000), lt: Math.ceil(toMs / 1000) },
          limit: 100,
          // A charge's line names the charge (ch_…); Sandbar's ledger keeps its PaymentIntent
          // (pi_…, what a refund names): the expanded charge says which (decision 305).
          expand: ['data.source'],
        })) {
          const source = sourceRefOf(t.source);
          out.push({
            id: t.id,
            type:
              t.type === 'charge' || t.type === 'payment'
                ? 'charge'
                : t.type === 'refund' || t.type === 'payment_refund'
                  ? 'refund'
                  : 'other',
            amountCents: t.amount,
            feeCents: t.fee,
            netCents: t.net,
            currency: t.currency.toUpperCase(),
            created: t.created * 1000,
            sourceRef: source,
          });
          if (out.length >= 5000) break;
        }
      } catch (err) {
        throw providerError(err);
      }
      return out;
    },
  };
}
