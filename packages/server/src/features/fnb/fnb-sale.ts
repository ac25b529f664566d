import { formatCents } from '@sandbar/contract/rules/money';
import type { Settings } from '@sandbar/contract/settings';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { outboxRow } from '../../platform/outbox';
import { newReceiptId, receiptLanguage, receiptMessages } from '../receipts/receipts.service';
import { savedPhone } from '../sales/sale-lines';
import { compactSignature } from '../sales/signature-png';

// Money of food and drink lands as a sale (decision 350): paid now, a room charge once delivered,
// a tab's settlement. One `sales` row (fnb = 1) with a `sale_items` row of kind 'fnb' per order
// line, so Notes/Drops, receipts, the reports, corrections and issue 34's posting queue (which
// reads room-charge sales) treat it as they treat any sale.

type Db = Kysely<DB> | Transaction<DB>;

export interface FnbSaleLine {
  positionId: number;
  name: string;
  cents: number;
}

export interface FnbSale {
  ourTransactionId: string;
  day: string;
  userId: number;
  locationId: number;
  paymentMethod: string;
  hotelId: number | null;
  roomNumber: string;
  lastName: string;
  customerName: string;
  unitLabel: string;
  lines: FnbSaleLine[];
  tipCents: number;
  cardTransactionId: string | null;
  voucherNumber: string;
  signature: string | null;
  receiptType: 'phone' | 'email' | 'none';
  phone: string;
  email: string;
  languageCode: 'en' | 'es' | null;
  now: number;
}

/** Writes the sale inside the caller's transaction; its receipt (if asked) goes to the outbox. */
export async function writeFnbSale(
  db: Db,
  clock: Clock,
  settings: Settings,
  base: string,
  s: FnbSale,
): Promise<{ saleId: number; receiptId: string }> {
  const subtotal = s.lines.reduce((a, l) => a + l.cents, 0);
  const total = subtotal + s.tipCents;
  const receiptId = newReceiptId();
  const summary = [
    `${s.paymentMethod}${s.hotelId ? ` room ${s.roomNumber}` : ''}${s.voucherNumber ? ` #${s.voucherNumber}` : ''}:`,
    `${s.unitLabel} F&B ${s.lines.map((l) => `${l.name} ${formatCents(l.cents)}`).join('; ')}`,
    s.tipCents ? `tip ${formatCents(s.tipCents)}` : '',
    `total ${formatCents(total)}`,
  ]
    .filter(Boolean)
    .join(' ');
  const { id: saleId } = await db
    .insertInto('sales')
    .values({
      our_transaction_id: s.ourTransactionId,
      receipt_id: receiptId,
      day: s.day,
      user_id: s.userId,
      location_id: s.locationId,
      payment_method: s.paymentMethod,
      hotel_id: s.hotelId,
      room_number: s.roomNumber,
      last_name: s.lastName,
      customer_name: s.customerName,
      manual_entry: 0,
      list_cents: subtotal,
      subtotal_cents: subtotal,
      addon_cents: 0,
      extra_cents: 0,
      tip_cents: s.tipCents,
      total_cents: total,
      retail_cents: 0,
      card_transaction_id: s.cardTransactionId,
      receipt_type: s.receiptType,
      customer_phone: savedPhone(s.phone),
      customer_email: s.email,
      summary,
      notes: '',
      multi: 0,
      voucher_number: s.paymentMethod === 'Voucher' ? s.voucherNumber : '',
      language_code: s.languageCode,
      created_at: s.now,
      deleted_at: null,
      deleted_by: null,
      fnb: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const png = compactSignature(s.signature);
  if (png) await db.insertInto('sale_signatures').values({ sale_id: saleId, png }).execute();
  // kind 'fnb' is outside the sales feature's own union (a rental is 'unit' | 'addon'): said once here.
  await db
    .insertInto('sale_items')
    .values(
      s.lines.map((l) => ({
        sale_id: saleId,
        position_id: l.positionId,
        price_id: null,
        kind: 'fnb' as 'addon',
        name: l.name,
        list_cents: l.cents,
        charged_cents: l.cents,
        retail_cents: 0,
      })),
    )
    .execute();
  if (s.receiptType !== 'none') {
    const messages = receiptMessages(settings, base, {
      language: receiptLanguage(s.languageCode, settings),
      receiptId,
      day: s.day,
      totalCents: total,
      customerName: s.customerName,
      receiptType: s.receiptType,
      phone: s.phone,
      email: s.email,
    });
    for (const m of messages) await db.insertInto('outbox').values(outboxRow(clock, m)).execute();
  }
  return { saleId, receiptId };
}
