import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: pay by link (issue 33 point 7, decision 310).
// - payment_links: a payment asked of a phone booking's guest by a link staff send: its amount,
//   currency and deadline (the booking's hold). `open_reservation_id` is the booking's id while
//   the link is out and NULL once staff cancelled it: unique, so one booking has one link out,
//   however many "send" taps race (both databases allow many NULLs in a unique index).
// - payment_link_sends: each text or e-mail of a link, with its own token (stored only as its
//   SHA-256) that opens the guest's page: a resend does not kill the link of an earlier message.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('payment_links'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('open_reservation_id', 'integer')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_links_reservation').on('payment_links').column('reservation_id').execute();
  await db.schema
    .createIndex('payment_links_open')
    .on('payment_links')
    .column('open_reservation_id')
    .unique()
    .execute();
  await db.schema.createIndex('payment_links_created_by').on('payment_links').column('created_by').execute();

  await withId(db, db.schema.createTable('payment_link_sends'))
    .addColumn('link_id', 'integer', (c) => c.notNull().references('payment_links.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('sent_at', epochMs, (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id'))
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_link_sends_token')
    .on('payment_link_sends')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema.createIndex('payment_link_sends_link').on('payment_link_sends').column('link_id').execute();
  await db.schema.createIndex('payment_link_sends_sent_by').on('payment_link_sends').column('sent_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_link_sends').execute();
  await db.schema.dropTable('payment_links').execute();
}
