import type { PmsItemKey, PmsMapping } from '@sandbar/contract/pms';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { type ChargeRequest, type FolioLine, PmsError } from '../../platform/pms';
import { connectionOf } from './pms.service';
import * as repo from './postings.repository';

// The durable posting queue (issue 34, decision 290): every room-charge sale of a connected hotel
// gets a posting row, claimed by one instance at a time, retried with back-off, and keyed by the
// sale so a retry never posts twice (the PMS's read-back before any second attempt).

export const postingRetry = {
  maxAttempts: 10,
  /** Back-off after the n-th failed attempt: 15 s, 30 s, 1 min, … capped at 30 min. */
  delayMs: (attempt: number) => Math.min(15_000 * 2 ** (attempt - 1), 1_800_000),
  /** How long a claimed posting is reserved for the instance that claimed it. */
  leaseMs: 60_000,
};

/** The idempotency key of a sale's n-th posting: the same posting always has the same key. */
export const postingKey = (ourTransactionId: string, n: number) => `sb-${ourTransactionId}-${n}`;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'pms' | 'secretKey'>;

const itemOf = (kind: string, unitType: string | null): PmsItemKey =>
  kind === 'addon' ? 'addon' : /cabana/i.test(unitType ?? '') ? 'cabana' : 'umbrella';

/** The folio lines of a sale as the hotel's mapping says; they add up to the sale's total. */
export function folioLines(
  items: { kind: string; name: string; charged_cents: number; unit_type: string | null }[],
  sale: { tip_cents: number; extra_cents: number; total_cents: number },
  mapping: PmsMapping,
): FolioLine[] {
  const lines: FolioLine[] = items
    .filter((i) => Number(i.charged_cents) !== 0)
    .map((i) => {
      const item = itemOf(i.kind, i.unit_type);
      return { item, code: mapping[item], description: i.name, cents: Number(i.charged_cents) };
    });
  if (Number(sale.extra_cents))
    lines.push({
      item: 'addon',
      code: mapping.addon,
      description: 'Additional guest',
      cents: Number(sale.extra_cents),
    });
  if (Number(sale.tip_cents))
    lines.push({ item: 'tip', code: mapping.tip, description: 'Tip', cents: Number(sale.tip_cents) });
  const diff = Number(sale.total_cents) - lines.reduce((a, l) => a + l.cents, 0);
  // A deposit applied at check-in (or a price edit) is the difference: the folio equals the sale.
  if (diff !== 0)
    lines.push({
      item: 'umbrella',
      code: mapping.umbrella,
      description: diff < 0 ? 'Deposit applied' : 'Adjustment',
      cents: diff,
    });
  return lines;
}

/** Adds the missing postings of room-charge sales to connected hotels. Returns how many. */
export async function enqueueMissing(deps: Deps, batch = 200): Promise<number> {
  const sales = await repo.salesWithoutPosting(deps.db, batch);
  let added = 0;
  const mappings = new Map<number, PmsMapping>();
  for (const s of sales) {
    if (!s.hotel_id) continue;
    let mapping = mappings.get(s.hotel_id);
    if (!mapping) {
      mapping = (await connectionOf(deps, s.hotel_id)).mapping;
      mappings.set(s.hotel_id, mapping);
    }
    const lines = folioLines(await repo.saleItems(deps.db, s.id), s, mapping);
    const ok = await repo.insertPosting(deps.db, {
      sale_id: s.id,
      hotel_id: s.hotel_id,
      day: s.day,
      action: 'charge',
      idem_key: postingKey(s.our_transaction_id, 1),
      amount_cents: Number(s.total_cents),
      lines: JSON.stringify(lines),
      room_number: s.room_number,
      last_name: s.last_name,
      reason: '',
      status: 'pending',
      attempts: 0,
      next_attempt_at: deps.clock.now(),
      pms_ref: null,
      last_error: null,
      created_at: deps.clock.now(),
      posted_at: null,
    });
    if (ok) added++;
  }
  return added;
}

/** Posts the due postings once; each claimed by one instance. Returns how many were posted. */
export async function deliverDuePostings(deps: Deps, logger?: FastifyBaseLogger, batch = 20): Promise<number> {
  const due = await repo.duePostings(deps.db, deps.clock.now(), batch);
  let posted = 0;
  for (const p of due) {
    if (!(await repo.claim(deps.db, p.id, p.attempts, deps.clock.now() + postingRetry.leaseMs))) continue;
    const attempt = p.attempts + 1;
    try {
      const conn = await connectionOf(deps, p.hotel_id);
      if (conn.kind === 'roster') throw new PmsError('The hotel is no longer connected to a PMS.', false);
      const connector = deps.pms.connector(conn);
      const [guest] = await connector.findInHouseGuest(p.room_number, p.last_name);
      if (!guest) throw new PmsError(`No guest ${p.last_name} is in house in room ${p.room_number}.`, false);
      const charge: ChargeRequest = {
        key: p.idem_key,
        guest,
        lines: JSON.parse(p.lines) as FolioLine[],
        currency: conn.currency,
        at: Number(p.created_at),
        remark: `Sandbar sale ${p.sale_id}`,
      };
      // A previous attempt may have reached the PMS (its answer lost, or the instance stopped):
      // read back before posting again.
      const found = attempt > 1 ? await connector.findPosted(charge) : null;
      const done = found ?? (await connector.postCharge(charge));
      await repo.finish(deps.db, p.id, attempt, {
        status: 'posted',
        pms_ref: done.reference.slice(0, 200),
        last_error: null,
        posted_at: deps.clock.now(),
      });
      posted++;
    } catch (err) {
      const e = err instanceof PmsError ? err : new PmsError(err instanceof Error ? err.message : String(err), true);
      const giveUp = !e.retryable || attempt >= postingRetry.maxAttempts;
      logger?.warn({ postingId: p.id, attempt, err: e.message }, 'PMS posting failed');
      await repo.finish(deps.db, p.id, attempt, {
        status: giveUp ? 'failed' : 'pending',
        last_error: e.message.slice(0, 1000),
        next_attempt_at: deps.clock.now() + Math.max(e.retryAfterMs ?? 0, postingRetry.delayMs(attempt)),
      });
    }
  }
  return posted;
}

/** One round of the queue: add missing postings, then post what is due. */
export async function runPostingQueue(
  deps: Deps,
  logger?: FastifyBaseLogger,
): Promise<{ added: number; posted: number }> {
  const added = await enqueueMissing(deps);
  const posted = await deliverDuePostings(deps, logger);
  return { added, posted };
}

/** Runs the queue on an interval until stopped (main.ts). */
export function startPostingWorker(
  deps: Deps,
  logger: FastifyBaseLogger,
  intervalMs: number,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running
      .then(() => runPostingQueue(deps, logger))
      .catch((err) => logger.error({ err }, 'PMS posting queue error'));
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
