import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: what happens to a unit on a business day (DESIGN.md section 5). A position with no
// unit_states row for a day is at its default status (0; P and T at 6).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('unit_states'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    // Bumped on every change: a write names the version it saw, so a stale tablet gets 409.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hold_cart_id', 'varchar(64)')
    .addColumn('hold_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('hold_expires_at', epochMs)
    .addColumn('customer_id', 'integer')
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addUniqueConstraint('unit_states_position_day', ['position_id', 'day'])
    .execute();
  await db.schema.createIndex('unit_states_day').on('unit_states').column('day').execute();

  await withId(db, db.schema.createTable('unit_customers'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sale_id', 'integer')
    .addColumn('customer_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_method', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receipt_type', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('receipt_phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('receipt_email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // seated | left | moved
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('seated'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('unit_customers_day_position')
    .on('unit_customers')
    .columns(['day', 'position_id'])
    .execute();

  await withId(db, db.schema.createTable('unit_logs'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // log | note
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unit_logs_day_position').on('unit_logs').columns(['day', 'position_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['unit_logs', 'unit_customers', 'unit_states']) await db.schema.dropTable(t).execute();
}
