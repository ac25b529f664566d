import type { Kysely } from 'kysely';

// Frozen: the bookings tables' foreign keys get their indexes (issue 25's rule, which the bookings
// migration of the same day predates): erasing a user, a hotel, a location, a unit or a sale makes
// the database look for reservation rows that still point at it, a scan of each table without these.
// test/season/query-plans.test.ts fails on any foreign key without an index that leads with it.
const indexes: [name: string, table: string, column: string][] = [
  ['reservation_payments_sale', 'reservation_payments', 'sale_id'],
  ['reservation_payments_user', 'reservation_payments', 'user_id'],
  ['reservation_units_position', 'reservation_units', 'position_id'],
  ['reservations_created_by', 'reservations', 'created_by'],
  ['reservations_hotel', 'reservations', 'hotel_id'],
  ['reservations_location', 'reservations', 'location_id'],
  ['reservations_sale', 'reservations', 'sale_id'],
  ['reservations_updated_by', 'reservations', 'updated_by'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of indexes) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
