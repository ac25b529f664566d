import { centsToMoney } from '@sandbar/contract/common';
import {
  type CorrectionResponse,
  type GetTipResponse,
  type TransactionDetail,
  isRoomChargeType,
  reportTexts,
  roomChargeType,
} from '@sandbar/contract/reports';
import { venueParts } from '@sandbar/contract/rules/time';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB, SaleCorrectionsTable } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../auth/auth.service';
import { readSettings } from '../settings/settings.repository';
import * as repo from './reports.repository';
import { correctionNote, describeCorrectionValue } from '@sandbar/contract/rules/corrections';
import { followSale } from '../pms/postings.service';

// Admin corrections (spec section 6, DESIGN.md sections 7 and 10). Each one runs in a
// transaction with its history line (who, when, before, after); the board customers the sale
// seated follow, so tile amounts, the drop-off screen and every report agree afterwards.
// Deletes are soft: the sale stays, hidden from every total, and an admin can restore it.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events'>;
type Trx = Kysely<DB> | Transaction<DB>;

function moneyCents(v: string | number): number {
  const n = typeof v === 'number' ? v : Number(String(v).replace('$', ''));
  return Math.round(n * 100);
}

async function saleOrThrow(db: Trx, id: number) {
  const sale = await repo.saleById(db, id);
  if (!sale) throw notFound(reportTexts.saleNotFound);
  return sale;
}

/** Tells every board showing the sale's day that its tiles changed (drops cached boards too). */
async function announce(deps: Deps, day: string, customers: { position_id: number; location_id: number }[]) {
  await deps.events.publish({
    type: 'correction',
    day,
    unitIds: customers.map((c) => c.position_id),
    locationIds: [...new Set(customers.map((c) => c.location_id))],
  });
}

/**
 * Records one correction: its history line (before, after, who, why, the change to the money the
 * sale counts for) and the same line appended to the sale's notes, so View Transaction Details and
 * the agent's Notes/Drops tell the same story; a room charge's PMS postings follow.
 */
async function record(
  trx: Trx,
  user: SessionUser,
  sale: repo.SaleDetailRow,
  c: { kind: SaleCorrectionsTable['kind']; before: object; after: object; delta: number; reason: string; at: number },
) {
  const before_value = JSON.stringify(c.before);
  const after_value = JSON.stringify(c.after);
  await repo.insertCorrection(trx, {
    sale_id: sale.id,
    kind: c.kind,
    before_value,
    after_value,
    user_id: user.id,
    at: c.at,
    reason: c.reason,
    delta_cents: c.delta,
  });
  const line = correctionNote({
    kind: c.kind,
    before: describeCorrectionValue(c.kind, before_value),
    after: describeCorrectionValue(c.kind, after_value),
    who: user.name || user.username,
    reason: c.reason,
  });
  await repo.updateSale(trx, sale.id, { notes: sale.notes ? `${sale.notes}\n${line}` : line });
  // A room charge already on (or queued for) a hotel's PMS follows, in this transaction: reversed
  // and re-posted with this line as the reason, never a silent difference (issue 34, decision 320).
  await followSale(trx, c.at, sale.id, line);
}

/**
 * Locks the sale's row, then reads it: every correction starts here, so two corrections of one
 * sale run one after the other on both databases and each sees what the other wrote.
 */
async function lockedSale(trx: Trx, id: number) {
  if (!(await repo.lockSale(trx, id))) throw notFound(reportTexts.saleNotFound);
  return saleOrThrow(trx, id);
}

async function softDelete(trx: Trx, user: SessionUser, id: number, now: number, reason: string) {
  const sale = await lockedSale(trx, id);
  if (sale.deleted_at != null) return null;
  const customers = await repo.customersOfSale(trx, id);
  await repo.updateSale(trx, id, { deleted_at: now, deleted_by: user.id });
  // The tiles keep their amounts and read "Deleted" (the board joins the sale); nothing to put
  // back on restore, so a late delete can never hand a restore a zeroed price.
  await record(trx, user, sale, {
    kind: 'delete',
    before: { total: sale.total_cents },
    after: { deleted: true, kept: true },
    delta: -sale.total_cents,
    reason,
    at: now,
  });
  return { day: sale.day, customers };
}

/** POST /deleteTransaction and /deleteMultiTransaction: soft-delete sales (already deleted ones are skipped). */
export async function deleteTransactions(
  deps: Deps,
  user: SessionUser,
  ids: number[],
  reason = '',
): Promise<CorrectionResponse> {
  const now = deps.clock.now();
  const touched = await deps.db.transaction().execute(async (trx) => {
    const out = [];
    // In id order, so two admins deleting overlapping selections take the row locks in one order.
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const r = await softDelete(trx, user, id, now, reason);
      if (r) out.push(r);
    }
    return out;
  });
  for (const t of touched) await announce(deps, t.day, t.customers);
  const details = ids.length === 1 ? reportTexts.deleted : reportTexts.deletedMany(touched.length);
  return { success: 1, details, count: touched.length };
}

/** POST /deleteTipMultiTransaction: from the tip reports, removes the tips and keeps the sales. */
export async function deleteTips(
  deps: Deps,
  user: SessionUser,
  ids: number[],
  reason = '',
): Promise<CorrectionResponse> {
  const now = deps.clock.now();
  const count = await deps.db.transaction().execute(async (trx) => {
    let n = 0;
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const sale = await lockedSale(trx, id);
      if (sale.tip_cents === 0 || sale.deleted_at != null) continue;
      await repo.updateSale(trx, id, { tip_cents: 0, total_cents: sale.total_cents - sale.tip_cents });
      await record(trx, user, sale, {
        kind: 'tipDelete',
        before: { tip: sale.tip_cents },
        after: { tip: 0 },
        delta: -sale.tip_cents,
        reason,
        at: now,
      });
      n++;
    }
    return n;
  });
  return { success: 1, details: reportTexts.tipsDeleted(count), count };
}

/** POST /restoreTransaction: an admin undoes a delete; the sale counts again everywhere. */
export async function restoreTransaction(
  deps: Deps,
  user: SessionUser,
  id: number,
  reason = '',
): Promise<CorrectionResponse> {
  const now = deps.clock.now();
  const r = await deps.db.transaction().execute(async (trx) => {
    const sale = await lockedSale(trx, id);
    if (sale.deleted_at == null) throw badRequest(reportTexts.notDeleted);
    const customers = await repo.customersOfSale(trx, id);
    // Deletes recorded before issue 26 zeroed the tiles and kept their amounts in the history.
    const last = await repo.lastDeleteOf(trx, id);
    const before = last ? (JSON.parse(last.before_value) as { customers?: [number, number][] }) : {};
    const prices = new Map(before.customers ?? []);
    for (const c of customers) {
      const cents = prices.get(c.id);
      if (cents !== undefined && c.price_cents === 0) await repo.setCustomerPrice(trx, c.id, cents);
    }
    await repo.updateSale(trx, id, { deleted_at: null, deleted_by: null });
    await record(trx, user, sale, {
      kind: 'restore',
      before: { deleted: true },
      after: { total: sale.total_cents },
      delta: sale.total_cents,
      reason,
      at: now,
    });
    return { day: sale.day, customers };
  });
  await announce(deps, r.day, r.customers);
  return { success: 1, details: reportTexts.restored, count: 1 };
}

function editable(sale: repo.SaleDetailRow) {
  if (sale.deleted_at != null || sale.multi) throw badRequest(reportTexts.notEditable);
}

/** POST /saveTransaction: a new price (before the tip) for a single-unit sale. */
export async function saveTransactionPrice(
  deps: Deps,
  user: SessionUser,
  id: number,
  price: string | number,
  reason = '',
): Promise<CorrectionResponse> {
  const cents = moneyCents(price);
  const now = deps.clock.now();
  const r = await deps.db.transaction().execute(async (trx) => {
    const sale = await lockedSale(trx, id);
    editable(sale);
    const before = sale.total_cents - sale.tip_cents;
    await repo.updateSale(trx, id, { subtotal_cents: cents, total_cents: cents + sale.tip_cents });
    const customers = await repo.customersOfSale(trx, id);
    for (const c of customers) await repo.setCustomerPrice(trx, c.id, cents);
    await record(trx, user, sale, {
      kind: 'price',
      before: { price: before },
      after: { price: cents },
      delta: cents - before,
      reason,
      at: now,
    });
    return { day: sale.day, customers };
  });
  await announce(deps, r.day, r.customers);
  return { success: 1, details: reportTexts.priceSaved, count: 1 };
}

/** POST /getTip: the sale's tip and price, for the edit-tip form. */
export async function getTip(deps: Deps, id: number): Promise<GetTipResponse> {
  const sale = await saleOrThrow(deps.db, id);
  return {
    transactionId: sale.id,
    Tip_Amount: centsToMoney(sale.tip_cents),
    price: centsToMoney(sale.total_cents - sale.tip_cents),
  };
}

/** POST /saveTip: a new tip; the sale's total follows. */
export async function saveTip(
  deps: Deps,
  user: SessionUser,
  id: number,
  tip: string | number,
  reason = '',
): Promise<CorrectionResponse> {
  const cents = moneyCents(tip);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const sale = await lockedSale(trx, id);
    if (sale.deleted_at != null) throw badRequest(reportTexts.notEditable);
    await repo.updateSale(trx, id, { tip_cents: cents, total_cents: sale.total_cents - sale.tip_cents + cents });
    await record(trx, user, sale, {
      kind: 'tip',
      before: { tip: sale.tip_cents },
      after: { tip: cents },
      delta: cents - sale.tip_cents,
      reason,
      at: now,
    });
  });
  return { success: 1, details: reportTexts.tipSaved, count: 1 };
}

/** POST /switchTransaction {customerId: the sale, reportType: the target hotel's RoomCharge type or id}. */
export async function switchTransaction(
  deps: Deps,
  user: SessionUser,
  id: number,
  target: string,
  reason = '',
): Promise<CorrectionResponse> {
  const hotels = await repo.hotels(deps.db);
  const hotel = isRoomChargeType(target)
    ? hotels.find((h) => roomChargeType(h.name) === target)
    : hotels.find((h) => String(h.id) === target);
  if (!hotel) throw badRequest(reportTexts.unknownType(target));
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const sale = await lockedSale(trx, id);
    editable(sale);
    if (sale.payment_method !== 'Room Charge') throw badRequest(reportTexts.notRoomCharge);
    if (sale.hotel_id === hotel.id) throw badRequest(reportTexts.sameHotel);
    await repo.updateSale(trx, id, { hotel_id: hotel.id });
    await record(trx, user, sale, {
      kind: 'switch',
      before: { hotelId: sale.hotel_id, hotel: sale.hotel ?? '' },
      after: { hotelId: hotel.id, hotel: hotel.name },
      delta: 0,
      reason,
      at: now,
    });
  });
  return { success: 1, details: reportTexts.switched(hotel.name), count: 1 };
}

/** POST /lookupTransaction: 'View Transaction Details' (date plus notes), with the history for admins. */
export async function lookupTransaction(deps: Deps, id: number): Promise<TransactionDetail> {
  const sale = await saleOrThrow(deps.db, id);
  const settings = await readSettings(deps.db);
  const p = venueParts(Number(sale.created_at), settings.timeZone);
  const history = await repo.correctionsOf(deps.db, id);
  return {
    transactionId: sale.id,
    doyFriendly: `${sale.day} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`,
    notes: [sale.summary, sale.notes].filter(Boolean).join('\n'),
    Tip_Amount: centsToMoney(sale.tip_cents),
    price: centsToMoney(sale.total_cents - sale.tip_cents),
    total: centsToMoney(sale.total_cents),
    paymentMethod: sale.payment_method,
    hotel: sale.hotel ?? '',
    agent: sale.agent,
    deleted: sale.deleted_at != null,
    deletedBy: sale.deleted_by_name ?? '',
    history: history.map((h) => ({
      kind: h.kind,
      reason: h.reason,
      who: h.who ?? '',
      at: Number(h.at),
      before: describeCorrectionValue(h.kind, h.before_value),
      after: describeCorrectionValue(h.kind, h.after_value),
    })),
  };
}
