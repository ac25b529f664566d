import { z } from 'zod';
import { parseAllowedHosts, parseTrustProxy } from './platform/public-url';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** The whole configuration surface, checked once at start (README "Configuration"). */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SANDBAR_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** PostgreSQL connections per instance: a sale holds one for two statements (decision record 150). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SANDBAR_DEMO: flag.default(true),
  SMTP_URL: z.string().url().optional(),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  SANDBAR_PUBLIC_URL: z.string().url().optional(),
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
  SANDBAR_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
});
export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
