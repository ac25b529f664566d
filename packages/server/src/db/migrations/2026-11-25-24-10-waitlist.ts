import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: the bookings waitlist (issue 24 point 7). A guest who finds a day full asks for a unit
// of a location (and type) on a day; when one frees up, the first waiting request is offered it
// as a held booking with a short expiry (offer_reservation_id) and a link to keep it.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('waitlist_requests'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('unit_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('booking_window', 'varchar(20)', (c) => c.notNull().defaultTo('full'))
    .addColumn('guest_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('party_size', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('language_code', 'varchar(5)')
    .addColumn('channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('offer_reservation_id', 'integer', (c) => c.references('reservations.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  // The job's question: the waiting (and offered) requests of a day, first come first served.
  await db.schema
    .createIndex('waitlist_requests_status_day')
    .on('waitlist_requests')
    .columns(['status', 'day', 'id'])
    .execute();
  await db.schema.createIndex('waitlist_requests_location').on('waitlist_requests').column('location_id').execute();
  await db.schema
    .createIndex('waitlist_requests_offer')
    .on('waitlist_requests')
    .column('offer_reservation_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_requests').execute();
}
