import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, OutboxTable } from '../db/schema';
import type { Clock } from './clock';
import type { Mailer } from './mail';
import type { SmsProvider } from './sms';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  /** Why it is sent: 'twoFactor', 'receipt', 'report', … (shown on the outbox screen). */
  purpose: string;
}

/** Queue a message. Call it inside the caller's transaction so nothing is sent for a rolled-back change. */
export async function enqueue(db: Kysely<DB>, clock: Clock, m: OutgoingMessage): Promise<number> {
  const row = await db.insertInto('outbox').values(outboxRow(clock, m)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The outbox row of a queued message (written by enqueue, or by a statement that writes it with more). */
export function outboxRow(clock: Clock, m: OutgoingMessage): Insertable<OutboxTable> {
  const now = clock.now();
  return {
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject ?? null,
    body: m.body,
    html: m.html ?? null,
    purpose: m.purpose,
    status: 'queued',
    attempts: 0,
    last_error: null,
    next_attempt_at: now,
    created_at: now,
    sent_at: null,
  };
}

export const outboxRetry = {
  maxAttempts: 8,
  /** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
  delayMs: (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000),
  /** How long a claimed message is reserved for the instance that claimed it. */
  leaseMs: 60_000,
};

export interface OutboxWorkerDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer?: Mailer;
  sms?: SmsProvider;
  logger: FastifyBaseLogger;
  /** The venue's sender (Config → E-mail): handed in by the composition root, read once per batch. */
  readSender(): Promise<{ fromName: string; fromEmail: string }>;
}

/**
 * Delivers due messages once. Each message is claimed with a conditional update, so several
 * server instances on one PostgreSQL database never send the same message twice.
 * Channels without a provider are left queued (and were logged when queued).
 */
export async function deliverDue(deps: OutboxWorkerDeps, batch = 20): Promise<number> {
  const { db, clock, mailer, sms, logger, readSender } = deps;
  const channels = [mailer ? 'email' : null, sms ? 'sms' : null].filter((c): c is 'email' | 'sms' => c !== null);
  if (channels.length === 0) return 0;
  const due = await db
    .selectFrom('outbox')
    .selectAll()
    .where('status', '=', 'queued')
    .where('channel', 'in', channels)
    .where('next_attempt_at', '<=', clock.now())
    .orderBy('id')
    .limit(batch)
    .execute();
  let delivered = 0;
  let fromName: string | undefined;
  let fromEmail: string | undefined;
  for (const m of due) {
    const claimed = await db
      .updateTable('outbox')
      .set({ attempts: m.attempts + 1, next_attempt_at: clock.now() + outboxRetry.leaseMs })
      .where('id', '=', m.id)
      .where('status', '=', 'queued')
      .where('attempts', '=', m.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempt = m.attempts + 1;
    try {
      if (m.channel === 'email') {
        if (fromEmail === undefined) {
          // Settings are read per batch so a changed sender applies without a restart.
          const s = await readSender();
          fromName = s.fromName;
          fromEmail = s.fromEmail;
        }
        await mailer!.send({
          from: fromName ? `"${fromName.replace(/"/g, '')}" <${fromEmail}>` : fromEmail!,
          to: m.recipient,
          subject: m.subject ?? '',
          text: m.body,
          html: m.html,
        });
      } else {
        await sms!.send(m.recipient, m.body);
      }
      await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: clock.now(), last_error: null })
        .where('id', '=', m.id)
        .execute();
      delivered++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = attempt >= outboxRetry.maxAttempts;
      logger.warn({ outboxId: m.id, attempt, err: message }, 'outbox delivery failed');
      await db
        .updateTable('outbox')
        .set({
          status: giveUp ? 'failed' : 'queued',
          last_error: message.slice(0, 1000),
          next_attempt_at: clock.now() + outboxRetry.delayMs(attempt),
        })
        .where('id', '=', m.id)
        .execute();
    }
  }
  return delivered;
}

/** Runs deliverDue on an interval until stopped. */
export function startOutboxWorker(deps: OutboxWorkerDeps, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => deliverDue(deps)).catch((err) => deps.logger.error({ err }, 'outbox worker error'));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const OUTBOX_COLUMNS = sql.raw(
  'channel, recipient, subject, body, html, purpose, status, attempts, last_error, next_attempt_at, created_at, sent_at',
);

/**
 * PostgreSQL: the outbox rows a data-modifying statement writes with its sale or booking (decisions
 * 150, 326, 375), read from `from`, a FROM item holding the outbox's columns (json_populate_recordset).
 */
export function insertOutboxRows(from: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`INSERT INTO outbox (${OUTBOX_COLUMNS}) SELECT ${OUTBOX_COLUMNS} FROM ${from}`;
}
