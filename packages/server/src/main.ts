import { buildApp } from './app';
import { connect } from './db/connect';
import { DEMO_PASSWORD, demoLogins, isEmpty, seedDemoVenue } from './db/demo-seed';
import { migrateToLatest } from './db/migrate';
import { loadEnv } from './env';
import { systemClock } from './platform/clock';
import { smtpMailer } from './platform/mail';
import { startOutboxWorker } from './platform/outbox';
import { httpSmsProvider } from './platform/sms';
import { startScheduler } from './platform/scheduler';

const env = loadEnv();
const database = connect({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.SANDBAR_DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
});
await migrateToLatest(database.db);

let seeded = false;
if (env.SANDBAR_DEMO && (await isEmpty(database.db))) {
  await seedDemoVenue(database.db, systemClock);
  seeded = true;
}

const app = await buildApp({ database, env });
// A stray rejection (a background task's lost database connection) is logged, not fatal: every
// instance of a scaled-out deployment would otherwise die at once on a database restart.
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
const worker = startOutboxWorker(
  {
    db: database.db,
    clock: systemClock,
    logger: app.log,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL) : undefined,
    sms: env.SMS_PROVIDER_URL
      ? httpSmsProvider({ url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN, from: env.SMS_FROM })
      : undefined,
  },
  env.OUTBOX_INTERVAL_MS,
);
const scheduler = startScheduler({ ...app.deps, logger: app.log });
if (!env.SMTP_URL) app.log.warn('SMTP_URL is not set: e-mails stay queued in the outbox (Config → Outbox).');
if (!env.SMS_PROVIDER_URL) app.log.warn('SMS_PROVIDER_URL is not set: texts stay queued in the outbox.');

const shutdown = async () => {
  scheduler.stop();
  await worker.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: env.PORT, host: env.HOST });
if (seeded) {
  const lines = demoLogins.map((l) => `    ${l.username.padEnd(11)} ${DEMO_PASSWORD}   (${l.note})`);
  console.log(`\nSandbar demo venue loaded. Sign in at http://localhost:${env.PORT} with:\n${lines.join('\n')}\n`);
}
