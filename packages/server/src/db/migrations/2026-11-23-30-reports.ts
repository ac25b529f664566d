import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: report corrections and report subscribers (DESIGN.md sections 7, 10).
// sale_corrections is the history of every admin correction of a sale: delete, restore, price,
// tip (edit or removal) and hotel switch; who, when, and the value before and after (JSON text).
// report_configs holds one row per report type: its name and its subscribers' addresses.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sale_corrections'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
    // delete | restore | price | tip | tipDelete | switch
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('before_value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('after_value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sale_corrections_sale').on('sale_corrections').column('sale_id').execute();
  await db.schema.createIndex('sale_corrections_at').on('sale_corrections').column('at').execute();

  await withId(db, db.schema.createTable('report_configs'))
    .addColumn('report_type', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email_addresses', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  // The reprint report reads a day's reprints by time.
  await db.schema.createIndex('reports_reprints_at').on('reprints').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_reprints_at').execute();
  await db.schema.dropTable('report_configs').execute();
  await db.schema.dropTable('sale_corrections').execute();
}
