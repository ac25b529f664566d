import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { readState } from '../units/unit-state.repository';

// Who is on a unit today (issue 35 point 3): a tab is opened only for a unit sold today under a
// name, and the guest proves they are of that party by the last 4 digits of a phone the desk
// holds — the sale's receipt phone, the customer's, or the booking's it checked in.

export interface UnitGuest {
  customerName: string;
  saleId: number | null;
  hotelId: number | null;
  roomNumber: string;
  lastName: string;
  /** The last 4 digits of each phone the desk holds for the party. */
  phoneLast4: string[];
}

const last4 = (phone: string | null | undefined) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
};

/** The unit's seated customer of the day (a paid or room-charged sale), or null. */
export async function unitGuest(
  db: Kysely<DB>,
  position: { id: number; unit_type: string },
  day: string,
): Promise<UnitGuest | null> {
  const state = await readState(db, position.id, day, position.unit_type);
  if ((state.status !== 2 && state.status !== 4) || !state.customerId) return null;
  const customer = await db
    .selectFrom('unit_customers')
    .select(['customer_name', 'sale_id', 'receipt_phone'])
    .where('id', '=', state.customerId)
    .executeTakeFirst();
  if (!customer) return null;
  const sale = customer.sale_id
    ? await db
        .selectFrom('sales')
        .select(['customer_phone', 'hotel_id', 'room_number', 'last_name', 'customer_name'])
        .where('id', '=', customer.sale_id)
        .executeTakeFirst()
    : undefined;
  const booking = customer.sale_id
    ? await db.selectFrom('reservations').select('phone').where('sale_id', '=', customer.sale_id).executeTakeFirst()
    : undefined;
  const phones = [customer.receipt_phone, sale?.customer_phone, booking?.phone]
    .map(last4)
    .filter((p): p is string => !!p);
  return {
    customerName: (customer.customer_name || sale?.customer_name || '').trim(),
    saleId: customer.sale_id,
    hotelId: sale?.hotel_id ?? null,
    roomNumber: sale?.room_number ?? '',
    lastName: sale?.last_name ?? '',
    phoneLast4: [...new Set(phones)],
  };
}
