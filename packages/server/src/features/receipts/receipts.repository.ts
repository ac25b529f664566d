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
