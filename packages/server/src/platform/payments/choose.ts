import { type Env, paymentsMode } from '../../env';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/**
 * The provider the environment asks for (decision 280): Stripe with its keys, the built-in test
 * provider (the demo's and the tests' default), or none. `deliver` is how the test provider calls
 * Sandbar's webhook (through the app's HTTP stack); the composition root hands it in.
 */
export function choosePaymentProvider(
  env: Env,
  deliver: (body: string, headers: Record<string, string>) => Promise<void>,
  now?: () => number,
  /** The test provider keeps its balance here across restarts (the server's data folder). */
  testBalanceFile?: string,
): PaymentProvider | null {
  const mode = paymentsMode(env);
  if (mode === 'stripe') {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      now,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }
  if (mode === 'test')
    return createTestProvider({
      pageUrl: (ref) => `/api/public/payments/test/checkout/${ref}`,
      deliver,
      delayMs: env.SANDBAR_TEST_PAYMENT_DELAY_MS,
      secret: env.SANDBAR_TEST_PAYMENT_SECRET,
      now,
      balanceFile: testBalanceFile,
    });
  return null;
}
