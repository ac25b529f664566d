import { centsToMoney } from '@sandbar/contract/common';
import type { OwedRefund, OwedRefundsResponse, RetryRefundResponse } from '@sandbar/contract/payments';
import { cancelPolicyTexts, reservationTexts } from '@sandbar/contract/reservations';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { userLocationIds } from '../venue/venue.repository';
import * as repo from './payments.repository';
import { retryRefund } from './refunds.service';

// Refunds owed through the provider, as staff see them on Bookings (issue 33 point 6): each one
// not yet accepted — queued, being sent, waiting for the provider's word, or refused with the
// provider's words — with a Retry. A refund is never shown or counted as done until accepted.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;
type Actor = Pick<SessionUser, 'id'>;

/** A refund that waits for a person (a refusal that cannot change) has no time of its own. */
const NEVER = Number.MAX_SAFE_INTEGER;

function toOwed(r: repo.OwedRefundRow): OwedRefund {
  const next = Number(r.next_attempt_at);
  return {
    id: r.id,
    reservationId: r.reservation_id,
    guestName: r.guest_name,
    phone: r.phone,
    location: r.location_name,
    day: r.first_day,
    amount: centsToMoney(r.amount_cents),
    status: r.status,
    error: r.last_error ?? '',
    reason: r.reason,
    createdAt: Number(r.created_at),
    attempts: r.attempts,
    nextAttemptAt: r.status === 'failed' || r.status === 'queued' ? (next >= NEVER ? null : next) : null,
  };
}

/** GET /getOwedRefunds: the refunds not yet accepted, of bookings in the user's locations, oldest first. */
export async function owedRefunds(deps: Deps, user: Actor): Promise<OwedRefundsResponse> {
  const allowed = await userLocationIds(deps.db, user.id);
  if (allowed.size === 0) return { refunds: [] };
  return { refunds: (await repo.owedRefunds(deps.db, [...allowed])).map(toOwed) };
}

/**
 * POST /retryRefund: a refused (or still queued) refund is sent now with its own idempotency key,
 * so a retry can never refund twice. Answers what the provider said; a refusal stays owed.
 */
export async function retryOwedRefund(deps: Deps, user: Actor, id: number): Promise<RetryRefundResponse> {
  const before = await repo.owedRefundById(deps.db, id);
  if (!before) throw notFound(cancelPolicyTexts.refundNotFound);
  const allowed = await userLocationIds(deps.db, user.id);
  if (!allowed.has(before.location_id)) throw forbidden(reservationTexts.notYourLocation);
  if (before.status !== 'failed' && before.status !== 'queued') throw conflict(cancelPolicyTexts.refundNotOwed);
  await retryRefund(deps, id);
  const after = (await repo.owedRefundById(deps.db, id))!;
  const amount = centsToMoney(after.amount_cents);
  const details =
    after.status === 'succeeded'
      ? cancelPolicyTexts.refundAccepted(amount)
      : after.status === 'pending'
        ? cancelPolicyTexts.refundPending(amount)
        : after.status === 'failed'
          ? cancelPolicyTexts.refundRefusedAgain(amount, after.last_error || 'refused')
          : // Another caller (the job, a second tap) is sending it right now.
            cancelPolicyTexts.refundNotOwed;
  return { success: 1, details, refund: toOwed(after) };
}
