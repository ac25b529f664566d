import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen (issue 35, decision 368): refunds of F&B money paid online, as rows a worker sends and
// retries with backoff (a restart loses none). `idem_key` is unique and is the provider's
// idempotency key, so a retry or a second writer never refunds twice. `kind`: unapplied (a guest's
// payment that paid nothing, decision 356), void (an online-paid order voided before delivery),
// correction (staff refund an online-paid order or tab, with a reason). `fnb_orders.refunded_cents`
// is what corrections took back of an order: a conditional update keeps it ≤ the order's total.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fnb_refunds'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('fnb_orders.id'))
    .addColumn('tab_id', 'integer', (c) => c.references('fnb_tabs.id'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('payment_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_refund_ref', 'varchar(255)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('next_attempt_at', epochMs, (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fnb_refunds_idem_key').on('fnb_refunds').column('idem_key').unique().execute();
  await db.schema.createIndex('fnb_refunds_due').on('fnb_refunds').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('fnb_refunds_order').on('fnb_refunds').column('order_id').execute();
  await db.schema.createIndex('fnb_refunds_position').on('fnb_refunds').column('position_id').execute();
  await db.schema.createIndex('fnb_refunds_tab').on('fnb_refunds').column('tab_id').execute();
  await db.schema.createIndex('fnb_refunds_location_day').on('fnb_refunds').columns(['location_id', 'day']).execute();
  await db.schema.createIndex('fnb_refunds_created_by').on('fnb_refunds').column('created_by').execute();
  await db.schema
    .alterTable('fnb_orders')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fnb_orders').dropColumn('refunded_cents').execute();
  await db.schema.dropTable('fnb_refunds').execute();
}
