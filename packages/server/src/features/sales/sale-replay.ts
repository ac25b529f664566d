import { centsToMoney } from '@sandbar/contract/common';
import { padRoom } from '@sandbar/contract/rules/pricing';
import { type SaveCustomerResponse, saleTexts } from '@sandbar/contract/sales';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import { receiptUrl } from '../receipts/receipts.service';
import { type CustomerDataOut, linesOf, savedPhone, toCents } from './sale-lines';
import * as repo from './sales.repository';

// Phase 0 of saveCustomer, the idempotency key: a retry gets the first answer, or a 409.

async function replay(deps: AppDeps, sale: repo.SaleRow, base: string): Promise<SaveCustomerResponse> {
  const customers = await repo.customersOfSale(deps.db, sale.id);
  return {
    status: 1,
    saleId: sale.id,
    ourTransactionId: sale.our_transaction_id,
    receiptId: sale.receipt_id,
    receiptUrl: receiptUrl(base, sale.receipt_id),
    unitIds: customers.map((c) => c.position_id),
    customerIds: customers.map((c) => c.id),
    orderTotal: centsToMoney(sale.subtotal_cents),
    tipAmount: centsToMoney(sale.tip_cents),
    total: centsToMoney(sale.total_cents),
    retailRate: centsToMoney(sale.retail_cents),
    replayed: true,
  };
}

/** Unique-key violations on either database (a concurrent save of the same ourTransactionId). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e?.message ?? '');
}

/** What a sale is, independent of how the tablet spelled it: a retry must say exactly this again. */
function fingerprint(f: {
  method: string;
  hotelId: number | null;
  room: string;
  lines: { unitId: number; selectedUnit: number; addons: number[] }[];
  subtotalCents: number;
  tipCents: number;
  receiptType: string;
  phone: string;
  email: string;
}): string {
  const lines = [...f.lines]
    .sort((a, b) => a.unitId - b.unitId)
    .map((l) => `${l.unitId}:${l.selectedUnit}:${[...l.addons].sort((a, b) => a - b).join('+')}`);
  return JSON.stringify([
    f.method,
    f.hotelId,
    f.room,
    lines,
    f.subtotalCents,
    f.tipCents,
    f.receiptType,
    f.receiptType === 'phone' ? f.phone : '',
    f.receiptType === 'email' ? f.email : '',
  ]);
}

/**
 * Phase 0, the idempotency key: a retry of a recorded sale gets the first answer, but only from
 * its own caller (the same user, or one working the sale's location), and only when it asks for
 * the same sale; a different body under a used id is a 409, never a silent first result.
 */
export async function replayOf(
  deps: AppDeps,
  user: SessionUser,
  data: CustomerDataOut,
  base: string,
): Promise<SaveCustomerResponse | null> {
  const earlier = await repo.saleByTransactionId(deps.db, data.ourTransactionId);
  if (!earlier) return null;
  if (earlier.user_id !== user.id) {
    const allowed = await repo.userLocationIds(deps.db, user.id);
    if (earlier.location_id === null || !allowed.has(earlier.location_id)) throw conflict(saleTexts.replayNotYours);
  }
  const items = await repo.itemsOfSale(deps.db, earlier.id);
  const byUnit = new Map<number, { unitId: number; selectedUnit: number; addons: number[] }>();
  for (const i of items) {
    const line = byUnit.get(i.position_id ?? 0) ?? { unitId: i.position_id ?? 0, selectedUnit: 0, addons: [] };
    if (i.kind === 'unit') line.selectedUnit = i.price_id ?? 0;
    else line.addons.push(i.price_id ?? 0);
    byUnit.set(line.unitId, line);
  }
  const recorded = fingerprint({
    method: earlier.payment_method,
    hotelId: earlier.hotel_id,
    room: earlier.room_number,
    lines: [...byUnit.values()],
    subtotalCents: earlier.subtotal_cents,
    tipCents: earlier.tip_cents,
    receiptType: earlier.receipt_type,
    phone: earlier.customer_phone,
    email: earlier.customer_email,
  });
  const asked = fingerprint({
    method: data.paymentMethod,
    hotelId: data.paymentMethod === 'Room Charge' ? (data.roomChargeHotel ?? null) : null,
    room: data.paymentMethod === 'Room Charge' ? padRoom(data.roomNumber) : '',
    lines: linesOf(data).map((l) => ({ unitId: l.unitId, selectedUnit: l.selectedUnit ?? 0, addons: l.addons })),
    subtotalCents: toCents(data.orderTotal),
    tipCents: toCents(data.tipAmount),
    receiptType: data.receiptType,
    phone: savedPhone(data.customerPhone),
    email: data.customerEmail,
  });
  if (recorded !== asked) throw conflict(saleTexts.replayMismatch);
  return replay(deps, earlier, base);
}
