import type { CatalogueItem } from '@sandbar/contract/rules/pricing';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import { compactSignature, signatureDataUrl } from './signature-png';

// SQL of selling: positions with their location, the price list, hotels, guests and sales.
// Every function takes the db or a transaction first, so the service can compose them.

// Positions and who may work where live in features/venue (below every selling feature).
export { type PositionRow, positionsByIds, userLocationIds } from '../venue/venue.repository';

export async function catalogue(db: Kysely<DB>): Promise<CatalogueItem[]> {
  const [prices, links] = await Promise.all([
    db.selectFrom('prices').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('price_hotels').selectAll().execute(),
  ]);
  return catalogueFromRows(prices, links);
}

/** The price list from its rows (sorted by sort, id) and hotel links, however they were read. */
export function catalogueFromRows(
  prices: Selectable<DB['prices']>[],
  links: { price_id: number; hotel_id: number }[],
): CatalogueItem[] {
  return prices.map((p) => ({
    id: p.id,
    name: p.name,
    // Rows read before the columns existed (a queued statement's copy) have none: English then.
    nameEs: p.name_es ?? '',
    description: p.description ?? '',
    descriptionEs: p.description_es ?? '',
    priceCents: p.price_cents,
    retailRateCents: p.retail_rate_cents,
    hotelRateCents: p.hotel_rate_cents,
    addOn: p.add_on === 1,
    sort: p.sort,
    startTime: p.start_time,
    endTime: p.end_time,
    unitType: p.unit_type,
    allHotels: p.all_hotels === 1,
    hotelIds: links.filter((l) => l.price_id === p.id).map((l) => l.hotel_id),
  }));
}

export async function userName(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** Who seated a customer, when, how they paid and what it cost (for a truthful 409). */
export async function customerSaleInfo(db: Kysely<DB>, customerId: number) {
  return db
    .selectFrom('unit_customers')
    .leftJoin('users', 'users.id', 'unit_customers.created_by')
    .select([
      'unit_customers.created_at',
      'unit_customers.payment_method',
      'unit_customers.price_cents',
      'users.name as user_name',
    ])
    .where('unit_customers.id', '=', customerId)
    .executeTakeFirst();
}

export async function hotels(db: Kysely<DB>) {
  return db.selectFrom('hotels').select(['id', 'name', 'vacation_owner_rule', 'is_other']).orderBy('id').execute();
}

export async function hotelById(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('hotels')
    .select(['id', 'name', 'vacation_owner_rule', 'is_other'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Guests of one hotel (or every hotel) whose name or room matches; at most `limit`. */
export async function searchGuests(
  db: Kysely<DB>,
  opts: { hotelId: number | null; lastName: string; room: string; limit: number },
) {
  let q = db.selectFrom('hotel_guests').selectAll();
  if (opts.hotelId !== null) q = q.where('hotel_id', '=', opts.hotelId);
  if (opts.lastName) {
    const like = `${opts.lastName.toLowerCase().replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['guest_name']), 'like', like),
        eb(eb.fn('lower', ['accompanying_guest_name']), 'like', like),
      ]),
    );
  }
  if (opts.room) {
    const rooms = [...new Set([opts.room, opts.room.replace(/^0+/, ''), opts.room.padStart(4, '0')])].filter(Boolean);
    q = q.where('room', 'in', rooms);
  }
  return q.orderBy('room').orderBy('id').limit(opts.limit).execute();
}

export type SaleRow = NonNullable<Awaited<ReturnType<typeof saleByTransactionId>>>;

export async function saleByTransactionId(db: Kysely<DB>, ourTransactionId: string) {
  return db.selectFrom('sales').selectAll().where('our_transaction_id', '=', ourTransactionId).executeTakeFirst();
}

export async function saleById(db: Kysely<DB>, id: number) {
  return db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function customersOfSale(db: Kysely<DB>, saleId: number) {
  return db
    .selectFrom('unit_customers')
    .select(['id', 'position_id'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
}

export async function itemsOfSale(db: Kysely<DB>, saleId: number) {
  return db.selectFrom('sale_items').selectAll().where('sale_id', '=', saleId).orderBy('id').execute();
}

export async function insertSale(
  db: Kysely<DB>,
  sale: {
    our_transaction_id: string;
    receipt_id: string;
    day: string;
    user_id: number;
    location_id: number | null;
    payment_method: string;
    hotel_id: number | null;
    room_number: string;
    last_name: string;
    customer_name: string;
    manual_entry: number;
    list_cents: number;
    subtotal_cents: number;
    addon_cents: number;
    extra_cents: number;
    tip_cents: number;
    total_cents: number;
    retail_cents: number;
    card_transaction_id: string | null;
    receipt_type: string;
    customer_phone: string;
    customer_email: string;
    signature_png: string | null;
    summary: string;
    notes: string;
    multi: number;
    voucher_number: string;
    language_code?: string | null;
    created_at: number;
  },
): Promise<number> {
  const { signature_png, ...row } = sale;
  const { id } = await db
    .insertInto('sales')
    .values({ ...row, deleted_at: null, deleted_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The signature goes to its own table, compacted to a 1-bit PNG (≈1 KB instead of ≈19 KB).
  const png = compactSignature(signature_png);
  if (png) await db.insertInto('sale_signatures').values({ sale_id: id, png }).execute();
  return id;
}

/** A sale's signature as a data URL, for the screens and receipts that show it; null if unsigned. */
export async function signatureOfSale(db: Kysely<DB>, saleId: number): Promise<string | null> {
  const row = await db.selectFrom('sale_signatures').select('png').where('sale_id', '=', saleId).executeTakeFirst();
  return row ? signatureDataUrl(row.png) : null;
}

export async function insertSaleItems(
  db: Kysely<DB>,
  items: {
    sale_id: number;
    position_id: number | null;
    price_id: number | null;
    kind: 'unit' | 'addon';
    name: string;
    list_cents: number;
    charged_cents: number;
    retail_cents: number;
  }[],
): Promise<void> {
  if (items.length) await db.insertInto('sale_items').values(items).execute();
}

export async function insertCustomer(
  db: Kysely<DB>,
  c: {
    position_id: number;
    day: string;
    sale_id: number;
    customer_name: string;
    payment_method: string;
    price_cents: number;
    receipt_type: string;
    receipt_phone: string;
    receipt_email: string;
    created_at: number;
    created_by: number;
    /** 'unseated': an offline sale's unit was sold meanwhile (its customer waits in "Needs attention"). */
    state?: 'seated' | 'unseated';
  },
): Promise<number> {
  const row = await db
    .insertInto('unit_customers')
    .values({ state: 'seated', ...c })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Customers seen on a position today that have since left (a yellow tile's history). */
export async function hasCustomersToday(db: Kysely<DB>, positionId: number, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('unit_customers')
    .select('id')
    .where('position_id', '=', positionId)
    .where('day', '=', day)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Holds of the given days whose ten minutes have run out (a tablet closed mid-cart). */
export async function expiredHolds(db: Kysely<DB>, days: string[], now: number) {
  return db
    .selectFrom('unit_states')
    .innerJoin('positions', 'positions.id', 'unit_states.position_id')
    .select(['unit_states.position_id', 'unit_states.day', 'unit_states.version', 'positions.location_id'])
    .where('unit_states.day', 'in', days)
    .where('unit_states.status', '=', 1)
    .where('unit_states.hold_expires_at', '<', now)
    .execute();
}

/** Units held by a cart on a day. */
export async function heldByCart(db: Kysely<DB>, cartId: string, day: string) {
  return db
    .selectFrom('unit_states')
    .innerJoin('positions', 'positions.id', 'unit_states.position_id')
    .select(['unit_states.position_id', 'unit_states.version', 'positions.unit_type', 'positions.location_id'])
    .where('unit_states.hold_cart_id', '=', cartId)
    .where('unit_states.day', '=', day)
    .where('unit_states.status', '=', 1)
    .execute();
}
