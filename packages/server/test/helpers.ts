import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/platform/deps';
import { type Database, connectPostgres, connectSqlite } from '../src/db/connect';
import { DEMO_PASSWORD } from '../src/db/demo-seed';
import { seedDemoVenue } from '../src/demo-venue';
import { migrateToLatest } from '../src/db/migrate';
import { loadEnv } from '../src/env';
import { type Clock, systemClock } from '../src/platform/clock';
import type { EventBus } from '../src/platform/events';

/** Which database this run uses: `SANDBAR_TEST_DB=sqlite|postgres` (npm run test:sqlite / test:postgres). */
export const testDialect = (process.env.SANDBAR_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';
export const pgAdminUrl = process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function pgTemplate(): string | null {
  try {
    return inject('pgTemplate') ?? null;
  } catch {
    return null;
  }
}

export interface TestDatabase {
  database: Database;
  /** Set on PostgreSQL: the throw-away database's URL (for a second server instance). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database: SQLite in memory, or a throw-away PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect === 'postgres') {
    const name = `sandbar_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    // A copy of the run's migrated template (test/global-setup.ts), or migrated here when a test
    // runs outside that set-up.
    const template = pgTemplate();
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    const database = connectPostgres(url.toString(), 10);
    if (!template) await migrateToLatest(database.db);
    return {
      database,
      url: url.toString(),
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: pgAdminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const database = connectSqlite(':memory:');
  await migrateToLatest(database.db);
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, with the demo venue unless `seed: 'none'`. */
export async function buildTestApp(
  opts: {
    seed?: 'demo' | 'none';
    clock?: Clock;
    env?: Record<string, string>;
    events?: EventBus;
    webDist?: string;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const clock = opts.clock ?? systemClock;
  if (opts.seed !== 'none') await seedDemoVenue(testDb.database.db, clock);
  const env = loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0', ...opts.env });
  const app = await buildApp({
    database: testDb.database,
    env,
    clock,
    logger: false,
    webDist: opts.webDist ?? null,
    events: opts.events,
  });
  await app.ready();
  return {
    app,
    deps: app.deps,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

const tokenCache = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

/**
 * Signs in through the real login call and returns the token (cached per app and user). Parallel
 * callers share one sign-in: attempts in flight count against the login limits (decision 061).
 */
export async function loginAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  let cache = tokenCache.get(app);
  if (!cache) tokenCache.set(app, (cache = new Map()));
  const cached = cache.get(username);
  if (cached) return cached;
  const pending = (async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const token = res.json().token as string;
    if (!token) throw new Error(`login ${username} needs two-factor`);
    return token;
  })();
  cache.set(username, pending);
  pending.catch(() => cache.delete(username));
  return pending;
}

/** `app.inject` as a signed-in demo user (house style: injectAs). */
export async function injectAs(
  app: FastifyInstance,
  username: string,
  opts: InjectOptions,
): Promise<LightMyRequestResponse> {
  const token = await loginAs(app, username);
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } });
}
