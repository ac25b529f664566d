import type { FnbRefund } from '@sandbar/contract/fnb';
import { fnbPrice, fnbTexts } from '@sandbar/contract/fnb-texts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import type { FnbRefundsTable } from '../../db/schema-fnb';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { PaymentProviderError } from '../../platform/payments/provider';
import { userLocationIds } from '../units/units.repository';
import { labelOf } from './orders.service';

// Refunds of F&B money paid online (decision 368): each is a row (`fnb_refunds`) written in the
// transaction that decides it — a guest's payment that paid nothing (decision 356), an online-paid
// order voided before delivery, a staff correction (decision 369) — and sent after the commit with
// the row's own key as the provider's idempotency key, so a retry, a second instance or a restart
// never refunds twice. A refusal is kept with the provider's words and retried with backoff (the
// payments job); staff see every refund not yet accepted on Needs attention, with a Retry.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;
export type FnbRefundRow = Selectable<FnbRefundsTable>;
const en = fnbTexts.en;

/** A refusal that cannot change waits for a person (Retry); its time is "never". */
const NEVER = Number.MAX_SAFE_INTEGER;
/** Backoff of a refused refund: 1, 2, 4 … minutes, at most an hour (as the bookings' refunds). */
export const fnbRetryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

type QueueIn = Omit<
  Insertable<FnbRefundsTable>,
  'id' | 'status' | 'provider_refund_ref' | 'attempts' | 'last_error' | 'next_attempt_at' | 'updated_at'
>;

/**
 * Writes a refund to send, inside the caller's transaction. Its key is unique: the same key again
 * (a webhook delivered twice, a replayed request) writes nothing and answers null.
 */
export async function queueFnbRefund(trx: Kysely<DB>, r: QueueIn): Promise<number | null> {
  const now = Number(r.created_at);
  const row = await trx
    .insertInto('fnb_refunds')
    .values({
      ...r,
      idem_key: r.idem_key.slice(0, 200),
      reason: (r.reason ?? '').slice(0, 500),
      status: 'queued',
      provider_refund_ref: null,
      last_error: null,
      next_attempt_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

async function audit(db: Kysely<DB>, r: FnbRefundRow, text: string, now: number) {
  const what = r.order_id != null ? `order #${r.order_id}` : `tab ${r.tab_id}`;
  await db
    .insertInto('audit_log')
    .values({
      user_id: r.created_by,
      kind: 'fnbRefund',
      detail: `${what}: ${fnbPrice(r.amount_cents)} paid online (${r.payment_ref}) ${text}`.slice(0, 1000),
      at: now,
    })
    .execute();
}

/**
 * Sends the refunds that are due (or the ones named): each is claimed by one caller, sent with its
 * key, and ends succeeded, pending (the provider's webhook finishes it) or failed with the
 * provider's words and a time to try again. Without a provider they wait, listed for staff.
 */
export async function sendFnbRefunds(deps: Deps, ids?: number[]): Promise<{ sent: number; failed: number }> {
  const provider = deps.payments;
  if (!provider) return { sent: 0, failed: 0 };
  const now = deps.clock.now();
  let q = deps.db
    .selectFrom('fnb_refunds')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['queued', 'failed']), eb('next_attempt_at', '<=', now)]),
        // A send cut short (a crash between the claim and the answer) is taken again after 5 minutes.
        eb.and([eb('status', '=', 'sending'), eb('updated_at', '<', now - 5 * 60_000)]),
      ]),
    )
    .orderBy('id')
    .limit(50);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  const due = await q.execute();
  let sent = 0;
  let failed = 0;
  for (const r of due) {
    const claimed = await deps.db
      .updateTable('fnb_refunds')
      .set({ status: 'sending', attempts: r.attempts + 1, updated_at: now })
      .where('id', '=', r.id)
      .where('status', '=', r.status)
      .where('attempts', '=', r.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempts = r.attempts + 1;
    try {
      const res = await provider.refund({
        paymentRef: r.payment_ref,
        amountCents: r.amount_cents,
        idempotencyKey: r.idem_key,
        reason: (r.reason || 'F&B refund').slice(0, 200),
      });
      if (res.status === 'failed')
        throw new PaymentProviderError(res.failureReason ?? 'The provider refused the refund.', true);
      await deps.db
        .updateTable('fnb_refunds')
        .set({
          status: res.status === 'pending' ? 'pending' : 'succeeded',
          provider_refund_ref: res.refundRef,
          last_error: null,
          updated_at: now,
        })
        .where('id', '=', r.id)
        .where('status', '=', 'sending')
        .execute();
      if (res.status === 'succeeded') await audit(deps.db, r, `refunded (${res.refundRef}): ${r.reason}`, now);
      sent++;
    } catch (err) {
      failed++;
      const retryable = !(err instanceof PaymentProviderError) || err.retryable;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await deps.db
        .updateTable('fnb_refunds')
        .set({
          status: 'failed',
          last_error: message,
          next_attempt_at: retryable ? now + fnbRetryDelayMs(attempts) : NEVER,
          updated_at: now,
        })
        .where('id', '=', r.id)
        .execute();
      if (attempts === 1) await audit(deps.db, r, `not refunded yet (${message}): tried again`, now);
    }
  }
  return { sent, failed };
}

/** The provider's final word on a pending F&B refund (the payments webhook), in its transaction. */
export async function finishFnbRefund(
  trx: Kysely<DB>,
  e: { refundRef: string; ok: boolean; reason?: string },
  now: number,
): Promise<'processed' | 'ignored' | null> {
  const r = await trx
    .selectFrom('fnb_refunds')
    .selectAll()
    .where('provider_refund_ref', '=', e.refundRef)
    .executeTakeFirst();
  if (!r) return null;
  if (r.status === 'succeeded') return 'ignored';
  if (e.ok) {
    await trx
      .updateTable('fnb_refunds')
      .set({ status: 'succeeded', last_error: null, updated_at: now })
      .where('id', '=', r.id)
      .execute();
    await audit(trx, r, `refunded (${e.refundRef}): ${r.reason}`, now);
    return 'processed';
  }
  await trx
    .updateTable('fnb_refunds')
    .set({
      status: 'failed',
      last_error: (e.reason || 'The provider could not complete the refund.').slice(0, 500),
      next_attempt_at: now + fnbRetryDelayMs(r.attempts),
      updated_at: now,
    })
    .where('id', '=', r.id)
    .execute();
  return 'processed';
}

function refundsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('fnb_refunds as r')
    .innerJoin('positions as p', 'p.id', 'r.position_id')
    .innerJoin('locations as l', 'l.id', 'r.location_id')
    .selectAll('r')
    .select(['p.row', 'p.position', 'p.unit_number', 'l.name as location_name']);
}
type OutRow = Awaited<ReturnType<ReturnType<typeof refundsQuery>['execute']>>[number];

export function refundOut(r: OutRow): FnbRefund {
  const next = Number(r.next_attempt_at);
  return {
    id: r.id,
    kind: r.kind,
    orderId: r.order_id,
    tabId: r.tab_id,
    unitLabel: labelOf(r),
    locationId: r.location_id,
    day: r.day,
    amountCents: r.amount_cents,
    status: r.status,
    error: r.last_error ?? '',
    reason: r.reason,
    attempts: r.attempts,
    createdAt: Number(r.created_at),
    nextAttemptAt: r.status === 'failed' || r.status === 'queued' ? (next >= NEVER ? null : next) : null,
  };
}

export async function refundsByIds(db: Kysely<DB>, ids: number[]): Promise<FnbRefund[]> {
  if (ids.length === 0) return [];
  return (await refundsQuery(db).where('r.id', 'in', ids).orderBy('r.id').execute()).map(refundOut);
}

/** GET /getFnbRefunds : refunds not yet accepted by the provider, in the user's locations, oldest first. */
export async function owedFnbRefunds(deps: Deps, user: SessionUser): Promise<{ refunds: FnbRefund[] }> {
  const mine = await userLocationIds(deps.db, user.id);
  if (mine.length === 0) return { refunds: [] };
  const rows = await refundsQuery(deps.db)
    .where('r.status', '!=', 'succeeded')
    .where('r.location_id', 'in', mine)
    .orderBy('r.id')
    .limit(200)
    .execute();
  return { refunds: rows.map(refundOut) };
}

/** POST /retryFnbRefund : a refused (or still queued) refund is sent now, with its own key. */
export async function retryFnbRefund(deps: Deps, user: SessionUser, id: number) {
  const r = await deps.db.selectFrom('fnb_refunds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(en.refunds.notFound);
  if (!(await userLocationIds(deps.db, user.id)).includes(r.location_id)) throw forbidden(en.errors.notYourLocation);
  if (r.status !== 'failed' && r.status !== 'queued') throw conflict(en.refunds.notOwed);
  const now = deps.clock.now();
  await deps.db
    .updateTable('fnb_refunds')
    .set({ next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'queued'])
    .execute();
  await sendFnbRefunds(deps, [id]);
  const [after] = await refundsByIds(deps.db, [id]);
  return { success: 1 as const, details: answerOf([after!]), refund: after! };
}

/** What staff are told of refunds just sent: done, or waiting (tried again, on Needs attention). */
export function answerOf(refunds: FnbRefund[]): string {
  const done = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amountCents, 0);
  const owed = refunds.filter((r) => r.status !== 'succeeded').reduce((s, r) => s + r.amountCents, 0);
  return [done ? en.refunds.refunded(fnbPrice(done)) : '', owed ? en.refunds.queued(fnbPrice(owed)) : '']
    .filter(Boolean)
    .join(' ');
}
