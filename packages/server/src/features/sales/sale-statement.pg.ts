import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { PREPARED } from '../../db/connect';
import type { DB, OutboxTable, SaleAttentionTable, SaleItemsTable, UnitStatesTable } from '../../db/schema';
import { BOARD_EVENTS_CHANNEL } from '../../platform/events';
import { insertOutboxRows } from '../../platform/outbox';
import { RESERVATION_HOLD } from '../reservations/reservation-claim';
import type { PositionRow } from './sales.repository';
import type { CatalogueCache, CatalogueRows } from './sale-catalogue-cache';

// A sale on PostgreSQL in two statements on one connection (issue 15, decision record 150):
// one read of everything the sale is decided on, then one data-modifying statement that claims
// the units (the same compare-and-set as unit-state.repository) and writes the sale, its items,
// customers, unit log lines, "Needs attention" items, receipt messages and signature. A unit lost
// meanwhile makes the statement call sandbar_unit_taken(), whose error undoes all of it.
// SQLite keeps its transaction of small statements: it runs in-process, where a statement costs
// microseconds, not a round trip. Both paths write the same rows (sales.service.ts builds them).

/** What a sale is decided on, read at once. */
export interface SaleReads {
  /** A sale already recorded under this ourTransactionId (a retry). */
  replayed: boolean;
  positions: PositionRow[];
  allowedLocations: Set<number>;
  prices: Selectable<DB['prices']>[];
  links: { price_id: number; hotel_id: number }[];
  settings: { key: string; value: string }[];
  hotel: { id: number; name: string; vacation_owner_rule: number; is_other: number } | null;
  /** The units' rows of the days asked for. */
  states: Selectable<UnitStatesTable>[];
  /**
   * PostgreSQL: the booking holding each of those unit-days that a booking holds (the first claim),
   * for the 409 of a walk-in refused on it — read with the states, not after them (decision 331).
   */
  holders?: SaleHolder[];
  /** PostgreSQL: who sold those unit-days that hold a customer, for a walk-in's 409 (decision 331). */
  soldBy?: SaleSoldBy[];
  days: string[];
}

/** Who sold a unit's customer, when and how: what a walk-in's 409 names. */
export interface SaleSoldBy {
  customer_id: number;
  created_at: number;
  payment_method: string;
  price_cents: number;
  user_name: string | null;
}

/** Whose booking holds a unit-day: what a walk-in's 409 names. */
export interface SaleHolder {
  position_id: number;
  day: string;
  guest_name: string;
  created_at: number;
}

/** The sale's read (readForSale), `sent`: the catalogue version the caller holds. */
function saleReadStatement(
  q: { ourTransactionId: string; unitIds: number[]; userId: number; hotelId: number | null; days: string[] },
  sent: CatalogueRows | null,
) {
  // A single unit on one day (most sales) is matched by plain parameters, a cart by arrays: with
  // arrays PostgreSQL planned the read anew on every sale (a generic plan's estimate for `= ANY` of
  // an unknown array never beat the custom plans), with plain parameters it keeps one plan.
  const one = q.unitIds.length === 1 && q.days.length === 1;
  const positionIn = one ? sql`p.id = ${q.unitIds[0]}::int` : sql`p.id = ANY(${q.unitIds}::int[])`;
  const stateOf = one
    ? sql`s.position_id = ${q.unitIds[0]}::int AND s.day = ${q.days[0]}::text`
    : sql`s.position_id = ANY(${q.unitIds}::int[]) AND s.day = ANY(${q.days}::text[])`;
  return sql<{
    replayed: boolean;
    positions: PositionRow[];
    allowed: number[];
    catalogue_version: number;
    /** Null when the version is the one sent (the cache holds them). */
    prices: Selectable<DB['prices']>[] | null;
    links: { price_id: number; hotel_id: number }[] | null;
    settings: { key: string; value: string }[] | null;
    hotel: SaleReads['hotel'];
    states: Selectable<UnitStatesTable>[];
    holders: SaleHolder[];
    sold_by: SaleSoldBy[];
  }>`${sql.raw(PREPARED)}
    WITH cv AS (SELECT version, version = ${sent?.version ?? -1}::bigint AS known FROM catalogue_version WHERE id = 1)
    SELECT
      (SELECT version FROM cv) AS catalogue_version,
      EXISTS (SELECT 1 FROM sales WHERE our_transaction_id = ${q.ourTransactionId}) AS replayed,
      (SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'location_id', p.location_id, 'row', p."row", 'position', p."position",
          'unit_type', p.unit_type, 'unit_number', p.unit_number, 'removed', p.removed,
          'location_name', l.name)), '[]')
        FROM positions p JOIN locations l ON l.id = p.location_id
        WHERE ${positionIn}) AS positions,
      (SELECT coalesce(json_agg(location_id), '[]') FROM user_locations WHERE user_id = ${q.userId}) AS allowed,
      CASE WHEN (SELECT known FROM cv) THEN NULL
        ELSE (SELECT coalesce(json_agg(p ORDER BY p.sort, p.id), '[]') FROM prices p) END AS prices,
      CASE WHEN (SELECT known FROM cv) THEN NULL
        ELSE (SELECT coalesce(json_agg(json_build_object('price_id', price_id, 'hotel_id', hotel_id)), '[]')
          FROM price_hotels) END AS links,
      CASE WHEN (SELECT known FROM cv) THEN NULL
        ELSE (SELECT coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]') FROM settings) END
        AS settings,
      (SELECT row_to_json(h) FROM (SELECT id, name, vacation_owner_rule, is_other FROM hotels
        WHERE id = ${q.hotelId}::int) h) AS hotel,
      (SELECT coalesce(json_agg(s), '[]') FROM unit_states s
        WHERE ${stateOf}) AS states,
      (SELECT coalesce(json_agg(h), '[]') FROM (
        SELECT DISTINCT ON (c.position_id, c.day) c.position_id, c.day, r.guest_name, r.created_at
        FROM unit_states s
        JOIN reservation_claims c ON c.position_id = s.position_id AND c.day = s.day
        JOIN reservations r ON r.id = c.reservation_id
        WHERE ${stateOf} AND s.status = 1 AND s.hold_cart_id = ${RESERVATION_HOLD}
        ORDER BY c.position_id, c.day, c.half) h) AS holders,
      (SELECT coalesce(json_agg(x), '[]') FROM (
        SELECT uc.id AS customer_id, uc.created_at, uc.payment_method, uc.price_cents, u.name AS user_name
        FROM unit_states s
        JOIN unit_customers uc ON uc.id = s.customer_id
        LEFT JOIN users u ON u.id = uc.created_by
        WHERE ${stateOf}) x) AS sold_by
  `;
}

export async function readForSale(
  db: Kysely<DB>,
  q: { ourTransactionId: string; unitIds: number[]; userId: number; hotelId: number | null; days: string[] },
  /** The lists read by an earlier sale: sent again only when the catalogue version moved (decision 253). */
  cache: CatalogueCache = { current: null },
): Promise<SaleReads> {
  // The lists this read may be answered with (another sale may replace the cache meanwhile).
  const sent = cache.current;
  const { rows } = await saleReadStatement(q, sent).execute(db);
  const r = rows[0]!;
  // One statement, one snapshot: the lists (when sent) are those of the version it read; else the
  // version it read is the one sent. The cache only moves forward (sales answered out of order).
  let catalogue: CatalogueRows;
  if (r.prices && r.links && r.settings) {
    catalogue = { version: Number(r.catalogue_version), prices: r.prices, links: r.links, settings: r.settings };
    if (!cache.current || cache.current.version < catalogue.version) cache.current = catalogue;
  } else if (sent && Number(r.catalogue_version) === sent.version) {
    catalogue = sent;
  } else {
    throw new Error('the sale read left out the price list without holding its version');
  }
  return {
    replayed: r.replayed,
    positions: r.positions,
    allowedLocations: new Set(r.allowed),
    prices: catalogue.prices,
    links: catalogue.links,
    settings: catalogue.settings,
    hotel: r.hotel,
    states: r.states,
    holders: r.holders,
    soldBy: r.sold_by,
    days: q.days,
  };
}

/** One unit of the sale as the statement writes it. */
export interface SaleUnitWrite {
  positionId: number;
  /** The version read (0: no row yet that day); only for a unit claimed. */
  version: number;
  /** Claimed (sold) here; false: an offline sale's unit sold meanwhile (the customer waits unseated). */
  take: boolean;
  status: number;
  customer: {
    customer_name: string;
    payment_method: string;
    price_cents: number;
    receipt_type: string;
    receipt_phone: string;
    receipt_email: string;
    state: 'seated' | 'unseated';
  };
  log: { text: string; at: number };
  attention: Omit<Insertable<SaleAttentionTable>, 'sale_id' | 'customer_id'> | null;
}

export interface SaleWrite {
  sale: Omit<Insertable<DB['sales']>, 'id'>;
  signature: Buffer | null;
  items: Omit<Selectable<SaleItemsTable>, 'id' | 'sale_id'>[];
  units: SaleUnitWrite[];
  outbox: Insertable<OutboxTable>[];
  day: string;
  now: number;
  userId: number;
  /** The board event (JSON), NOTIFYed by the statement itself: delivered when it commits. */
  notify?: string | null;
}

/** Thrown when a unit of the sale was claimed by someone else between the read and the write. */
export class UnitTakenError extends Error {}

/** PostgreSQL's answer when two crossing multi-unit sales deadlock: one of them lost a unit. */
const LOST = new Set(['SB409', '40P01', '40001']);

/** The sale's write (writeSale) as one data-modifying statement. */
function saleWriteStatement(w: SaleWrite) {
  const units = w.units.map((u, n) => ({
    n,
    position_id: u.positionId,
    version: u.version,
    status: u.status,
    take: u.take,
    ...u.customer,
    log_text: u.log.text,
    log_at: u.log.at,
  }));
  const items = w.items.map((i, n) => ({ n, ...i }));
  const attention = w.units.flatMap((u) => (u.attention ? [u.attention] : []));
  const claims = w.units.filter((u) => u.take).length;
  const s = w.sale;
  return sql<{ sale_id: number; customer_ids: number[] }>`${sql.raw(PREPARED)}
    WITH
    sale AS (
      INSERT INTO sales (our_transaction_id, receipt_id, day, user_id, location_id, payment_method, hotel_id,
        room_number, last_name, customer_name, manual_entry, list_cents, subtotal_cents, addon_cents,
        extra_cents, tip_cents, total_cents, retail_cents, card_transaction_id, receipt_type, customer_phone,
        customer_email, summary, notes, multi, voucher_number, language_code, created_at, deleted_at, deleted_by)
      SELECT our_transaction_id, receipt_id, day, user_id, location_id, payment_method, hotel_id,
        room_number, last_name, customer_name, manual_entry, list_cents, subtotal_cents, addon_cents,
        extra_cents, tip_cents, total_cents, retail_cents, card_transaction_id, receipt_type, customer_phone,
        customer_email, summary, notes, multi, voucher_number, language_code, created_at, NULL, NULL
      FROM json_populate_record(NULL::sales, ${JSON.stringify(s)}::json)
      RETURNING id
    ),
    units AS MATERIALIZED (
      SELECT u.*, nextval(pg_get_serial_sequence('unit_customers', 'id'))::int AS customer_id
      FROM json_to_recordset(${JSON.stringify(units)}::json) AS u(n int, position_id int, version int, status int,
        take boolean, customer_name text, payment_method text, price_cents int, receipt_type text,
        receipt_phone text, receipt_email text, state text, log_text text, log_at bigint)
    ),
    customers AS (
      INSERT INTO unit_customers (id, position_id, day, sale_id, customer_name, payment_method, price_cents,
        receipt_type, receipt_phone, receipt_email, state, created_at, created_by)
      SELECT u.customer_id, u.position_id, ${w.day}::text, sale.id, u.customer_name, u.payment_method,
        u.price_cents, u.receipt_type, u.receipt_phone, u.receipt_email, u.state, ${w.now}::bigint, ${w.userId}::int
      FROM units u CROSS JOIN sale ORDER BY u.n
    ),
    items AS (
      INSERT INTO sale_items (sale_id, position_id, price_id, kind, name, list_cents, charged_cents, retail_cents)
      SELECT sale.id, i.position_id, i.price_id, i.kind, i.name, i.list_cents, i.charged_cents, i.retail_cents
      FROM json_to_recordset(${JSON.stringify(items)}::json) AS i(n int, position_id int, price_id int, kind text,
        name text, list_cents int, charged_cents int, retail_cents int) CROSS JOIN sale ORDER BY i.n
    ),
    inserted AS (
      INSERT INTO unit_states (position_id, day, status, version, hold_cart_id, hold_user_id, hold_expires_at,
        customer_id, updated_at, updated_by)
      SELECT u.position_id, ${w.day}::text, u.status, 1, NULL, NULL, NULL, u.customer_id, ${w.now}::bigint,
        ${w.userId}::int
      FROM units u WHERE u.take AND u.version = 0
      ON CONFLICT (position_id, day) DO NOTHING
      RETURNING position_id
    ),
    updated AS (
      UPDATE unit_states st SET status = u.status, version = u.version + 1, hold_cart_id = NULL,
        hold_user_id = NULL, hold_expires_at = NULL, customer_id = u.customer_id,
        updated_at = ${w.now}::bigint, updated_by = ${w.userId}::int
      FROM units u
      WHERE u.take AND u.version > 0 AND st.position_id = u.position_id AND st.day = ${w.day}::text
        AND st.version = u.version
      RETURNING st.position_id
    ),
    logs AS (
      INSERT INTO unit_logs (position_id, day, kind, text, user_id, at)
      SELECT u.position_id, ${w.day}::text, 'log', u.log_text, ${w.userId}::int, u.log_at FROM units u ORDER BY u.n
    ),
    attention AS (
      INSERT INTO sale_attention (sale_id, customer_id, location_id, day, promised_position_id, promised_label,
        customer_name, payment_method, amount_cents, taken_at, taken_by, received_at)
      SELECT sale.id, u.customer_id, a.location_id, a.day, a.promised_position_id, a.promised_label,
        a.customer_name, a.payment_method, a.amount_cents, a.taken_at, a.taken_by, a.received_at
      FROM json_populate_recordset(NULL::sale_attention, ${JSON.stringify(attention)}::json) a
      JOIN units u ON u.position_id = a.promised_position_id CROSS JOIN sale ORDER BY u.n
    ),
    receipt AS (
      ${insertOutboxRows(sql`json_populate_recordset(NULL::outbox, ${JSON.stringify(w.outbox)}::json)`)}
    ),
    signature AS (
      INSERT INTO sale_signatures (sale_id, png)
      SELECT sale.id, ${w.signature}::bytea FROM sale WHERE ${w.signature}::bytea IS NOT NULL
    )
    SELECT
      CASE WHEN (SELECT count(*) FROM inserted) + (SELECT count(*) FROM updated) = ${claims}::int
        THEN (SELECT id FROM sale) ELSE sandbar_unit_taken() END AS sale_id,
      (SELECT json_agg(customer_id ORDER BY n) FROM units) AS customer_ids,
      CASE WHEN ${w.notify ?? null}::text IS NOT NULL
        THEN pg_notify(${BOARD_EVENTS_CHANNEL}::text, ${w.notify ?? null}::text) END AS notified
  `;
}

export async function writeSale(db: Kysely<DB>, w: SaleWrite): Promise<{ saleId: number; customerIds: number[] }> {
  try {
    const { rows } = await saleWriteStatement(w).execute(db);
    return { saleId: rows[0]!.sale_id, customerIds: rows[0]!.customer_ids };
  } catch (err) {
    if (LOST.has((err as { code?: string }).code ?? '')) throw new UnitTakenError('unit taken meanwhile');
    throw err;
  }
}

/**
 * The sale's two statements with sample values, for the pool's warm-up (db/connect.ts, decision
 * 374): a new connection plans them once, so the first sales on it do not pay for its cold catalogue.
 */
export function saleStatementsToWarm() {
  const unit: SaleUnitWrite = {
    positionId: 0,
    version: 0,
    take: true,
    status: 1,
    customer: {
      customer_name: '',
      payment_method: 'Cash',
      price_cents: 0,
      receipt_type: '',
      receipt_phone: '',
      receipt_email: '',
      state: 'seated',
    },
    log: { text: '', at: 0 },
    attention: null,
  };
  return [
    saleReadStatement({ ourTransactionId: '', unitIds: [0], userId: 0, hotelId: null, days: ['2000-01-01'] }, null),
    saleWriteStatement({
      sale: {} as SaleWrite['sale'],
      signature: null,
      items: [],
      units: [unit],
      outbox: [],
      day: '2000-01-01',
      now: 0,
      userId: 0,
      notify: null,
    }),
  ];
}
