import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function customerWithSale(db: Kysely<DB>, customerId: number) {
  return db
    .selectFrom('unit_customers')
    .innerJoin('positions', 'positions.id', 'unit_customers.position_id')
    .select([
      'unit_customers.id',
      'unit_customers.position_id',
      'unit_customers.day',
      'unit_customers.sale_id',
      'unit_customers.receipt_type',
      'unit_customers.receipt_phone',
      'unit_customers.receipt_email',
      'positions.location_id',
    ])
    .where('unit_customers.id', '=', customerId)
    .executeTakeFirst();
}

export async function updateCustomerReceipt(
  db: Kysely<DB>,
  customerId: number,
  v: { receipt_type: string; receipt_phone: string; receipt_email: string },
): Promise<void> {
  await db.updateTable('unit_customers').set(v).where('id', '=', customerId).execute();
}

export async function updateSaleReceipt(
  db: Kysely<DB>,
  saleId: number,
  v: { receipt_type: string; customer_phone: string; customer_email: string },
): Promise<void> {
  await db.updateTable('sales').set(v).where('id', '=', saleId).execute();
}

/** The sale of a given customer, or of the latest customer on the unit that day. */
export async function latestSaleOnUnit(
  db: Kysely<DB>,
  positionId: number,
  day: string,
  customerId?: number,
): Promise<number | null> {
  let q = db
    .selectFrom('unit_customers')
    .select('sale_id')
    .where('position_id', '=', positionId)
    .where('sale_id', 'is not', null);
  q = customerId ? q.where('id', '=', customerId) : q.where('day', '=', day);
  const row = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.sale_id ?? null;
}

export async function addReprint(db: Kysely<DB>, r: { sale_id: number; user_id: number; at: number }): Promise<void> {
  await db.insertInto('reprints').values(r).execute();
}

/** How many times a sale's slip has been printed. */
export async function countPrints(db: Kysely<DB>, saleId: number): Promise<number> {
  const row = await db
    .selectFrom('receipt_prints')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sale_id', '=', saleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addPrint(db: Kysely<DB>, r: { sale_id: number; user_id: number; at: number }): Promise<void> {
  await db.insertInto('receipt_prints').values(r).execute();
}

// Reads of a sale for its receipt (receipts sits below sales: a sale queues its receipt, so this
// feature reads the sales tables itself rather than through features/sales; issue 36).

export async function saleById(db: Kysely<DB>, id: number) {
  return db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function saleByReceiptId(db: Kysely<DB>, receiptId: string) {
  return db
    .selectFrom('sales')
    .selectAll()
    .where('receipt_id', '=', receiptId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Units of a sale in the order sold, with where they stand: its rented units, or the unit an F&B
 * sale's orders were for (one row per line; the receipt names each unit once).
 */
export async function unitsOfSale(db: Kysely<DB>, saleId: number) {
  return (
    db
      .selectFrom('sale_items')
      .innerJoin('positions', 'positions.id', 'sale_items.position_id')
      .innerJoin('locations', 'locations.id', 'positions.location_id')
      .select([
        'positions.id',
        'positions.unit_number',
        'positions.unit_type',
        'positions.row',
        'positions.position',
        'locations.name as location_name',
      ])
      .where('sale_items.sale_id', '=', saleId)
      // An F&B sale (issue 35) has no unit line: its lines ('fnb', outside the schema's union) carry
      // the unit the order was for, named once on the receipt.
      .where('sale_items.kind', 'in', ['unit', 'fnb' as 'unit'])
      .orderBy('sale_items.id')
      .execute()
  );
}

/** A sale's items with the Spanish name of their price today ('' when none or the price is gone). */
export async function itemNamesOfSale(db: Kysely<DB>, saleId: number) {
  return db
    .selectFrom('sale_items')
    .leftJoin('prices', 'prices.id', 'sale_items.price_id')
    .select(['sale_items.name', 'sale_items.charged_cents', 'prices.name_es'])
    .where('sale_items.sale_id', '=', saleId)
    .orderBy('sale_items.id')
    .execute();
}
