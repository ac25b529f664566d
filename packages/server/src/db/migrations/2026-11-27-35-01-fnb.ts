import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: food and drink to the unit (issue 35, decision 350).
// - fnb_categories / fnb_items / fnb_modifier_groups / fnb_modifier_options: the menu (EN/ES,
//   integer cents, serving hours like the price windows, the station, the 86 flag).
// - fnb_unit_codes: one live QR token per unit (position); its row is also the unit's lock for the
//   guest limits (an order takes it first, so a burst of orders from one unit is counted in turn)
//   and keeps the wrong last-4 answers of the unit's tab.
// - fnb_tabs: one per unit and business day (unique), settled by one sale.
// - fnb_orders / fnb_order_lines / fnb_tickets: orders (client id unique: a retry records one),
//   their lines as ordered, one ticket per station that prepares part of it.
// - sales.fnb: 1 on a sale of food and drink (paid now, a room charge delivered, a tab settled),
//   so the daily figures keep rentals and F&B apart.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fnb_categories'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_es', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_hour', 'integer')
    .addColumn('end_hour', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('fnb_items'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('fnb_categories.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_es', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_es', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('photo_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // Comma-separated allergen keys of the contract's list.
    .addColumn('allergens', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('station', 'varchar(10)', (c) => c.notNull())
    .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_hour', 'integer')
    .addColumn('end_hour', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fnb_items_category').on('fnb_items').column('category_id').execute();

  await withId(db, db.schema.createTable('fnb_modifier_groups'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('fnb_items.id'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('name_es', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('min_choices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_choices', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('fnb_modifier_groups_item').on('fnb_modifier_groups').column('item_id').execute();

  await withId(db, db.schema.createTable('fnb_modifier_options'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('fnb_modifier_groups.id'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('name_es', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_delta_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('fnb_modifier_options_group').on('fnb_modifier_options').column('group_id').execute();

  await withId(db, db.schema.createTable('fnb_unit_codes'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('last_order_at', epochMs)
    .addColumn('tab_fails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tab_fails_since', epochMs)
    .execute();
  await db.schema.createIndex('fnb_unit_codes_position').unique().on('fnb_unit_codes').column('position_id').execute();
  await db.schema.createIndex('fnb_unit_codes_token').unique().on('fnb_unit_codes').column('token').execute();

  await withId(db, db.schema.createTable('fnb_tabs'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('opened_at', epochMs, (c) => c.notNull())
    .addColumn('opened_by', 'integer', (c) => c.references('users.id'))
    .addColumn('settled_at', epochMs)
    .addColumn('settled_by', 'integer', (c) => c.references('users.id'))
    .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
    .execute();
  await db.schema.createIndex('fnb_tabs_unit_day').unique().on('fnb_tabs').columns(['position_id', 'day']).execute();
  await db.schema.createIndex('fnb_tabs_day_status').on('fnb_tabs').columns(['day', 'status']).execute();
  await db.schema.createIndex('fnb_tabs_location').on('fnb_tabs').column('location_id').execute();
  await db.schema.createIndex('fnb_tabs_opened_by').on('fnb_tabs').column('opened_by').execute();
  await db.schema.createIndex('fnb_tabs_settled_by').on('fnb_tabs').column('settled_by').execute();
  await db.schema.createIndex('fnb_tabs_sale').on('fnb_tabs').column('sale_id').execute();

  await withId(db, db.schema.createTable('fnb_orders'))
    .addColumn('client_order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('tab_id', 'integer', (c) => c.references('fnb_tabs.id'))
    // guest | staff
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    // online | room | tab | paid
    .addColumn('payment', 'varchar(10)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    // received | preparing | ready | on_way | delivered | voided
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    // An online order waits for the provider before any station sees it.
    .addColumn('awaiting_payment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('tip_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guest_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('language_code', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .addColumn('hotel_id', 'integer', (c) => c.references('hotels.id'))
    .addColumn('room_number', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // The guest's address, hashed (limits per address); '' for staff orders.
    .addColumn('address_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
    .addColumn('payment_ref', 'varchar(200)')
    .addColumn('taken_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('preparing_at', epochMs)
    .addColumn('ready_at', epochMs)
    .addColumn('on_way_at', epochMs)
    .addColumn('delivered_at', epochMs)
    .addColumn('delivered_by', 'integer', (c) => c.references('users.id'))
    .addColumn('voided_at', epochMs)
    .addColumn('voided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('void_reason', 'varchar(200)')
    .execute();
  await db.schema.createIndex('fnb_orders_client').unique().on('fnb_orders').column('client_order_id').execute();
  await db.schema.createIndex('fnb_orders_day_status').on('fnb_orders').columns(['day', 'status']).execute();
  await db.schema.createIndex('fnb_orders_unit_day').on('fnb_orders').columns(['position_id', 'day']).execute();
  await db.schema.createIndex('fnb_orders_location').on('fnb_orders').column('location_id').execute();
  await db.schema.createIndex('fnb_orders_tab').on('fnb_orders').column('tab_id').execute();
  await db.schema.createIndex('fnb_orders_hotel').on('fnb_orders').column('hotel_id').execute();
  await db.schema.createIndex('fnb_orders_sale').on('fnb_orders').column('sale_id').execute();
  await db.schema.createIndex('fnb_orders_taken_by').on('fnb_orders').column('taken_by').execute();
  await db.schema.createIndex('fnb_orders_delivered_by').on('fnb_orders').column('delivered_by').execute();
  await db.schema.createIndex('fnb_orders_voided_by').on('fnb_orders').column('voided_by').execute();
  await db.schema.createIndex('fnb_orders_address').on('fnb_orders').columns(['address_hash', 'created_at']).execute();

  await withId(db, db.schema.createTable('fnb_order_lines'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('fnb_orders.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('fnb_items.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('fnb_categories.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_es', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('station', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    // JSON: [{ name, nameEs, priceDeltaCents }] as ordered.
    .addColumn('modifiers', 'text', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('fnb_order_lines_order').on('fnb_order_lines').column('order_id').execute();
  await db.schema.createIndex('fnb_order_lines_item').on('fnb_order_lines').column('item_id').execute();
  await db.schema.createIndex('fnb_order_lines_category').on('fnb_order_lines').column('category_id').execute();

  await withId(db, db.schema.createTable('fnb_tickets'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('fnb_orders.id'))
    .addColumn('station', 'varchar(10)', (c) => c.notNull())
    // received | preparing | ready
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', epochMs)
    .addColumn('ready_at', epochMs)
    .execute();
  await db.schema
    .createIndex('fnb_tickets_order_station')
    .unique()
    .on('fnb_tickets')
    .columns(['order_id', 'station'])
    .execute();
  await db.schema.createIndex('fnb_tickets_station_status').on('fnb_tickets').columns(['station', 'status']).execute();

  await db.schema
    .alterTable('sales')
    .addColumn('fnb', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sales').dropColumn('fnb').execute();
  for (const t of [
    'fnb_tickets',
    'fnb_order_lines',
    'fnb_orders',
    'fnb_tabs',
    'fnb_unit_codes',
    'fnb_modifier_options',
    'fnb_modifier_groups',
    'fnb_items',
    'fnb_categories',
  ])
    await db.schema.dropTable(t).execute();
}
