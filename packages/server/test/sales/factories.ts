import crypto from 'node:crypto';
import type { CustomerData } from '@sandbar/contract/sales';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/** 2026-07-04 10:00 in New York: inside the demo's morning price window. */
export const MORNING = Date.UTC(2026, 6, 4, 14, 0);
export const DAY = '2026-07-04';

/** Position id of a demo unit, e.g. unitId(db, 'MB', 12). */
export async function unitId(db: Kysely<DB>, location: string, number: number): Promise<number> {
  const row = await db
    .selectFrom('positions')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select('positions.id')
    .where('locations.name', '=', location)
    .where('positions.unit_number', '=', number)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function priceId(db: Kysely<DB>, name: string): Promise<number> {
  return (await db.selectFrom('prices').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export async function hotelId(db: Kysely<DB>, name: string): Promise<number> {
  return (await db.selectFrom('hotels').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** A single-unit cash sale payload with overrides (orderTotal before tip). */
export function buildSale(o: Partial<CustomerData> & { unitId: number; selectedUnit: number }): {
  customerData: CustomerData;
} {
  return {
    customerData: {
      ourTransactionId: crypto.randomUUID(),
      paymentMethod: 'Cash',
      customerName: 'Pat Guest',
      orderTotal: '35.00',
      tipAmount: '0',
      receiptType: 'phone',
      customerPhone: '305 555 0100',
      ...o,
    },
  };
}
