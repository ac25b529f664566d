import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen (issue 34): a hotel's PMS connection, and the durable queue of folio postings.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hotel_pms')
    .addColumn('hotel_id', 'integer', (c) => c.primaryKey().references('hotels.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('property_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    // AES-256-GCM of the credentials' JSON (platform/secrets.ts); '' when none are stored.
    .addColumn('secret_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mapping', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('pms_postings'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('room_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', epochMs, (c) => c.notNull())
    .addColumn('pms_ref', 'varchar(200)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('posted_at', epochMs)
    .execute();
  await db.schema.createIndex('pms_postings_idem_key').unique().on('pms_postings').column('idem_key').execute();
  await db.schema
    .createIndex('pms_postings_status_next')
    .on('pms_postings')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('pms_postings_sale').on('pms_postings').column('sale_id').execute();
  await db.schema.createIndex('pms_postings_hotel_day').on('pms_postings').columns(['hotel_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pms_postings').execute();
  await db.schema.dropTable('hotel_pms').execute();
}
