import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: "Needs attention" items (issue 13). A sale taken on a tablet while the server was
// unreachable, whose unit was sold meanwhile on another tablet, is still recorded (the money was
// taken) with its customer unseated; this row tells every tablet of the location who paid, how
// much, when and which unit they were promised, until somebody seats them on a free unit.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sale_attention'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('unit_customers.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('promised_position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('promised_label', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_method', 'varchar(50)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('taken_at', epochMs, (c) => c.notNull())
    .addColumn('taken_by', 'integer', (c) => c.references('users.id'))
    .addColumn('received_at', epochMs, (c) => c.notNull())
    .addColumn('resolved_at', epochMs)
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('resolved_position_id', 'integer', (c) => c.references('positions.id'))
    .execute();
  await db.schema
    .createIndex('sale_attention_open')
    .on('sale_attention')
    .columns(['location_id', 'resolved_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sale_attention').execute();
}
