import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: sales (transactions), their items, reprints and cash drop-offs (DESIGN.md sections 6, 10).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sales'))
    // Client-generated UUID: the idempotency key of POST /saveCustomer.
    .addColumn('our_transaction_id', 'varchar(64)', (c) => c.notNull().unique())
    // Unguessable id of the public receipt page.
    .addColumn('receipt_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('location_id', 'integer', (c) => c.references('locations.id'))
    .addColumn('payment_method', 'varchar(30)', (c) => c.notNull())
    .addColumn('hotel_id', 'integer', (c) => c.references('hotels.id'))
    .addColumn('room_number', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('manual_entry', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('list_cents', 'integer', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('addon_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tip_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('retail_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card_transaction_id', 'varchar(200)')
    .addColumn('receipt_type', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('signature_png', 'text')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('multi', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('deleted_at', epochMs)
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('sales_day').on('sales').column('day').execute();

  await withId(db, db.schema.createTable('sale_items'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
    .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
    .addColumn('price_id', 'integer', (c) => c.references('prices.id'))
    // unit | addon
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('list_cents', 'integer', (c) => c.notNull())
    .addColumn('charged_cents', 'integer', (c) => c.notNull())
    .addColumn('retail_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sale_items_sale').on('sale_items').column('sale_id').execute();

  await withId(db, db.schema.createTable('reprints'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('dropoffs'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dropoffs_day_user').on('dropoffs').columns(['day', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['dropoffs', 'reprints', 'sale_items', 'sales']) await db.schema.dropTable(t).execute();
}
