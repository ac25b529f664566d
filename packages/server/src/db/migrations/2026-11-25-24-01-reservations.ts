import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: advance bookings (issue 24, DESIGN.md section 11, decision 170).
// - reservations: the booking itself (guest, contact, hotel guest, party, channel, state).
// - reservation_units: which unit-days it holds (or held), kept after it lets them go.
// - reservation_claims: the half-days a live reservation holds, one row per (unit, day, half);
//   the unique key is what keeps two bookings off one half-day. A sale, a cart hold and a booking
//   exclude each other through unit_states' version (the same atomic check-and-set as a sale).
// - reservation_payments: deposits, refunds, forfeits and the amount applied at check-in.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reservations'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('booking_window', 'varchar(20)', (c) => c.notNull().defaultTo('full'))
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('guest_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('hotel_id', 'integer', (c) => c.references('hotels.id'))
    .addColumn('room_number', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('party_size', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('arrival', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('language_code', 'varchar(5)')
    .addColumn('hold_expires_at', epochMs)
    .addColumn('manage_token_hash', 'varchar(64)')
    .addColumn('manage_expires_at', epochMs)
    .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
    .addColumn('status_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('reservations_day').on('reservations').columns(['first_day', 'location_id']).execute();
  await db.schema.createIndex('reservations_status').on('reservations').columns(['status', 'first_day']).execute();
  await db.schema.createIndex('reservations_manage').on('reservations').column('manage_token_hash').unique().execute();

  await withId(db, db.schema.createTable('reservation_units'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('booking_window', 'varchar(20)', (c) => c.notNull())
    .addColumn('released_at', epochMs)
    .execute();
  await db.schema
    .createIndex('reservation_units_day')
    .on('reservation_units')
    .columns(['day', 'position_id'])
    .execute();
  await db.schema
    .createIndex('reservation_units_reservation')
    .on('reservation_units')
    .column('reservation_id')
    .execute();

  await db.schema
    .createTable('reservation_claims')
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('half', 'varchar(2)', (c) => c.notNull())
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addPrimaryKeyConstraint('reservation_claims_pk', ['position_id', 'day', 'half'])
    .execute();
  await db.schema
    .createIndex('reservation_claims_reservation')
    .on('reservation_claims')
    .column('reservation_id')
    .execute();

  await withId(db, db.schema.createTable('reservation_payments'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('method', 'varchar(50)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('at', epochMs, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('card_transaction_id', 'varchar(200)')
    .addColumn('voucher_number', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
    .execute();
  await db.schema
    .createIndex('reservation_payments_reservation')
    .on('reservation_payments')
    .column('reservation_id')
    .execute();
  await db.schema
    .createIndex('reservation_payments_day')
    .on('reservation_payments')
    .columns(['day', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reservation_payments').execute();
  await db.schema.dropTable('reservation_claims').execute();
  await db.schema.dropTable('reservation_units').execute();
  await db.schema.dropTable('reservations').execute();
}
