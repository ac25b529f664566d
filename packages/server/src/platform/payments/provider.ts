// The payment-provider port (issue 33 point 1, DESIGN.md section 12, decisions 171 and 280). The
// features take this type; adapters (the built-in test provider, Stripe) live beside it and the
// composition root picks one from the environment (payments/choose.ts). No card number ever
// reaches Sandbar: the guest pays on the provider's own page (PCI SAQ-A). Amounts are integer
// minor units; currencies ISO 4217 codes in capitals.

export interface StartPayment {
  /** Sandbar's own key of this payment (the intent row), sent as the provider's idempotency key and metadata. */
  reference: string;
  amountCents: number;
  currency: string;
  /** One line the guest sees on the provider's page ("Sandbar Beach Club — MB 21, 2026-07-05"). */
  description: string;
  customerEmail?: string;
  /** The guest comes back here after paying (the provider may come back before its webhook). */
  successUrl: string;
  /** …and here after giving up on the provider's page. */
  cancelUrl: string;
  /** After this moment the provider must not take the money (a provider may round it up: Stripe's minimum is 30 minutes). */
  expiresAt: number;
  locale: 'en' | 'es';
}

export interface StartedPayment {
  /** The provider's id of the page the guest pays on (Checkout Session id). */
  providerRef: string;
  /** Where the guest's browser goes to pay. */
  redirectUrl: string;
}

/** What a verified provider event says, in Sandbar's words. */
export type PaymentEvent =
  | {
      id: string;
      type: 'payment.succeeded';
      providerRef: string;
      /** The provider's id of the money (what a refund names). */
      paymentRef: string;
      amountCents: number;
      currency: string;
    }
  | { id: string; type: 'payment.failed' | 'payment.expired'; providerRef: string }
  | { id: string; type: 'refund.succeeded' | 'refund.failed'; refundRef: string; reason?: string }
  /** A verified event Sandbar has nothing to do with (stored as ignored). */
  | { id: string; type: 'other'; providerType: string };

export interface RefundRequest {
  paymentRef: string;
  amountCents: number;
  /** Sandbar's key of this refund: a retry with it never refunds twice. */
  idempotencyKey: string;
  reason: string;
}

export interface RefundResult {
  refundRef: string;
  /** pending: accepted, final word by webhook (refund.succeeded / refund.failed). */
  status: 'succeeded' | 'pending' | 'failed';
  failureReason?: string;
}

/** A line of the provider's balance for a day: a charge, a refund, a fee, as the provider books it. */
export interface BalanceLine {
  id: string;
  type: 'charge' | 'refund' | 'other';
  /** Signed: a refund is negative. */
  amountCents: number;
  feeCents: number;
  netCents: number;
  currency: string;
  created: number;
  /** The payment (or refund) it belongs to, when the provider says. */
  sourceRef: string | null;
}

/** The provider refused the call (its own words, never a key); `retryable` when trying later may work. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The webhook's signature (or body) did not verify: 400, nothing written. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  /** 'test' or 'stripe': the webhook route's name, stored on every intent and event. */
  readonly name: string;
  startPayment(p: StartPayment): Promise<StartedPayment>;
  /** Stops a page the guest may still pay on (the hold ran out, the guest came back): false if it was already paid. */
  cancelPayment(providerRef: string): Promise<boolean>;
  /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  refund(r: RefundRequest): Promise<RefundResult>;
  /** The provider's balance lines created in [fromMs, toMs). */
  balanceTransactions(fromMs: number, toMs: number): Promise<BalanceLine[]>;
}
