import type { Kysely } from 'kysely';

// Frozen: an index for every foreign key that had none (issue 25). Erasing a row makes the
// database look for rows that still point at it, in every table with a key to it; without an
// index each look is a scan of that table. Erasing a user on a PostgreSQL season took ×5.4 a
// fresh venue's time, its check of receipt_prints (95k rows, one per printed slip) 48.7 ms of it.
// test/season/query-plans.test.ts fails on any foreign key without an index that leads with it.
const indexes: [name: string, table: string, column: string][] = [
  ['receipt_prints_user', 'receipt_prints', 'user_id'],
  ['reprints_user', 'reprints', 'user_id'],
  ['reprints_sale', 'reprints', 'sale_id'],
  ['sale_corrections_user', 'sale_corrections', 'user_id'],
  ['dropoffs_user', 'dropoffs', 'user_id'],
  ['dropoffs_voided_by', 'dropoffs', 'voided_by'],
  ['unit_moves_user', 'unit_moves', 'user_id'],
  ['sessions_user', 'sessions', 'user_id'],
  ['audit_log_user', 'audit_log', 'user_id'],
  ['uploads_user', 'uploads', 'user_id'],
  ['user_locations_location', 'user_locations', 'location_id'],
  ['price_hotels_hotel', 'price_hotels', 'hotel_id'],
  ['sale_attention_sale', 'sale_attention', 'sale_id'],
  ['sale_attention_customer', 'sale_attention', 'customer_id'],
  ['sale_attention_promised_position', 'sale_attention', 'promised_position_id'],
  ['sale_attention_resolved_position', 'sale_attention', 'resolved_position_id'],
  ['sale_attention_taken_by', 'sale_attention', 'taken_by'],
  ['sale_attention_resolved_by', 'sale_attention', 'resolved_by'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of indexes) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
