import type { Generated } from 'kysely';

// Food and drink to the unit (issue 35, decision 350; migration 2026-11-27-35-01-fnb).

export interface FnbCategoriesTable {
  id: Generated<number>;
  name: string;
  name_es: string;
  start_hour: number | null;
  end_hour: number | null;
  sort_order: number;
  active: number;
  created_at: number;
}

export interface FnbItemsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  name_es: string;
  description: string;
  description_es: string;
  price_cents: number;
  photo_url: string;
  /** Comma-separated allergen keys. */
  allergens: string;
  station: 'bar' | 'kitchen';
  sold_out: number;
  start_hour: number | null;
  end_hour: number | null;
  sort_order: number;
  active: number;
  created_at: number;
  updated_at: number;
}

export interface FnbModifierGroupsTable {
  id: Generated<number>;
  item_id: number;
  name: string;
  name_es: string;
  min_choices: number;
  max_choices: number;
  sort_order: number;
}

export interface FnbModifierOptionsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  name_es: string;
  price_delta_cents: number;
  sort_order: number;
}

export interface FnbUnitCodesTable {
  id: Generated<number>;
  position_id: number;
  token: string;
  created_at: number;
  last_order_at: number | null;
  tab_fails: Generated<number>;
  tab_fails_since: number | null;
}

export interface FnbTabsTable {
  id: Generated<number>;
  position_id: number;
  location_id: number;
  day: string;
  status: 'open' | 'settled';
  customer_name: string;
  opened_at: number;
  opened_by: number | null;
  settled_at: number | null;
  settled_by: number | null;
  sale_id: number | null;
  /** The provider's reference of the guest's online payment of the tab (migration 35-02). */
  payment_ref: Generated<string | null>;
}

export interface FnbOrdersTable {
  id: Generated<number>;
  client_order_id: string;
  day: string;
  position_id: number;
  location_id: number;
  tab_id: number | null;
  channel: 'guest' | 'staff';
  payment: 'online' | 'room' | 'tab' | 'paid';
  payment_method: string;
  status: 'received' | 'preparing' | 'ready' | 'on_way' | 'delivered' | 'voided';
  awaiting_payment: number;
  paid: number;
  total_cents: number;
  tip_cents: number;
  guest_name: string;
  note: string;
  language_code: string;
  hotel_id: number | null;
  room_number: string;
  last_name: string;
  address_hash: string;
  sale_id: number | null;
  payment_ref: string | null;
  /** The provider's id of the money once paid online (what a refund names; migration 35-03). */
  paid_ref: Generated<string | null>;
  /** What staff corrections refunded of an order paid online (migration 35-30): never above its total. */
  refunded_cents: Generated<number>;
  taken_by: number | null;
  created_at: number;
  preparing_at: number | null;
  ready_at: number | null;
  on_way_at: number | null;
  delivered_at: number | null;
  delivered_by: number | null;
  voided_at: number | null;
  voided_by: number | null;
  void_reason: string | null;
}

export interface FnbOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  item_id: number;
  category_id: number;
  name: string;
  name_es: string;
  station: 'bar' | 'kitchen';
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  /** JSON: [{ name, nameEs, priceDeltaCents }]. */
  modifiers: string;
  note: string;
}

export interface FnbTicketsTable {
  id: Generated<number>;
  order_id: number;
  station: 'bar' | 'kitchen';
  status: 'received' | 'preparing' | 'ready';
  started_at: number | null;
  ready_at: number | null;
}

/** A refund of F&B money paid online, sent and retried by a worker (migration 35-30, decision 368). */
export interface FnbRefundsTable {
  id: Generated<number>;
  kind: 'unapplied' | 'void' | 'correction';
  order_id: number | null;
  tab_id: number | null;
  position_id: number;
  location_id: number;
  day: string;
  payment_ref: string;
  amount_cents: number;
  idem_key: string;
  reason: Generated<string>;
  status: 'queued' | 'sending' | 'pending' | 'succeeded' | 'failed';
  provider_refund_ref: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: number;
  created_at: number;
  created_by: number | null;
  updated_at: number;
}

export interface FnbTables {
  fnb_categories: FnbCategoriesTable;
  fnb_items: FnbItemsTable;
  fnb_modifier_groups: FnbModifierGroupsTable;
  fnb_modifier_options: FnbModifierOptionsTable;
  fnb_unit_codes: FnbUnitCodesTable;
  fnb_tabs: FnbTabsTable;
  fnb_orders: FnbOrdersTable;
  fnb_order_lines: FnbOrderLinesTable;
  fnb_tickets: FnbTicketsTable;
  fnb_refunds: FnbRefundsTable;
}
