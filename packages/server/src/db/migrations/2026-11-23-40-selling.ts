import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: every printed slip of a sale (the first print is not a reprint: only later ones are,
// and only those go to the reprint report), and the voucher number of a Voucher sale (printed on
// its receipt, read by the reports).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('receipt_prints'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipt_prints_sale').on('receipt_prints').column('sale_id').execute();
  await db.schema
    .alterTable('sales')
    .addColumn('voucher_number', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sales').dropColumn('voucher_number').execute();
  await db.schema.dropTable('receipt_prints').execute();
}
