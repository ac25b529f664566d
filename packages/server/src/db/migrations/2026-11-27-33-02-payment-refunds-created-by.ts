import type { Kysely } from 'kysely';

// Frozen (issue 33): every foreign key leads an index (a deleted user is checked against it);
// 33-01 left payment_refunds.created_by without one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payment_refunds_created_by').on('payment_refunds').column('created_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_refunds_created_by').execute();
}
