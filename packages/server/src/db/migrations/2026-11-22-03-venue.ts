import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: venue settings, locations and their permanent positions, hotels and rosters, prices.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('locations'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('umbrellas', 'integer', (c) => c.notNull())
    .addColumn('umbrella_rows', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('positions'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('unit_type', 'varchar(1)', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('umbrella_type', 'varchar(20)')
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('positions_location_row_position', ['location_id', 'row', 'position'])
    .execute();

  await db.schema
    .createTable('user_locations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addPrimaryKeyConstraint('user_locations_pk', ['user_id', 'location_id'])
    .execute();

  await withId(db, db.schema.createTable('hotels'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('room_range', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vacation_owner_rule', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_other', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('hotel_guests'))
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
    .addColumn('room', 'varchar(20)', (c) => c.notNull())
    .addColumn('guest_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('accompanying_guest_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('additional', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('hotel_guests_hotel').on('hotel_guests').column('hotel_id').execute();

  await withId(db, db.schema.createTable('prices'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('retail_rate_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hotel_rate_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('add_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'integer', (c) => c.notNull())
    .addColumn('end_time', 'integer', (c) => c.notNull())
    .addColumn('unit_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('all_hotels', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('price_hotels')
    .addColumn('price_id', 'integer', (c) => c.notNull().references('prices.id'))
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id'))
    .addPrimaryKeyConstraint('price_hotels_pk', ['price_id', 'hotel_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'price_hotels',
    'prices',
    'hotel_guests',
    'hotels',
    'user_locations',
    'positions',
    'locations',
    'settings',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
