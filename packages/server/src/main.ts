import path from 'node:path';
import { buildApp } from './app';
import { connect } from './db/connect';
import { DEMO_PASSWORD, demoLogins, isEmpty } from './db/demo-seed';
import { machineTimeZone, seedDemoVenue } from './demo-venue';
import { migrateToLatest } from './db/migrate';
import { underStartupLock } from './db/startup-lock';
import { loadEnv } from './env';
import { systemClock } from './platform/clock';
import { smtpMailer } from './platform/mail';
import { startOutboxWorker } from './platform/outbox';
import { httpSmsProvider } from './platform/sms';
import { publicUrlWarning } from './platform/public-url';
import { startScheduler } from './platform/scheduler';
import { readSettings } from './features/settings/settings.repository';
import { venueJobs } from './jobs';
import { postingRetry, startPostingWorker } from './features/pms/postings.service';
import { writePidFile } from './platform/backup';
import { saleStatementsToWarm } from './features/sales/sale-statement.pg';
import { bookingStatementsToWarm } from './features/reservations/booking-statement.pg';
import { limitStatementsToWarm } from './features/reservations/public-limits';

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (err) {
  // A bad setting stops the server with its message, not a stack trace.
  console.error((err as Error).message);
  process.exit(2);
}
const database = connect({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.SANDBAR_DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  backgroundCheckpoints: true,
});
// Instances started together on one PostgreSQL database take turns here (advisory lock).
const seeded = await underStartupLock(database, async () => {
  await migrateToLatest(database.db);
  if (!env.SANDBAR_DEMO || !(await isEmpty(database.db))) return false;
  await seedDemoVenue(database.db, systemClock, {
    timeZone: env.SANDBAR_DEMO_TIME_ZONE ?? machineTimeZone(),
  });
  return true;
});
// SQLite: `npm run sandbar -- restore` refuses while this file names a live server.
const removePidFile = database.dialect === 'sqlite' ? writePidFile(env.SANDBAR_DATA_DIR) : () => undefined;

const app = await buildApp({
  database,
  env,
  // The demo's test provider keeps its balance beside the data, so a restart still reconciles.
  testPaymentsFile: path.join(env.SANDBAR_DATA_DIR, 'test-payments-balance.jsonl'),
});
// A stray rejection (a background task's lost database connection) is logged, not fatal: every
// instance of a scaled-out deployment would otherwise die at once on a database restart.
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
const worker = startOutboxWorker(
  {
    db: database.db,
    clock: systemClock,
    logger: app.log,
    readSender: () => readSettings(database.db),
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL) : undefined,
    sms: env.SMS_PROVIDER_URL
      ? httpSmsProvider({ url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN, from: env.SMS_FROM })
      : undefined,
  },
  env.OUTBOX_INTERVAL_MS,
);
const retryMs = env.PMS_RETRY_MS;
if (retryMs) postingRetry.delayMs = (attempt) => Math.min(retryMs * 2 ** (attempt - 1), 1_800_000);
const postings = startPostingWorker(app.deps, app.log, env.PMS_INTERVAL_MS);
const scheduler = startScheduler(venueJobs(app.deps), app.log, app.metrics.schedulerRun);
if (!env.SMTP_URL) app.log.warn('SMTP_URL is not set: e-mails stay queued in the outbox (Config → Outbox).');
if (!env.SMS_PROVIDER_URL) app.log.warn('SMS_PROVIDER_URL is not set: texts stay queued in the outbox.');
const linksWarning = publicUrlWarning(env);
if (linksWarning) app.log.warn(linksWarning);

/**
 * Graceful shutdown on SIGTERM / SIGINT (a deploy, a container stop, Ctrl-C): stop accepting
 * connections, let requests in flight finish (Fastify answers new requests on open keep-alive
 * connections with 503), end the live-board streams (they reconnect to another instance), let
 * the outbox finish the batch it claimed, then close the database and exit 0. A shutdown that
 * hangs past SHUTDOWN_TIMEOUT_MS exits 1; a second signal exits at once.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000;
let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting without waiting');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  // A keep-alive connection whose last request just finished would hold the close until it timed
  // out: close such connections as soon as they go idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  idle.unref();
  try {
    await Promise.all([app.close(), worker.stop(), postings.stop(), scheduler.stop()]);
    clearInterval(idle);
    await database.close();
    removePidFile();
    app.log.info('shut down cleanly');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', (s) => void shutdown(s));
process.on('SIGTERM', (s) => void shutdown(s));

// PostgreSQL: the pool's connections opened and the hot statements planned on each before the
// first request (decision 374): the opening rush does not meet ten cold backends.
await database.warmUp?.(
  [...saleStatementsToWarm(), ...bookingStatementsToWarm(), ...limitStatementsToWarm()].map((q) =>
    q.compile(database.db),
  ),
);
await app.listen({ port: env.PORT, host: env.HOST });
if (seeded) {
  const lines = demoLogins.map((l) => `    ${l.username.padEnd(11)} ${DEMO_PASSWORD}   (${l.note})`);
  console.log(`\nSandbar demo venue loaded. Sign in at http://localhost:${env.PORT} with:\n${lines.join('\n')}\n`);
}
