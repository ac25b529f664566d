import { centsToMoney } from '@sandbar/contract/common';
import {
  type NeedsAttentionResponse,
  type SeatUnseatedBody,
  type SeatUnseatedResponse,
  offlineClockSkewMs,
  offlinePaymentMethods,
  offlineTexts,
  offlineWindowMs,
} from '@sandbar/contract/offline';
import { businessDay, venueParts } from '@sandbar/contract/rules/time';
import { saleTexts } from '@sandbar/contract/sales';
import { unitStatus } from '@sandbar/contract/units';
import type { Insertable, Kysely } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB, SaleAttentionTable } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../auth/auth.service';
import { boardCache } from '../units/board-cache';
import { addUnitLog, compareAndSet, readState } from '../units/unit-state.repository';
import * as unitsRepo from '../units/units.repository';
import * as repo from './offline-sale.repository';
import type { PositionRow } from './sales.repository';
import { positionsByIds, userLocationIds } from './sales.repository';
import { formatCents } from '@sandbar/contract/rules/money';

// Sales taken on a tablet while the server was unreachable (issue 13). saveCustomer calls in here
// at three points (kept small so the sale's own phases stay in sales.service.ts):
//  1. saleMoment: the moment the sale counts at (day, prices, created_at) — when it was taken,
//     bounded to the last 24 hours;
//  2. a unit sold meanwhile does not refuse a queued sale (the money was taken): the customer is
//     recorded unseated, still counted in drop-off and reports;
//  3. raiseAttention: every tablet of the location then sees it in "Needs attention" until somebody
//     seats the customer on a free unit (seatUnseated).

const label = (p: PositionRow) => `${p.location_name} ${p.unit_number || `${p.row}-${p.position}`}`;
const two = (n: number) => String(n).padStart(2, '0');

/** True for a sale queued offline (it carries the moment it was taken). */
export function isOfflineSale(data: { takenAt?: number }): boolean {
  return data.takenAt !== undefined;
}

/**
 * The moment a sale counts at: now for a live sale; for a queued one, when it was taken (a tablet
 * clock up to five minutes ahead is clamped to now). Older than 24 hours is refused: the day is
 * closed, and the tablet keeps the sale for a supervisor.
 */
export function saleMoment(data: { takenAt?: number; paymentMethod: string }, now: number, timeZone: string): number {
  if (data.takenAt === undefined) return now;
  if (!(offlinePaymentMethods as readonly string[]).includes(data.paymentMethod)) {
    throw badRequest(offlineTexts.onlineOnly);
  }
  if (data.takenAt > now + offlineClockSkewMs) throw badRequest(offlineTexts.inFuture);
  if (now - data.takenAt > offlineWindowMs) {
    const t = venueParts(data.takenAt, timeZone);
    throw badRequest(offlineTexts.tooOld(`${businessDay(data.takenAt, timeZone)} ${two(t.hour)}:${two(t.minute)}`));
  }
  return Math.min(data.takenAt, now);
}

interface AttentionInput {
  position: PositionRow;
  day: string;
  customerName: string;
  paymentMethod: string;
  amountCents: number;
  takenAt: number;
  user: Pick<SessionUser, 'id' | 'initials'>;
  receivedAt: number;
}

/** The "Needs attention" item and unit log line of a unit sold meanwhile (without the sale's ids). */
export function attentionOf(a: AttentionInput): {
  row: Omit<Insertable<SaleAttentionTable>, 'sale_id' | 'customer_id'>;
  log: { text: string; at: number };
} {
  return {
    row: {
      location_id: a.position.location_id,
      day: a.day,
      promised_position_id: a.position.id,
      promised_label: label(a.position),
      customer_name: a.customerName,
      payment_method: a.paymentMethod,
      amount_cents: a.amountCents,
      taken_at: a.takenAt,
      taken_by: a.user.id,
      received_at: a.receivedAt,
    },
    log: {
      text:
        `Offline sale to ${a.customerName || 'customer'} (${a.paymentMethod}) ${formatCents(a.amountCents)} ` +
        `by ${a.user.initials}: the unit was sold meanwhile, customer waits in Needs attention`,
      at: a.receivedAt,
    },
  };
}

/** Inside the sale's transaction: the customer of a unit sold meanwhile waits unseated. */
export async function raiseAttention(
  trx: Kysely<DB>,
  a: AttentionInput & { saleId: number; customerId: number },
): Promise<void> {
  const { row, log } = attentionOf(a);
  await repo.markCustomerUnseated(trx, a.customerId);
  await repo.insertAttention(trx, { ...row, sale_id: a.saleId, customer_id: a.customerId });
  await addUnitLog(trx, {
    positionId: a.position.id,
    day: a.day,
    kind: 'log',
    text: log.text,
    userId: a.user.id,
    at: log.at,
  });
}

/** GET /getNeedsAttention: open items of the user's locations. */
export async function needsAttention(deps: AppDeps, user: SessionUser): Promise<NeedsAttentionResponse> {
  const locations = [...(await userLocationIds(deps.db, user.id))];
  const rows = await repo.openAttention(deps.db, locations);
  return {
    items: rows.map((r) => ({
      id: r.id,
      saleId: r.sale_id,
      customerId: r.customer_id,
      customerName: r.customer_name,
      paymentMethod: r.payment_method,
      amount: centsToMoney(r.amount_cents),
      takenAt: Number(r.taken_at),
      takenBy: r.initials ?? '',
      day: r.day,
      locationId: r.location_id,
      promisedUnitId: r.promised_position_id,
      promisedUnit: r.promised_label,
    })),
  };
}

/**
 * POST /seatUnseatedCustomer: one tap seats a waiting customer on a free unit (empty or left) of
 * the sale's day: the customer row moves there, like a move (the trail goes in unit_moves), the
 * unit turns paid, and the item leaves "Needs attention" on every tablet.
 */
export async function seatUnseated(
  deps: AppDeps,
  user: SessionUser,
  body: SeatUnseatedBody,
): Promise<SeatUnseatedResponse> {
  const item = await repo.findAttention(deps.db, body.attentionId);
  const allowed = await userLocationIds(deps.db, user.id);
  if (!item || !allowed.has(item.location_id)) throw notFound(offlineTexts.attentionNotFound);
  const [target] = await positionsByIds(deps.db, [body.unitId]);
  if (!target || target.removed) throw notFound(saleTexts.unitNotFound);
  if (!allowed.has(target.location_id)) throw forbidden(saleTexts.notYourLocation);
  const [promised] = await positionsByIds(deps.db, [item.promised_position_id]);
  if (item.resolved_at !== null) {
    const [at] = await positionsByIds(deps.db, [item.resolved_position_id ?? item.promised_position_id]);
    throw conflict(offlineTexts.alreadySeated(at ? label(at) : 'another unit'));
  }
  const now = deps.clock.now();
  const day = item.day;
  const status = item.payment_method === 'Room Charge' ? unitStatus.roomCharge : unitStatus.paid;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const st = await readState(trx, target.id, day, target.unit_type);
      const free = st.status === unitStatus.empty || st.status === unitStatus.left;
      if (!free) throw conflict(offlineTexts.targetNotFree(label(target)));
      if (!(await repo.resolveAttention(trx, item.id, { userId: user.id, at: now, positionId: target.id }))) {
        throw conflict(offlineTexts.alreadySeated('another unit'));
      }
      if (
        !(await compareAndSet(
          trx,
          target.id,
          day,
          st.version,
          { status, customerId: item.customer_id },
          { userId: user.id, now },
        ))
      ) {
        throw conflict(offlineTexts.targetNotFree(label(target)));
      }
      await unitsRepo.moveCustomerRow(trx, item.customer_id, target.id);
      await unitsRepo.insertMove(trx, {
        day,
        customer_id: item.customer_id,
        customer_name: item.customer_name,
        from_position_id: item.promised_position_id,
        to_position_id: target.id,
        from_label: item.promised_label,
        to_label: label(target),
        user_id: user.id,
        at: now,
      });
      await addUnitLog(trx, {
        positionId: target.id,
        day,
        kind: 'log',
        text: `${item.customer_name || 'Customer'} seated here by ${user.initials} (offline sale promised ${item.promised_label})`,
        userId: user.id,
        at: now,
      });
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // PostgreSQL may abort one of two crossing writers: the unit was taken.
    throw conflict(offlineTexts.targetNotFree(label(target)));
  }
  const unitIds = [target.id, ...(promised ? [promised.id] : [])];
  boardCache(deps.events).touch(day, unitIds);
  await deps.events.publish({
    type: 'reseatCustomer',
    day,
    unitIds,
    locationIds: [...new Set([target.location_id, item.location_id])],
  });
  return {
    status: 1,
    details: offlineTexts.seated(item.customer_name, label(target)),
    unitId: target.id,
    customerId: item.customer_id,
  };
}
