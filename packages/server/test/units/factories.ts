import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { compareAndSet, readState } from '../../src/features/units/unit-state.repository';

/** A position of the demo venue by location initials and unit number. */
export async function positionOf(db: Kysely<DB>, location: string, unitNumber: number) {
  return db
    .selectFrom('positions')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select(['positions.id', 'positions.location_id', 'positions.unit_type'])
    .where('locations.name', '=', location)
    .where('positions.unit_number', '=', unitNumber)
    .executeTakeFirstOrThrow();
}

/** Seats a paying customer as a completed sale would (status 2, room charge 4); returns the customer id. */
export async function seatCustomer(
  db: Kysely<DB>,
  opts: { positionId: number; day: string; name?: string; paymentMethod?: string; priceCents?: number; at?: number },
): Promise<number> {
  const method = opts.paymentMethod ?? 'Cash';
  const { id } = await db
    .insertInto('unit_customers')
    .values({
      position_id: opts.positionId,
      day: opts.day,
      sale_id: null,
      customer_name: opts.name ?? 'Pat Guest',
      payment_method: method,
      price_cents: opts.priceCents ?? 3500,
      receipt_type: 'phone',
      receipt_phone: '5551234567',
      receipt_email: '',
      state: 'seated',
      created_at: opts.at ?? Date.now(),
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const st = await readState(db, opts.positionId, opts.day, 'U');
  const ok = await compareAndSet(
    db,
    opts.positionId,
    opts.day,
    st.version,
    { status: method === 'Room Charge' ? 4 : 2, customerId: id },
    { userId: null, now: opts.at ?? Date.now() },
  );
  if (!ok) throw new Error('seatCustomer lost a race');
  return id;
}
