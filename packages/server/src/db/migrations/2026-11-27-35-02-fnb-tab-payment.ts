import type { Kysely } from 'kysely';

// Frozen: a guest pays the unit's tab online (issue 35 point 7, decision 350): the provider's
// reference of the payment page last opened for the tab, so its webhook finds the tab.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fnb_tabs').addColumn('payment_ref', 'varchar(200)').execute();
  await db.schema.createIndex('fnb_tabs_payment_ref').on('fnb_tabs').column('payment_ref').execute();
  await db.schema.createIndex('fnb_orders_payment_ref').on('fnb_orders').column('payment_ref').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fnb_orders_payment_ref').execute();
  await db.schema.dropIndex('fnb_tabs_payment_ref').execute();
  await db.schema.alterTable('fnb_tabs').dropColumn('payment_ref').execute();
}
