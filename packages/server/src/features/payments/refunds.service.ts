import { centsToMoney } from '@sandbar/contract/common';
import { businessDay } from '@sandbar/contract/rules/time';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { PaymentProviderError } from '../../platform/payments/provider';
import { readSettings } from '../settings/settings.repository';
import * as repo from './payments.repository';

// Refunds through the provider (issue 33 point 6, decision 282). A refund is queued in the
// transaction that decides it (a cancel, a late payment), then sent after commit with the key
// `sandbar-refund-<id>`, so a retry never refunds twice. Only a refund the provider accepted is a
// `refund` row of the ledger (method Online, the provider's refund id); a refused one stays
// `failed` with the provider's words, is shown to staff and retried — never recorded as done.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

export const ONLINE_METHOD = 'Online';

/** Backoff of a refused refund: 1, 2, 4 … minutes, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/**
 * Queues refunds of `cents` of a booking's online payments (oldest first), inside the caller's
 * transaction. Returns the cents queued (at most what is left of the payments).
 */
export async function queueOnlineRefund(
  trx: Kysely<DB>,
  w: { reservationId: number; cents: number; reason: string; userId: number | null; now: number },
): Promise<number> {
  let left = w.cents;
  for (const intent of await repo.intentsOf(trx, [w.reservationId])) {
    if (left <= 0) break;
    if (intent.paid_cents <= 0 || !intent.payment_ref) continue;
    const open = intent.paid_cents - (await repo.refundedOrOwed(trx, intent.id));
    const take = Math.min(open, left);
    if (take <= 0) continue;
    await repo.insertRefund(trx, {
      reservation_id: w.reservationId,
      intent_id: intent.id,
      amount_cents: take,
      status: 'queued',
      provider_refund_ref: null,
      reason: w.reason.slice(0, 500),
      last_error: null,
      next_attempt_at: w.now,
      created_at: w.now,
      created_by: w.userId,
      updated_at: w.now,
    });
    left -= take;
  }
  return w.cents - left;
}

/** Writes the ledger row of a refund the provider accepted, once (the refund row moves to succeeded). */
async function recordRefunded(
  trx: Kysely<DB>,
  r: repo.RefundRow,
  refundRef: string,
  now: number,
  timeZone: string,
  from: repo.RefundRow['status'][],
): Promise<boolean> {
  const moved = await trx
    .updateTable('payment_refunds')
    .set({ status: 'succeeded', provider_refund_ref: refundRef, last_error: null, updated_at: now })
    .where('id', '=', r.id)
    .where('status', 'in', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('reservation_payments')
    .values({
      reservation_id: r.reservation_id,
      kind: 'refund',
      method: ONLINE_METHOD,
      amount_cents: r.amount_cents,
      day: businessDay(now, timeZone),
      at: now,
      user_id: r.created_by,
      card_transaction_id: refundRef,
      voucher_number: '',
      reason: r.reason || 'Refunded online',
      sale_id: null,
    })
    .execute();
  await trx
    .insertInto('audit_log')
    .values({
      user_id: r.created_by,
      kind: 'payment.refund',
      detail: `Booking ${r.reservation_id}: ${centsToMoney(r.amount_cents)} refunded online (${refundRef})`,
      at: now,
    })
    .execute();
  return true;
}

/**
 * Sends the refunds that are due (or the ones named): each is claimed by one caller, sent with its
 * idempotency key, and ends succeeded (ledger row), pending (the provider's webhook finishes it)
 * or failed with the provider's words and a time to try again. Returns how many were sent.
 */
export async function sendRefunds(deps: Deps, ids?: number[]): Promise<{ sent: number; failed: number }> {
  const provider = deps.payments;
  if (!provider) return { sent: 0, failed: 0 };
  const now = deps.clock.now();
  const due = await repo.dueRefunds(deps.db, now, ids);
  if (due.length === 0) return { sent: 0, failed: 0 };
  const { timeZone } = await readSettings(deps.db);
  let sent = 0;
  let failed = 0;
  for (const r of due) {
    if (!(await repo.claimRefund(deps.db, r, now))) continue;
    const attempts = r.attempts + 1;
    const intent = await repo.intentById(deps.db, r.intent_id);
    try {
      if (!intent?.payment_ref) throw new PaymentProviderError('The payment has no provider reference.', false);
      const res = await provider.refund({
        paymentRef: intent.payment_ref,
        amountCents: r.amount_cents,
        idempotencyKey: `sandbar-refund-${r.id}`,
        reason: r.reason,
      });
      if (res.status === 'failed')
        throw new PaymentProviderError(res.failureReason ?? 'The provider refused the refund.', true);
      if (res.status === 'pending') {
        await repo.updateRefund(deps.db, r.id, {
          status: 'pending',
          provider_refund_ref: res.refundRef,
          updated_at: now,
        });
      } else {
        await deps.db.transaction().execute((trx) => recordRefunded(trx, r, res.refundRef, now, timeZone, ['sending']));
      }
      sent++;
    } catch (err) {
      failed++;
      const retryable = !(err instanceof PaymentProviderError) || err.retryable;
      await repo.updateRefund(deps.db, r.id, {
        status: 'failed',
        last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        // A refusal that will not change waits for a person (Retry on the booking); others back off.
        next_attempt_at: retryable ? now + retryDelayMs(attempts) : Number.MAX_SAFE_INTEGER,
        updated_at: now,
      });
    }
  }
  return { sent, failed };
}

/** Staff's Retry on a refused refund: due now. */
export async function retryRefund(deps: Deps, id: number): Promise<repo.RefundRow | undefined> {
  const now = deps.clock.now();
  await deps.db
    .updateTable('payment_refunds')
    .set({ next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();
  await sendRefunds(deps, [id]);
  return repo.refundById(deps.db, id);
}

/** The provider's final word on a pending refund (webhook), inside the webhook's transaction. */
export async function finishRefund(
  trx: Kysely<DB>,
  e: { refundRef: string; ok: boolean; reason?: string },
  now: number,
): Promise<'processed' | 'ignored'> {
  const r = await repo.refundByRef(trx, e.refundRef);
  if (!r) return 'ignored';
  if (e.ok) {
    const { timeZone } = await readSettings(trx);
    return (await recordRefunded(trx, r, e.refundRef, now, timeZone, ['pending', 'sending', 'failed']))
      ? 'processed'
      : 'ignored';
  }
  if (r.status === 'succeeded') return 'ignored';
  await repo.updateRefund(trx, r.id, {
    status: 'failed',
    last_error: (e.reason || 'The provider could not complete the refund.').slice(0, 500),
    next_attempt_at: now + retryDelayMs(r.attempts),
    updated_at: now,
  });
  return 'processed';
}
