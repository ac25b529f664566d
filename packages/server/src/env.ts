import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowedHosts, parseTrustProxy } from './platform/public-url';

const flag = z
  .enum(['0', '1', 'true', 'false'], { message: 'expected 1 or 0 (true or false)' })
  .transform((v) => v === '1' || v === 'true');

/** A URL whose scheme is one of `schemes` (zod's url() takes any scheme, `javascript:` included). */
const urlOf = (schemes: string[], example: string, needsHost = true) =>
  z
    .string()
    .refine(
      (v) => URL.canParse(v) && schemes.includes(new URL(v).protocol) && (!needsHost || new URL(v).hostname !== ''),
      `expected a ${schemes.map((s) => s.replace(/:$/, '')).join(' or ')} URL, e.g. ${example}`,
    );

/** A whole number from min to max, refused in words (not "expected number, received NaN"). */
const int = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `expected ${what}: a whole number from ${min} to ${max}`,
    )
    .transform(Number);

const WINDOW_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/**
 * A limit of the guest's page as `<hits>/<window>`, e.g. `240/1m`, `10/1h`, `3/1d` (window in
 * s, m, h or d; the number before the unit may be left out: `10/h`), from 1 hit to 1,000,000 and
 * from 1 second to 7 days.
 */
const limitRule = (example: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const m = /^(\d{1,7})\s*\/\s*(\d{0,6})\s*([smhd])$/.exec(v);
      const max = m ? Number(m[1]) : NaN;
      const windowMs = m ? Number(m[2] || '1') * WINDOW_MS[m[3] as keyof typeof WINDOW_MS] : NaN;
      if (!m || max < 1 || max > 1_000_000 || windowMs < 1000 || windowMs > 7 * 86_400_000) {
        ctx.addIssue({
          code: 'custom',
          message: `expected hits per window, e.g. ${example} (1 to 1,000,000 hits; a window of s, m, h or d up to 7 days)`,
        });
        return z.NEVER;
      }
      return { max, windowMs };
    });

const hostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The whole configuration surface, checked once at start (docs/CONFIGURATION.md). */
/** SANDBAR_SECRET_KEY as its 32 bytes, or null when it is not a 256-bit key. */
export function secretKeyBytes(k: string): Buffer | null {
  const t = k.trim();
  const b = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return b.length === 32 ? b : null;
}

export const EnvSchema = z.object({
  PORT: int(0, 65535, 'a port').default(3000),
  HOST: z
    .string()
    .refine(
      (h) => net.isIP(h) !== 0 || hostName.test(h),
      'expected an IP address or host name to listen on, e.g. 0.0.0.0',
    )
    .default('0.0.0.0'),
  SANDBAR_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'postgres://user:secret@db-host:5432/sandbar', false).optional(),
  /** PostgreSQL connections per instance: a sale holds one for two statements (decision record 150). */
  DATABASE_POOL_SIZE: int(1, 100, 'connections per instance').default(10),
  SANDBAR_DEMO: flag.default(true),
  /** The demo venue's zone on first start; without it, the machine's (issue 26). */
  SANDBAR_DEMO_TIME_ZONE: z
    .string()
    .refine((z) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: z });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone, e.g. America/New_York')
    .optional(),
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'smtp://user:secret@mail-host:587').optional(),
  SMS_PROVIDER_URL: urlOf(['https:', 'http:'], 'https://sms.example/send').optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  SANDBAR_PUBLIC_URL: urlOf(['https:', 'http:'], 'https://pos.beach.example').optional(),
  /** Hop count or proxy addresses/CIDRs whose X-Forwarded-* headers are believed (decision 063). */
  SANDBAR_TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const r = parseTrustProxy(v);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    })
    .optional(),
  /** Hosts a request may name for its own public links when SANDBAR_PUBLIC_URL is not set. */
  SANDBAR_ALLOWED_HOSTS: z
    .string()
    .transform((v, ctx) => {
      const r = parseAllowedHosts(v);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    })
    .optional(),
  /** Where `npm run sandbar -- backup` and the nightly backup write (default: SANDBAR_DATA_DIR/backups). */
  SANDBAR_BACKUP_DIR: z.string().optional(),
  /** Turns GET /metrics on; a scraper sends it as `Authorization: Bearer <token>`. */
  SANDBAR_METRICS_TOKEN: z
    .string()
    .refine((t) => t.length >= 16 && /^[\x21-\x7e]+$/.test(t), 'expected at least 16 visible characters, no spaces')
    .optional(),
  SANDBAR_WEB_DIST: z
    .string()
    .refine(
      (d) => fs.existsSync(path.join(d, 'index.html')),
      'expected the folder of the built web app (with index.html); run `npm run build`',
    )
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** The guest page's limits (issue 24 point 9; shared by every instance on PostgreSQL, decision 173). */
  SANDBAR_PUBLIC_READS_PER_IP: limitRule('240/1m').prefault('240/1m'),
  SANDBAR_PUBLIC_BOOKINGS_PER_IP: limitRule('10/1h').prefault('10/1h'),
  SANDBAR_PUBLIC_BOOKINGS_PER_CONTACT: limitRule('3/1d').prefault('3/1d'),
  SANDBAR_PUBLIC_MANAGE_PER_IP: limitRule('60/1m').prefault('60/1m'),
  /**
   * The key that encrypts hotels' PMS credentials at rest (issue 34): 32 bytes as 64 hex digits or
   * base64. Without it a hotel can keep its roster but no PMS credentials can be saved.
   */
  SANDBAR_SECRET_KEY: z
    .string()
    .refine((k) => secretKeyBytes(k) !== null, 'expected 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)')
    .optional(),
  /** How often the PMS posting queue looks for due postings (issue 34). */
  PMS_INTERVAL_MS: int(50, 3_600_000, 'milliseconds').default(2000),
  /**
   * The posting queue's first back-off after a failed attempt (doubling, at most 30 min); 15 s when
   * unset. The Playwright run shortens it so a PMS back from an outage is posted to within seconds.
   */
  PMS_RETRY_MS: int(50, 1_800_000, 'milliseconds').optional(),
  /** `production` keeps the built-in test payment provider off unless SANDBAR_PAYMENTS=test asks for it. */
  NODE_ENV: z.string().optional(),
  /**
   * Online payments (issue 33, decision 280): `stripe` (needs STRIPE_SECRET_KEY and
   * STRIPE_WEBHOOK_SECRET), `test` (the built-in test provider: no money moves), `off`. Left out:
   * Stripe when its key is set, else the test provider — except in production, where it is off.
   */
  SANDBAR_PAYMENTS: z.enum(['stripe', 'test', 'off'], { message: 'expected stripe, test or off' }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'expected a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "expected the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** Another address for Stripe's API (a local mock such as stripe-mock or prism in tests and development). */
  STRIPE_API_URL: urlOf(['https:', 'http:'], 'http://127.0.0.1:12111').optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'expected pk_test_… or pk_live_…')
    .optional(),
  /** The test provider's delay between the guest's Pay and its webhook (0: before the guest returns). */
  SANDBAR_TEST_PAYMENT_DELAY_MS: int(0, 60_000, 'milliseconds').default(0),
  /**
   * Lets an admin switch the test provider to refusing refunds or failing new payments
   * (POST /setTestPaymentSwitches): the Playwright run sets it to walk a refusal and its retry.
   */
  SANDBAR_TEST_PAYMENT_SWITCHES: flag.default(false),
  /** The test provider's signing secret (default: a random one per process); the payments bench signs its own events. */
  SANDBAR_TEST_PAYMENT_SECRET: z.string().min(32, 'at least 32 characters').max(200).optional(),
  // setTimeout cannot wait past 2^31 ms (it would fire at once): at most an hour.
  OUTBOX_INTERVAL_MS: int(50, 3_600_000, 'milliseconds').default(2000),
});
export type Env = z.infer<typeof EnvSchema>;

/** Which payment provider the environment asks for (decision 280); an impossible ask is refused at start. */
export function paymentsMode(env: Env): 'stripe' | 'test' | 'off' {
  const asked = env.SANDBAR_PAYMENTS;
  if (asked === 'stripe' || (!asked && env.STRIPE_SECRET_KEY)) {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)
      throw new Error(
        'Invalid environment:\n  SANDBAR_PAYMENTS: Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      );
    return 'stripe';
  }
  if (asked) return asked;
  // Production never takes money through a provider that moves none unless asked for by name.
  return env.NODE_ENV === 'production' ? 'off' : 'test';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
