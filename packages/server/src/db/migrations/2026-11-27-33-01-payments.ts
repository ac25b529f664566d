import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: bookings that pay online (issue 33, decisions 280–282). Money in integer minor units.
// - payment_intents: one payment asked of a guest for a booking through a provider (a Checkout
//   Session at Stripe, a page of the built-in test provider): its amount, currency and state.
// - payment_webhook_events: every verified provider event, stored by its id (unique per provider)
//   so a replay or a duplicate delivery is processed once; admins read deliveries from it.
// - payment_refunds: refunds sent to the provider, queued in the cancel's transaction and sent
//   after it with an idempotency key; only a refund the provider accepted becomes a ledger row.
// Every movement of money stays a row of reservation_payments (decision 171) with the provider's reference.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('payment_intents'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('payment_ref', 'varchar(255)')
    .addColumn('pay_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_intents_provider_ref')
    .on('payment_intents')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema.createIndex('payment_intents_reservation').on('payment_intents').column('reservation_id').execute();

  await withId(db, db.schema.createTable('payment_webhook_events'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('intent_id', 'integer', (c) => c.references('payment_intents.id'))
    .addColumn('received_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_webhook_events_event')
    .on('payment_webhook_events')
    .columns(['provider', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payment_webhook_events_received')
    .on('payment_webhook_events')
    .column('received_at')
    .execute();
  await db.schema
    .createIndex('payment_webhook_events_intent')
    .on('payment_webhook_events')
    .column('intent_id')
    .execute();

  await withId(db, db.schema.createTable('payment_refunds'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('intent_id', 'integer', (c) => c.notNull().references('payment_intents.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_refund_ref', 'varchar(255)')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('next_attempt_at', epochMs, (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_refunds_due')
    .on('payment_refunds')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('payment_refunds_reservation').on('payment_refunds').column('reservation_id').execute();
  await db.schema.createIndex('payment_refunds_intent').on('payment_refunds').column('intent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('payment_webhook_events').execute();
  await db.schema.dropTable('payment_intents').execute();
}
