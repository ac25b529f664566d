import type { Kysely } from 'kysely';

// Frozen: the provider's id of the money of an F&B order paid online (issue 35, decision 350):
// what a refund names when the order is voided before it is delivered.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fnb_orders').addColumn('paid_ref', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fnb_orders').dropColumn('paid_ref').execute();
}
