import { centsToMoney } from '@sandbar/contract/common';
import {
  type CancelOutcome,
  cancelCutoffAt,
  cancelOutcome,
  cutoffHoursOf,
} from '@sandbar/contract/rules/cancel-policy';
import { dayStartMs } from '@sandbar/contract/rules/time';
import { refundShareCents } from '@sandbar/contract/rules/booking-payment';
import { ONLINE_METHOD, queueOnlineRefund } from '../payments/refunds.service';
import type { Settings } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './reservations.repository';

// The cancellation policy applied (issue 24 point 2): the venue's cut-off decides whether a
// cancelled booking's deposit is refunded or kept; the money is written as refund or forfeit
// rows per method (and per agent), so each lands on the right Notes/Drops line.

export interface PolicyVerdict {
  outcome: CancelOutcome;
  depositCents: number;
  /** What a refund gives back: the venue's refund share of the deposit (issue 33); the rest is kept. */
  refundCents: number;
  cutoffAt: number;
}

/** What cancelling `row` at `now` does under the venue's policy, with what is on account. */
export function policyVerdict(
  row: Pick<repo.ReservationRow, 'first_day'>,
  payments: repo.PaymentRow[],
  settings: Settings,
  now: number,
): PolicyVerdict {
  const cutoffAt = cancelCutoffAt(
    dayStartMs(row.first_day, settings.timeZone),
    cutoffHoursOf(settings.bookingCancelCutoffHours),
  );
  const depositCents = Math.max(0, balanceOf(payments));
  const outcome = cancelOutcome(now, cutoffAt, depositCents);
  const refundCents = outcome === 'refund' ? refundShareCents(depositCents, settings.bookingRefundPercent) : 0;
  return { outcome, depositCents, refundCents, cutoffAt };
}

export function balanceOf(payments: repo.PaymentRow[]): number {
  return payments.reduce((sum, p) => sum + (p.kind === 'deposit' ? p.amount_cents : -p.amount_cents), 0);
}

/**
 * What is left of each deposit once refunds, forfeits and applied money are taken off, oldest
 * deposit first: so a refund goes back by the method (and to the agent) that took it.
 */
export function remainingDeposits(
  payments: repo.PaymentRow[],
): { method: string; userId: number | null; cents: number }[] {
  let used = payments.filter((p) => p.kind !== 'deposit').reduce((s, p) => s + p.amount_cents, 0);
  const out: { method: string; userId: number | null; cents: number }[] = [];
  for (const d of payments.filter((p) => p.kind === 'deposit')) {
    const take = Math.min(used, d.amount_cents);
    used -= take;
    if (d.amount_cents - take > 0) out.push({ method: d.method, userId: d.user_id, cents: d.amount_cents - take });
  }
  return out;
}

/**
 * Writes the deposit on account off as `kind` (refund or forfeit): one row per method and agent.
 * `agent` null: each row goes to the agent who took that deposit (a guest's cancel by the manage
 * link: no staff member did it, and the money is owed from, or stays with, the taker's day).
 */
export async function settleDeposit(
  trx: Kysely<DB>,
  w: {
    reservationId: number;
    payments: repo.PaymentRow[];
    kind: 'refund' | 'forfeit';
    agent: number | null;
    day: string;
    now: number;
    reason: string;
    /** A refund of only this much (the venue's refund share); the rest is forfeited. */
    refundCents?: number;
  },
): Promise<number> {
  const groups = new Map<string, { method: string; userId: number | null; cents: number }>();
  for (const r of remainingDeposits(w.payments)) {
    const userId = w.agent ?? r.userId;
    const key = `${r.method}|${userId}`;
    const g = groups.get(key) ?? { method: r.method, userId, cents: 0 };
    g.cents += r.cents;
    groups.set(key, g);
  }
  let total = 0;
  let refundLeft = w.kind === 'refund' ? (w.refundCents ?? Number.MAX_SAFE_INTEGER) : 0;
  const write = async (kind: 'refund' | 'forfeit', g: { method: string; userId: number | null }, cents: number) => {
    if (cents <= 0) return;
    // Money paid online goes back through the provider (issue 33): queued here, a ledger row once accepted.
    if (kind === 'refund' && g.method === ONLINE_METHOD) {
      await queueOnlineRefund(trx, {
        reservationId: w.reservationId,
        cents,
        reason: w.reason,
        userId: w.agent,
        now: w.now,
      });
      return;
    }
    await repo.insertPayment(trx, {
      reservation_id: w.reservationId,
      kind,
      method: g.method,
      amount_cents: cents,
      day: w.day,
      at: w.now,
      user_id: g.userId,
      card_transaction_id: null,
      voucher_number: '',
      reason: w.reason,
      sale_id: null,
    });
  };
  for (const g of groups.values()) {
    const refund = Math.min(g.cents, refundLeft);
    refundLeft -= refund;
    if (w.kind === 'refund') {
      total += refund;
      await write('refund', g, refund);
      await write('forfeit', g, g.cents - refund);
    } else {
      total += g.cents;
      await write('forfeit', g, g.cents);
    }
  }
  return total;
}

export const describeMoney = (kind: 'refund' | 'forfeit', cents: number) =>
  `deposit ${centsToMoney(cents)} ${kind === 'refund' ? 'refunded' : 'forfeited'}`;
