import type { Kysely } from 'kysely';

// Frozen: indexes a season of data asks for (issue 15), each earned by a measured plan on a
// seeded 120-day season (bench/season/seed.ts) and kept honest by test/season/query-plans.test.ts.
// Without them the drop-off report, a replayed sale and every delete check scanned whole tables
// of hundreds of thousands of rows (4.6 s to refuse a location's deletion on SQLite).
const indexes: [name: string, table: string, columns: string[]][] = [
  // Drop-off report (customers of an agent's sales) and a replayed sale's customers.
  ['unit_customers_sale', 'unit_customers', ['sale_id']],
  // Drop-off report totals and customers (an agent's sales of a day); "has this user sold?".
  ['sales_user_day', 'sales', ['user_id', 'day']],
  // A location's or unit's history, and the foreign-key checks when an unused location's
  // positions are erased (without these every erased position scanned each table).
  ['unit_customers_position', 'unit_customers', ['position_id']],
  ['unit_logs_position', 'unit_logs', ['position_id']],
  ['sale_items_position', 'sale_items', ['position_id']],
  ['sales_location', 'sales', ['location_id']],
  ['unit_moves_from', 'unit_moves', ['from_position_id']],
  ['unit_moves_to', 'unit_moves', ['to_position_id']],
  // Deleting a price clears its sale items' link; deleting a hotel asks whether it has sales.
  ['sale_items_price', 'sale_items', ['price_id']],
  ['sales_hotel', 'sales', ['hotel_id']],
  // The foreign-key checks when a user without history is erased (the large tables only).
  ['unit_logs_user', 'unit_logs', ['user_id']],
  ['unit_customers_created_by', 'unit_customers', ['created_by']],
  ['unit_states_updated_by', 'unit_states', ['updated_by']],
  ['unit_states_hold_user', 'unit_states', ['hold_user_id']],
  ['sales_deleted_by', 'sales', ['deleted_by']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
