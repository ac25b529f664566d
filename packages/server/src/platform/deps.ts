import type { UserType } from '@sandbar/contract/roles';
import type { Kysely } from 'kysely';
import type { Database } from '../db/connect';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import type { Clock } from './clock';
import type { EventBus } from './events';
import type { PmsDirectory } from './pms';
import type { PaymentProvider } from './payments/provider';

// The types every service is handed live here, below the features, so that app.ts (which knows
// every feature) sits on top and nothing below it imports it (decision 160).

/** What every service needs, decorated once onto the app as `app.deps` by the composition root. */
export interface AppDeps {
  database: Database;
  db: Kysely<DB>;
  clock: Clock;
  env: Env;
  version: string;
  /** Live board events: in-process on SQLite, LISTEN/NOTIFY across instances on PostgreSQL. */
  events: EventBus;
  /** Hotels' PMS adapters, chosen per hotel's connection (issue 34). */
  pms: PmsDirectory;
  /** SANDBAR_SECRET_KEY's 32 bytes (PMS credentials at rest), or null. */
  secretKey: Buffer | null;
  /** The online payment provider (issue 33): Stripe, the built-in test provider, or null when off. */
  payments: PaymentProvider | null;
}

/** The signed-in user of a request, set by the auth hook (plugins/auth.ts) from a live session. */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  initials: string;
  userType: UserType;
  languageCode: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
