import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers';

// Frozen: the extras a booking asks for (issue 24 point 4, "choose units and items"): price-list
// add-ons the guest picked on the page. Check-in offers them in the sale wizard; the sale that
// sells one marks it (sale_id), so a second unit's check-in does not offer it again.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reservation_items'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('price_id', 'integer', (c) => c.notNull().references('prices.id'))
    .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
    .execute();
  // Every foreign key leads an index (query-plans.test.ts): the booking's items, and the deletes
  // of a price or a sale looking for rows that still point at them.
  await db.schema
    .createIndex('reservation_items_reservation')
    .on('reservation_items')
    .columns(['reservation_id', 'price_id'])
    .unique()
    .execute();
  await db.schema.createIndex('reservation_items_price').on('reservation_items').column('price_id').execute();
  await db.schema.createIndex('reservation_items_sale').on('reservation_items').column('sale_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reservation_items').execute();
}
