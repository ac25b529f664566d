import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** An agent's sales of a day per payment method: total taken in and, within it, the tips. */
export async function salesTotalsByMethod(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('sales')
    .select([
      'payment_method',
      (eb) => eb.fn.sum<number>('total_cents').as('cents'),
      (eb) => eb.fn.sum<number>('tip_cents').as('tip_cents'),
    ])
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('deleted_at', 'is', null)
    .groupBy('payment_method')
    .execute();
}

export async function dropoffsOf(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('dropoffs')
    .leftJoin('users as voider', 'voider.id', 'dropoffs.voided_by')
    .selectAll('dropoffs')
    .select('voider.name as voided_by_name')
    .where('dropoffs.user_id', '=', userId)
    .where('dropoffs.day', '=', day)
    .orderBy('dropoffs.at', 'desc')
    .orderBy('dropoffs.id', 'desc')
    .execute();
}

export async function findDropoff(db: Kysely<DB>, id: number) {
  return db.selectFrom('dropoffs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a drop-off void unless it already is; false when another void got there first. */
export async function voidDropoff(
  db: Kysely<DB>,
  v: { id: number; voided_by: number; void_reason: string; voided_at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('dropoffs')
    .set({ voided_by: v.voided_by, void_reason: v.void_reason, voided_at: v.voided_at })
    .where('id', '=', v.id)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertAudit(db: Kysely<DB>, userId: number, kind: string, detail: string, at: number) {
  await db.insertInto('audit_log').values({ user_id: userId, kind, detail, at }).execute();
}

export async function findUser(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Agents a supervisor may look at: active users, by name. */
export async function activeAgents(db: Kysely<DB>) {
  return db.selectFrom('users').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
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
      'unit_customers.state',
      'positions.unit_number',
      'locations.name as location_name',
    ])
    .where('sales.user_id', '=', userId)
    .where('sales.day', '=', day)
    .where('sales.deleted_at', 'is', null)
    .orderBy('unit_customers.id', 'desc')
    .execute();
}

/** The agent's drop-off recorded under this tablet key, if any (issue 23: a replay). */
export async function dropoffByClientKey(db: Kysely<DB>, userId: number, clientKey: string) {
  return db
    .selectFrom('dropoffs')
    .select(['id', 'amount_cents'])
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

export async function insertDropoff(
  db: Kysely<DB>,
  d: { user_id: number; day: string; amount_cents: number; notes: string; at: number; client_key: string | null },
): Promise<number> {
  const row = await db.insertInto('dropoffs').values(d).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The corrections of an agent's sales of a day, oldest first: the marked lines of their Notes/Drops. */
export async function correctionsOfAgentDay(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('sale_corrections')
    .innerJoin('sales', 'sales.id', 'sale_corrections.sale_id')
    .leftJoin('users', 'users.id', 'sale_corrections.user_id')
    .select([
      'sale_corrections.id',
      'sale_corrections.sale_id',
      'sale_corrections.kind',
      'sale_corrections.before_value',
      'sale_corrections.after_value',
      'sale_corrections.reason',
      'sale_corrections.delta_cents',
      'sale_corrections.at',
      'sales.payment_method',
      'users.name as who',
    ])
    .where('sales.user_id', '=', userId)
    .where('sales.day', '=', day)
    .orderBy('sale_corrections.id')
    .execute();
}

/**
 * The agent's booking deposit money of a day per kind and method (issue 24 point 3): what they
 * took, refunded, applied at a check-in or kept under the policy. The bookings report sums the
 * same rows per day, so the two agree to the cent.
 */
export async function depositsOf(db: Kysely<DB>, userId: number, day: string) {
  return db
    .selectFrom('reservation_payments')
    .select([
      'kind',
      'method',
      (eb) => eb.fn.sum<number>('amount_cents').as('cents'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .groupBy(['kind', 'method'])
    .orderBy('kind')
    .orderBy('method')
    .execute();
}
