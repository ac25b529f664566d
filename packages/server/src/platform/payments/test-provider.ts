import crypto from 'node:crypto';
import fs from 'node:fs';
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

// The built-in test provider (issue 33 point 2, decision 280): behind the same port as Stripe, on
// by default when no provider key is set. The guest goes to a page Sandbar serves, clearly marked
// "Test payment — no money moves", with Pay / Decline / Abandon; Pay and Decline then call
// Sandbar's webhook the way a provider does: a JSON event signed with a local secret
// (`sandbar-test-signature: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`), delivered through the
// HTTP stack by `deliver`. Its sessions, charges and refunds are its own (in memory), as a remote
// provider's would be: one instance's demo, not a ledger. Its balance lines (a charge with a
// Stripe-like fee, a refund) are kept as a provider keeps them, apart from Sandbar's database: in
// a file of the data folder when the server names one, so a restarted demo still reconciles its
// earlier days (decision 305).

export const TEST_SIGNATURE_HEADER = 'sandbar-test-signature';
const toleranceSeconds = 300;

export interface TestSession {
  ref: string;
  start: StartPayment;
  state: 'open' | 'paid' | 'declined' | 'expired';
  paymentRef: string | null;
}

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  session(ref: string): TestSession | undefined;
  /** The guest's choice on the test page: the event is delivered, then where the browser goes. */
  complete(ref: string, choice: 'pay' | 'decline' | 'abandon'): Promise<string | null>;
  /** Signs a body as this provider does (tests send their own events with it). */
  sign(body: string, atSeconds?: number): string;
  /** Test switches: refuse refunds (the provider says no), fail new payments (an outage). */
  controls: { refuseRefunds: boolean; outage: boolean };
  /** Books a line as the provider would (tests make the provider and Sandbar disagree with it). */
  addBalanceLine(line: Omit<BalanceLine, 'id'> & { id?: string }): BalanceLine;
}

/** The test provider's fee on a charge: 2.9 % + 0.30, as Stripe's standard card price (never more than the charge). */
export function testFeeCents(amountCents: number): number {
  return Math.min(amountCents, Math.round(amountCents * 0.029) + 30);
}

export function createTestProvider(opts: {
  secret?: string;
  /** Where the test page lives: `${base}/api/public/payments/test/checkout/<ref>`. */
  pageUrl: (ref: string) => string;
  /** Delivers a signed event to Sandbar's webhook (the composition root injects it through HTTP). */
  deliver: (body: string, headers: Record<string, string>) => Promise<void>;
  /** Milliseconds between the guest's Pay and the webhook (0: before the guest is sent back). */
  delayMs?: number;
  now?: () => number;
  /** A JSON-lines file that keeps the balance across restarts (the demo's data folder). */
  balanceFile?: string;
}): TestProvider {
  const secret = opts.secret ?? crypto.randomBytes(32).toString('hex');
  const now = opts.now ?? Date.now;
  const sessions = new Map<string, TestSession>();
  const balance: BalanceLine[] = readBalance(opts.balanceFile);
  const refunds = new Map<string, RefundResult & { paymentRef: string; amountCents: number }>();
  const controls = { refuseRefunds: false, outage: false };
  const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

  const book = (line: Omit<BalanceLine, 'id'> & { id?: string }): BalanceLine => {
    const full: BalanceLine = { ...line, id: line.id ?? id('txn') };
    balance.push(full);
    if (opts.balanceFile) {
      try {
        fs.appendFileSync(opts.balanceFile, `${JSON.stringify(full)}\n`);
      } catch {
        // The demo's memory still has it; a read-only folder only loses it at the next restart.
      }
    }
    return full;
  };

  const sign = (body: string, atSeconds = Math.floor(now() / 1000)) => {
    const mac = crypto.createHmac('sha256', secret).update(`${atSeconds}.${body}`).digest('hex');
    return `t=${atSeconds},v1=${mac}`;
  };

  const send = async (event: Record<string, unknown>) => {
    const body = JSON.stringify({ id: id('evt'), created: Math.floor(now() / 1000), ...event });
    const headers = { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: sign(body) };
    if (opts.delayMs) setTimeout(() => void opts.deliver(body, headers).catch(() => undefined), opts.delayMs).unref();
    else await opts.deliver(body, headers);
  };

  return {
    name: 'test',
    controls,
    sign,
    session: (ref) => sessions.get(ref),
    addBalanceLine: book,

    async startPayment(p: StartPayment): Promise<StartedPayment> {
      if (controls.outage) throw new PaymentProviderError('The test provider is switched to an outage.', true);
      const ref = id('tcs');
      sessions.set(ref, { ref, start: p, state: 'open', paymentRef: null });
      return { providerRef: ref, redirectUrl: opts.pageUrl(ref) };
    },

    async cancelPayment(ref: string): Promise<boolean> {
      const s = sessions.get(ref);
      if (!s) return true;
      if (s.state === 'paid') return false;
      s.state = 'expired';
      return true;
    },

    async complete(ref, choice) {
      const s = sessions.get(ref);
      if (!s) return null;
      if (s.state !== 'open') return s.state === 'paid' ? s.start.successUrl : s.start.cancelUrl;
      if (choice === 'abandon') return s.start.cancelUrl;
      if (choice === 'decline') {
        s.state = 'declined';
        await send({ type: 'payment.failed', session: ref });
        return `${s.start.cancelUrl}${s.start.cancelUrl.includes('?') ? '&' : '?'}declined=1`;
      }
      if (s.start.expiresAt < now()) {
        s.state = 'expired';
        return s.start.cancelUrl;
      }
      s.state = 'paid';
      s.paymentRef = id('tpay');
      const fee = testFeeCents(s.start.amountCents);
      book({
        type: 'charge',
        amountCents: s.start.amountCents,
        feeCents: fee,
        netCents: s.start.amountCents - fee,
        currency: s.start.currency,
        created: now(),
        sourceRef: s.paymentRef,
      });
      await send({
        type: 'payment.succeeded',
        session: ref,
        payment: s.paymentRef,
        amount: s.start.amountCents,
        currency: s.start.currency,
      });
      return s.start.successUrl;
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headers[TEST_SIGNATURE_HEADER];
      const sig = Array.isArray(header) ? header[0] : header;
      const m = sig ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(sig) : null;
      if (!m) throw new WebhookSignatureError('No valid test-provider signature.');
      const t = Number(m[1]);
      if (Math.abs(Math.floor(now() / 1000) - t) > toleranceSeconds)
        throw new WebhookSignatureError('The signature is too old.');
      const want = crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
      const got = Buffer.from(m[2]!, 'hex');
      if (!crypto.timingSafeEqual(want, got)) throw new WebhookSignatureError('The signature does not match.');
      let e: Record<string, unknown>;
      try {
        e = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw new WebhookSignatureError('The body is not JSON.');
      }
      const str = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : '');
      const eventId = str('id');
      if (!eventId) throw new WebhookSignatureError('The event has no id.');
      switch (e.type) {
        case 'payment.succeeded':
          return {
            id: eventId,
            type: 'payment.succeeded',
            providerRef: str('session'),
            paymentRef: str('payment'),
            amountCents: Number(e.amount),
            currency: str('currency').toUpperCase(),
          };
        case 'payment.failed':
        case 'payment.expired':
          return { id: eventId, type: e.type, providerRef: str('session') };
        case 'refund.succeeded':
        case 'refund.failed':
          return { id: eventId, type: e.type, refundRef: str('refund'), reason: str('reason') };
        default:
          return { id: eventId, type: 'other', providerType: String(e.type ?? '') };
      }
    },

    async refund(r: RefundRequest): Promise<RefundResult> {
      const known = refunds.get(r.idempotencyKey);
      if (known) return { refundRef: known.refundRef, status: known.status };
      if (controls.refuseRefunds) throw new PaymentProviderError('The test provider refused the refund.', true);
      const charged = balance.filter((b) => b.sourceRef === r.paymentRef).reduce((s, b) => s + b.amountCents, 0);
      const refunded = [...refunds.values()]
        .filter((x) => x.paymentRef === r.paymentRef)
        .reduce((s, x) => s + x.amountCents, 0);
      // A payment it never saw (an event a test wrote by hand) is refunded as asked.
      if (r.amountCents <= 0 || (charged > 0 && r.amountCents > charged - refunded))
        throw new PaymentProviderError('The refund is more than what is left of the payment.', false);
      const result: RefundResult = { refundRef: id('tre'), status: 'succeeded' };
      refunds.set(r.idempotencyKey, { ...result, paymentRef: r.paymentRef, amountCents: r.amountCents });
      const currency = balance.find((b) => b.sourceRef === r.paymentRef)?.currency ?? 'USD';
      book({
        type: 'refund',
        amountCents: -r.amountCents,
        feeCents: 0,
        netCents: -r.amountCents,
        currency,
        created: now(),
        sourceRef: result.refundRef,
      });
      return result;
    },

    async balanceTransactions(fromMs, toMs) {
      return balance.filter((b) => b.created >= fromMs && b.created < toMs);
    },
  };
}

/** The lines a previous run kept (a torn last line, from a crash mid-write, is skipped). */
function readBalance(file: string | undefined): BalanceLine[] {
  if (!file || !fs.existsSync(file)) return [];
  const out: BalanceLine[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as BalanceLine);
    } catch {
      // skipped
    }
  }
  return out;
}
