import { type PmsItemKey, PmsMapping, pmsServerTexts as T } from '@sandbar/contract/pms';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { type ChargeRequest, type FolioLine, type InHouseGuest, PmsError } from '../../platform/pms';
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
  kind === 'addon' ? 'addon' : kind === 'fnb' ? 'fnb' : /cabana/i.test(unitType ?? '') ? 'cabana' : 'umbrella';

/**
 * An item's code. F&B (a sale_items kind written by features/fnb) has its own code; a hotel that
 * has not set one keeps posting F&B under the umbrella's code, as before the F&B code existed
 * (OPERA refuses a line without a transaction code).
 */
const codeOf = (mapping: PmsMapping, item: PmsItemKey) =>
  item === 'fnb' ? mapping.fnb || mapping.umbrella : mapping[item];

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
      return { item, code: codeOf(mapping, item), description: i.name, cents: Number(i.charged_cents) };
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

type Db = Kysely<DB> | Transaction<DB>;

/** The key of a charge's reversal: its own, so a retry of the reversal never reverses twice. */
export const reversalKey = (chargeKey: string) => `${chargeKey}-void`;

/** What a sale should have on the hotel's folio now: its hotel and folio lines, or nothing. */
function wanted(sale: NonNullable<Awaited<ReturnType<typeof repo.saleForPostings>>>) {
  if (sale.payment_method !== 'Room Charge' || sale.deleted_at != null || !sale.hotel_id) return null;
  if (!sale.kind || sale.kind === 'roster' || Number(sale.created_at) < Number(sale.connected_at ?? 0)) return null;
  let mapping: PmsMapping;
  try {
    mapping = PmsMapping.parse(JSON.parse(sale.mapping ?? '{}'));
  } catch {
    mapping = PmsMapping.parse({});
  }
  return { hotelId: sale.hotel_id, mapping };
}

const sameLines = (a: string, b: FolioLine[]) => {
  const x = JSON.parse(a) as FolioLine[];
  return x.length === b.length && x.every((l, i) => l.code === b[i]!.code && l.cents === b[i]!.cents);
};

/**
 * Makes a sale's postings follow the sale (issue 34, points 3 and 4; decision 320). The caller
 * holds the sale's row lock (a correction's transaction, or the queue's own). The sale's live
 * charge — its latest charge not cancelled and not reversed — is compared with what the sale
 * should have on the folio now (hotel, folio lines); when they differ the live charge is
 * superseded (cancelled if no instance has tried it yet, else reversed by a negative posting to
 * the same folio with its own key `<key>-void`) and the sale's next charge `sb-<id>-<n+1>` is
 * queued. `reason` (the admin's correction and why) travels with both to the PMS.
 * Returns how many postings were queued or cancelled.
 */
export async function followSale(db: Db, now: number, saleId: number, reason: string): Promise<number> {
  const sale = await repo.saleForPostings(db, saleId);
  if (!sale) return 0;
  const want = wanted(sale);
  const postings = await repo.postingsOfSale(db, saleId);
  const charges = postings.filter((p) => p.action === 'charge');
  const reversed = new Set(postings.filter((p) => p.voids_id != null).map((p) => p.voids_id));
  const live = charges.filter((c) => c.status !== 'voided' && !reversed.has(c.id)).at(-1);
  const lines = want ? folioLines(await repo.saleItems(db, saleId), sale, want.mapping) : [];
  if (live && want && live.hotel_id === want.hotelId && sameLines(live.lines, lines)) return 0;
  if (!live && !want) return 0;
  let changed = 0;
  if (live) {
    if (!(await repo.cancelUntried(db, live.id))) {
      const negated = (JSON.parse(live.lines) as FolioLine[]).map((l) => ({ ...l, cents: -l.cents }));
      await repo.insertPosting(db, {
        sale_id: saleId,
        hotel_id: live.hotel_id,
        day: live.day,
        action: 'void',
        idem_key: reversalKey(live.idem_key),
        amount_cents: -Number(live.amount_cents),
        lines: JSON.stringify(negated),
        room_number: live.room_number,
        last_name: live.last_name,
        reason: reason.slice(0, 1000),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        pms_ref: null,
        last_error: null,
        created_at: now,
        posted_at: null,
        voids_id: live.id,
        reservation_id: null,
        account_id: null,
      });
    }
    changed++;
  }
  if (want) {
    await repo.insertPosting(db, {
      sale_id: saleId,
      hotel_id: want.hotelId,
      day: sale.day,
      action: 'charge',
      idem_key: postingKey(sale.our_transaction_id, charges.length + 1),
      amount_cents: Number(sale.total_cents),
      lines: JSON.stringify(lines),
      room_number: sale.room_number,
      last_name: sale.last_name,
      reason: charges.length ? reason.slice(0, 1000) : '',
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      pms_ref: null,
      last_error: null,
      created_at: now,
      posted_at: null,
      voids_id: null,
      reservation_id: null,
      account_id: null,
    });
    changed++;
  }
  return changed;
}

/**
 * Adds the missing postings of room-charge sales to connected hotels (taken online, arrived from a
 * tablet's offline queue, or restored). Each sale under its row lock, so a correction made at the
 * same moment is either seen or sees the posting. Returns how many sales got one.
 */
export async function enqueueMissing(deps: Deps, batch = 200): Promise<number> {
  const sales = await repo.salesWithoutPosting(deps.db, batch);
  let added = 0;
  for (const s of sales) {
    const n = await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.lockSale(trx, s.id))) return 0;
      // Another instance, or a correction, may have queued it since the list was read.
      if ((await repo.postingsOfSale(trx, s.id)).length) return 0;
      return followSale(trx, deps.clock.now(), s.id, '');
    });
    if (n) added++;
  }
  return added;
}

type Posting = NonNullable<Awaited<ReturnType<typeof repo.postingById>>>;

const remarkOf = (p: Posting, charge?: Posting) =>
  charge
    ? `Sandbar sale ${p.sale_id} · reversal of ${charge.idem_key}`
    : `Sandbar sale ${p.sale_id}${p.reason ? ' · re-posted' : ''}`;

/** The guest a posting remembers (set when its charge found them), or null. */
const rememberedGuest = (p: Posting): InHouseGuest | null =>
  p.reservation_id
    ? {
        reservationId: p.reservation_id,
        accountId: p.account_id ?? '',
        room: p.room_number,
        surname: p.last_name,
        displayName: p.last_name,
        confirmation: '',
      }
    : null;

const requestOf = (p: Posting, guest: InHouseGuest, currency: string, charge?: Posting): ChargeRequest => ({
  key: p.idem_key,
  guest,
  lines: JSON.parse(p.lines) as FolioLine[],
  currency,
  at: Number(p.created_at),
  remark: remarkOf(p, charge),
  ...(p.reason ? { reason: p.reason } : {}),
});

type Outcome = { status: 'posted'; reference: string } | { status: 'voided'; why: string };

/** A charge: find the guest (once; later attempts reuse them), read back after a first attempt, post. */
async function deliverCharge(deps: Deps, p: Posting, attempt: number): Promise<Outcome> {
  const reversal = await repo.reversalOf(deps.db, p.id);
  // Superseded, and its reversal already found nothing to reverse: posting now would stay on the folio.
  if (reversal?.status === 'voided') return { status: 'voided', why: T.superseded };
  const conn = await connectionOf(deps, p.hotel_id);
  if (conn.kind === 'roster') throw new PmsError(T.disconnected, false);
  const connector = deps.pms.connector(conn);
  let guest = rememberedGuest(p);
  if (!guest) {
    guest = (await connector.findInHouseGuest(p.room_number, p.last_name))[0] ?? null;
    if (!guest) throw new PmsError(T.notInHouse(p.last_name, p.room_number), false);
    await repo.setGuest(deps.db, p.id, attempt, guest.reservationId, guest.accountId);
  }
  const charge = requestOf(p, guest, conn.currency);
  // A previous attempt may have reached the PMS (its answer lost, or the instance stopped):
  // read back before posting again.
  const found = attempt > 1 ? await connector.findPosted(charge) : null;
  return { status: 'posted', reference: (found ?? (await connector.postCharge(charge))).reference };
}

/**
 * A reversal: posted to the folio its charge went to, once the charge has settled. A charge that
 * failed may still be on the folio (its last answer lost): the folio is read back first, and a
 * charge that is not there has nothing to reverse (both are then "voided").
 */
async function deliverReversal(deps: Deps, p: Posting, attempt: number): Promise<Outcome> {
  const charge = await repo.postingById(deps.db, p.voids_id!);
  if (!charge || charge.status === 'voided') return { status: 'voided', why: T.neverReached };
  if (charge.status === 'pending') throw new PmsError(T.waitingForCharge, true);
  const guest = rememberedGuest(charge);
  if (!guest) {
    await repo.settleFailedCharge(deps.db, charge.id, { status: 'voided' });
    return { status: 'voided', why: T.neverReached };
  }
  const conn = await connectionOf(deps, p.hotel_id);
  if (conn.kind === 'roster') throw new PmsError(T.disconnected, false);
  const connector = deps.pms.connector(conn);
  if (charge.status === 'failed') {
    const there = await connector.findPosted(requestOf(charge, guest, conn.currency));
    if (!there) {
      await repo.settleFailedCharge(deps.db, charge.id, { status: 'voided' });
      return { status: 'voided', why: T.neverReached };
    }
    // On the folio after all (its answer was lost): the record says so, and it is reversed.
    await repo.settleFailedCharge(deps.db, charge.id, {
      status: 'posted',
      pms_ref: there.reference.slice(0, 200),
      posted_at: deps.clock.now(),
    });
  }
  await repo.setGuest(deps.db, p.id, attempt, guest.reservationId, guest.accountId);
  const req = requestOf(p, guest, conn.currency, charge);
  const found = attempt > 1 ? await connector.findPosted(req) : null;
  return { status: 'posted', reference: (found ?? (await connector.postCharge(req))).reference };
}

/** Posts the due postings once; each claimed by one instance. Returns how many were posted. */
export async function deliverDuePostings(deps: Deps, logger?: FastifyBaseLogger, batch = 20): Promise<number> {
  const due = await repo.duePostings(deps.db, deps.clock.now(), batch);
  let posted = 0;
  for (const p of due) {
    if (!(await repo.claim(deps.db, p.id, p.attempts, deps.clock.now() + postingRetry.leaseMs))) continue;
    const attempt = p.attempts + 1;
    try {
      const out = p.voids_id != null ? await deliverReversal(deps, p, attempt) : await deliverCharge(deps, p, attempt);
      if (out.status === 'voided') {
        await repo.finish(deps.db, p.id, attempt, { status: 'voided', last_error: out.why });
        continue;
      }
      await repo.finish(deps.db, p.id, attempt, {
        status: 'posted',
        pms_ref: out.reference.slice(0, 200),
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
