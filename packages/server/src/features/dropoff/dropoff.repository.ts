import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** An agent's sales of a day, totalled per payment method (tips included: money taken in). */
export async function salesTotalsByMethod(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('sales')
    .select(['payment_method', (eb) => eb.fn.sum<number>('total_cents').as('cents')])
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('deleted_at', 'is', null)
    .groupBy('payment_method')
    .execute();
}

export async function dropoffsOf(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('dropoffs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Customers the agent seated through a sale that day, newest first. */
export async function customersOf(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('unit_customers')
    .innerJoin('sales', 'sales.id', 'unit_customers.sale_id')
    .innerJoin('positions', 'positions.id', 'unit_customers.position_id')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'unit_customers.id',
      'unit_customers.created_at',
      'unit_customers.customer_name',
      'unit_customers.payment_method',
      'unit_customers.price_cents',
      'positions.unit_number',
      'locations.name as location_name',
    ])
    .where('sales.user_id', '=', userId)
    .where('sales.day', '=', day)
    .where('sales.deleted_at', 'is', null)
    .orderBy('unit_customers.id', 'desc')
    .execute();
}

export async function insertDropoff(
  db: Kysely<DB>,
  d: { user_id: number; day: string; amount_cents: number; notes: string; at: number },
): Promise<number> {
  const row = await db.insertInto('dropoffs').values(d).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
