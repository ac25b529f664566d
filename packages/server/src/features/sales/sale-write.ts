import type { SaleTotals } from '@sandbar/contract/rules/pricing';
import { formatCents } from '@sandbar/contract/rules/money';
import { saleTexts } from '@sandbar/contract/sales';
import type { Settings } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { SessionUser } from '../../platform/deps';
import { HttpError, conflict } from '../../platform/errors';
import { outboxRow } from '../../platform/outbox';
import { receiptLanguage, receiptMessages } from '../receipts/receipts.service';
import { type UnitState, addUnitLog, compareAndSet, readState } from '../units/unit-state.repository';
import { insertAttention } from './offline-sale.repository';
import * as offline from './offline-sale.service';
import type { Buyer } from './sale-buyer';
import { type CustomerDataOut, linesOf, savedPhone } from './sale-lines';
import { type SaleReads, type SaleWrite, UnitTakenError, writeSale } from './sale-statement.pg';
import { takeable, takenMessage, unitLabel } from './sale-units';
import * as repo from './sales.repository';
import { type CheckIn, completeCheckIn } from '../reservations/check-in';
import { compactSignature } from './signature-png';
import { isReservedState } from '../reservations/reservation-claim';
import type { SqliteHandle } from '../../db/connect';
import { writeSaleSqlite } from './sale-statement.sqlite';

// Phases 3 and 4 of saveCustomer: may the units be claimed, the rows the sale writes, and the
// write itself (one statement on PostgreSQL, one synchronous transaction on SQLite; a check-in's
// small statements in a Kysely transaction on both).

function summaryOf(method: string, buyer: Buyer, positions: repo.PositionRow[], totals: SaleTotals, voucher: string) {
  return [
    `${method}${buyer.hotel ? ` ${buyer.hotel.name} room ${buyer.roomNumber}` : ''}${voucher ? ` #${voucher}` : ''}:`,
    totals.lines
      .map(
        (l, i) =>
          `${unitLabel(positions[i]!)} ${l.items.map((x) => x.item.name).join(' + ')} ${formatCents(l.totalCents)}`,
      )
      .join('; '),
    totals.tipCents ? `tip ${formatCents(totals.tipCents)}` : '',
    `total ${formatCents(totals.totalCents)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface SaleContext {
  user: SessionUser;
  data: CustomerDataOut;
  positions: repo.PositionRow[];
  buyer: Buyer;
  totals: SaleTotals;
  cardTransactionId: string | null;
  multi: boolean;
  day: string;
  now: number;
  /** When the server got the sale: later than `now` for one queued offline (issue 13). */
  receivedAt: number;
  timeZone: string;
  receiptId: string;
  /** A check-in sale (issue 24): the booking, and the booked units of today it may take. */
  checkIn?: CheckIn | null;
  checkInUnits?: Set<number>;
  /** Cents of the booking's deposit taken off this sale's total. */
  depositApplied?: number;
}

/**
 * Phase 3, may the units be claimed: each must still be free, or held by this cart or user. A sale
 * queued offline keeps a unit sold meanwhile: the money was taken (its customer waits unseated).
 */
export async function checkClaimable(
  db: Kysely<DB>,
  c: SaleContext,
  states: UnitState[],
  /** Who holds or sold the units, when the sale's read brought it (PostgreSQL). */
  known?: Pick<SaleReads, 'holders' | 'soldBy'>,
): Promise<void> {
  for (const [i, p] of c.positions.entries()) {
    const s = states[i]!;
    const booked = c.checkInUnits?.has(p.id) ?? false;
    if (!booked && !takeable(s, c.data.cartId ?? null, c.user.id, c.now) && !offline.isOfflineSale(c.data)) {
      const message = await takenMessage(db, p, s, c.timeZone, known);
      throw isReservedState(s) ? new HeldByBookingError(message) : conflict(message);
    }
  }
}

/**
 * The 409 of a unit a booking holds. No sale makes a booking's hold (a check-in sale turns it
 * sold), so this sale's own earlier try cannot be what took the unit: there is no first answer to
 * look up (issue 36: in the opening rush each walk-in refused on a phone's booking read the sales
 * by its transaction id for nothing, one statement per refusal through the busy pool).
 */
export class HeldByBookingError extends HttpError {
  constructor(details: string) {
    super(409, details);
  }
}

/**
 * Phase 4, what the sale writes: the sale and its items, a seated customer (or, for an offline
 * sale whose unit was sold meanwhile, an unseated one and a "Needs attention" item), a log line
 * per unit, the claimed unit states and the receipt (none when the customer declined one). Both
 * databases write exactly these rows (writeSaleInTransaction, or one statement on PostgreSQL).
 */
export function saleRows(
  c: SaleContext,
  states: UnitState[],
  settings: Settings,
  clock: Clock,
  base: string,
): SaleWrite {
  const { data, buyer, totals, user, day, now } = c;
  const method = data.paymentMethod;
  const voucherNumber = method === 'Voucher' ? data.voucherNumber : '';
  const status = method === 'Room Charge' ? 4 : 2;
  const receipts =
    data.receiptType === 'none'
      ? []
      : receiptMessages(settings, base, {
          language: receiptLanguage(data.languageCode, settings),
          receiptId: c.receiptId,
          day,
          totalCents: totals.totalCents,
          customerName: buyer.customerName,
          receiptType: data.receiptType,
          phone: data.customerPhone,
          email: data.customerEmail,
        });
  return {
    sale: {
      our_transaction_id: data.ourTransactionId,
      receipt_id: c.receiptId,
      day,
      user_id: user.id,
      location_id: c.positions[0]!.location_id,
      payment_method: method,
      hotel_id: buyer.hotel?.id ?? null,
      room_number: buyer.roomNumber,
      last_name: buyer.lastName,
      customer_name: buyer.customerName,
      manual_entry: data.manualEntry ? 1 : 0,
      list_cents: totals.listCents,
      subtotal_cents: totals.subtotalCents,
      addon_cents: totals.addonCents,
      extra_cents: totals.extraCents,
      tip_cents: totals.tipCents,
      total_cents: totals.totalCents,
      retail_cents: totals.retailCents,
      card_transaction_id: c.cardTransactionId,
      receipt_type: data.receiptType,
      customer_phone: savedPhone(data.customerPhone),
      customer_email: data.customerEmail,
      summary: summaryOf(method, buyer, c.positions, totals, voucherNumber),
      notes: data.notes,
      multi: c.multi ? 1 : 0,
      voucher_number: voucherNumber,
      language_code: data.languageCode ?? null,
      created_at: now,
    },
    // The signature goes to its own table, compacted to a 1-bit PNG (≈1 KB instead of ≈19 KB).
    signature: compactSignature(data.signature ?? null),
    items: totals.lines.flatMap((l) =>
      l.items.map((x) => ({
        position_id: l.positionId,
        price_id: x.item.id,
        kind: x.kind,
        name: x.item.name,
        list_cents: x.listCents,
        charged_cents: x.chargedCents,
        retail_cents: x.retailCents,
      })),
    ),
    units: c.positions.map((p, i) => {
      const line = totals.lines[i]!;
      const take = takeable(states[i]!, data.cartId ?? null, user.id, now) || (c.checkInUnits?.has(p.id) ?? false);
      // Offline sale, unit sold meanwhile: the customer waits unseated in "Needs attention".
      const attention = take
        ? null
        : offline.attentionOf({
            position: p,
            day,
            customerName: buyer.customerName,
            paymentMethod: method,
            amountCents: line.totalCents,
            takenAt: now,
            user,
            receivedAt: c.receivedAt,
          });
      return {
        positionId: p.id,
        version: states[i]!.version,
        take,
        status,
        customer: {
          customer_name: buyer.customerName,
          payment_method: method,
          price_cents: line.totalCents,
          receipt_type: data.receiptType,
          receipt_phone: savedPhone(data.customerPhone),
          receipt_email: data.customerEmail,
          state: take ? 'seated' : 'unseated',
        },
        log: attention
          ? attention.log
          : {
              text: `Sold to ${buyer.customerName || 'customer'} (${method}) ${formatCents(line.totalCents)} by ${user.initials}`,
              at: now,
            },
        attention: attention?.row ?? null,
      };
    }),
    outbox: receipts.map((m) => outboxRow(clock, m)),
    day,
    now,
    userId: user.id,
  };
}

/** Phase 4 on SQLite (in-process, a statement costs microseconds): small statements in one transaction. */
export async function writeSaleInTransaction(trx: Kysely<DB>, c: SaleContext, w: SaleWrite) {
  const { id: saleId } = await trx
    .insertInto('sales')
    .values({ ...w.sale, deleted_at: null, deleted_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (w.signature) await trx.insertInto('sale_signatures').values({ sale_id: saleId, png: w.signature }).execute();
  await repo.insertSaleItems(
    trx,
    w.items.map((i) => ({ ...i, sale_id: saleId })),
  );
  const customerIds: number[] = [];
  for (const [i, u] of w.units.entries()) {
    const p = c.positions[i]!;
    const customerId = await repo.insertCustomer(trx, {
      ...u.customer,
      position_id: u.positionId,
      day: w.day,
      sale_id: saleId,
      created_at: w.now,
      created_by: w.userId,
    });
    customerIds.push(customerId);
    if (u.take) {
      const won = await compareAndSet(
        trx,
        u.positionId,
        w.day,
        u.version,
        { status: u.status, customerId },
        { userId: w.userId, now: w.now },
      );
      // Lost the race: say what the winner did (sold it, or put it in an order).
      if (!won) throw conflict(await takenMessage(trx, p, await readState(trx, p.id, w.day, p.unit_type), c.timeZone));
    } else {
      await insertAttention(trx, { ...u.attention!, sale_id: saleId, customer_id: customerId });
    }
    await addUnitLog(trx, {
      positionId: u.positionId,
      day: w.day,
      kind: 'log',
      text: u.log.text,
      userId: w.userId,
      at: u.log.at,
    });
  }
  for (const m of w.outbox) await trx.insertInto('outbox').values(m).execute();
  // Check-in: the booking lets today's units go (they are this sale's), applies its deposit.
  if (c.checkIn) {
    await completeCheckIn(trx, c.checkIn, {
      saleId,
      day: w.day,
      positionIds: c.positions.map((p) => p.id),
      applied: c.depositApplied ?? 0,
      userId: w.userId,
      now: w.now,
      method: c.data.paymentMethod,
      addonIds: linesOf(c.data).flatMap((l) => l.addons),
    });
  }
  return { saleId, customerIds };
}

/**
 * Phase 4 as one write: one statement on PostgreSQL, one synchronous transaction of prepared
 * statements on SQLite (`sqlite`); a unit lost meanwhile undoes it and answers who took it.
 */
export async function writeSaleInOneStatement(
  db: Kysely<DB>,
  sqlite: SqliteHandle | null,
  c: SaleContext,
  w: SaleWrite,
) {
  try {
    return sqlite ? writeSaleSqlite(sqlite, w) : await writeSale(db, w);
  } catch (err) {
    if (!(err instanceof UnitTakenError)) throw err;
    for (const [i, u] of w.units.entries()) {
      if (!u.take) continue;
      const p = c.positions[i]!;
      const s = await readState(db, p.id, w.day, p.unit_type);
      if (s.version !== u.version) throw conflict(await takenMessage(db, p, s, c.timeZone));
    }
    throw conflict(saleTexts.unitTaken(unitLabel(c.positions[0]!), 'was just sold on another tablet'));
  }
}
