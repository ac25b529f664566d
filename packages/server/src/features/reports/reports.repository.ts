import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import { addDays } from '@sandbar/contract/rules/time';
import type { DB, SaleCorrectionsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The days of a report: one business day, or a searched range (inclusive 'YYYY-MM-DD' days). */
export interface DayRange {
  from: string;
  to: string;
}

/** Sales of the days with what every report shows of them; deleted ones only when asked. */
export interface SalesFilter {
  withDeleted?: boolean;
  /** Only sales with a tip (tip reports). */
  tipOnly?: boolean;
  method?: string;
  hotelId?: number;
}

/**
 * One page of a list search: the rows after a (day, created_at, id) place, oldest first. The page
 * is read one day at a time (`day = ?`, then the next day while the page is not full), so that
 * whatever the statistics say, a plan reads and sorts at most one day's sales: a range condition
 * over the season let SQLite, with a young venue's statistics, skip-scan sales_user_day over every
 * day left and sort them all for each page (test/reports/report-plans.test.ts).
 */
export interface SalesPage {
  after?: { day: string; createdAt: number; id: number };
  limit: number;
}

// The days narrow a report's sales; the other filters only filter. A term written `+column` (a
// number) or `column || ''` (a text) reads the same on both databases, but no index can serve
// it, so no statistics can steer the plan to another index: with a 120-day season's statistics
// (ANALYZE) SQLite otherwise read the agents first and every tipped card sale of each through
// sales_user_day, then sorted them all for a 501-row page (1–3 s on the event loop; without
// statistics 12–18 ms). test/reports/report-plans.test.ts holds it with and without statistics.
const onlyFilter = {
  number: (column: 'sales.id' | 'sales.tip_cents' | 'sales.hotel_id' | 'sales.user_id') =>
    sql<number>`+${sql.ref(column)}`,
  text: (column: 'sales.payment_method') => sql<string>`(${sql.ref(column)} || '')`,
};

export async function salesOf(db: Db, days: DayRange, opts: SalesFilter = {}, page?: SalesPage) {
  let q = db
    .selectFrom('sales')
    .innerJoin('users', (join) => join.on((eb) => eb('users.id', '=', onlyFilter.number('sales.user_id'))))
    .leftJoin('locations', 'locations.id', 'sales.location_id')
    .leftJoin('hotels', 'hotels.id', 'sales.hotel_id')
    .select([
      'sales.id',
      'sales.day',
      'sales.created_at',
      'sales.user_id',
      'users.name as agent',
      'sales.location_id',
      'locations.name as location',
      'sales.payment_method',
      'sales.hotel_id',
      'hotels.name as hotel',
      'sales.room_number',
      'sales.last_name',
      'sales.customer_name',
      'sales.list_cents',
      'sales.subtotal_cents',
      'sales.tip_cents',
      'sales.total_cents',
      'sales.card_transaction_id',
      'sales.multi',
      'sales.deleted_at',
      'sales.fnb',
    ])
    .where('sales.day', '>=', days.from)
    .where('sales.day', '<=', days.to);
  if (!opts.withDeleted) q = q.where('sales.deleted_at', 'is', null);
  if (opts.tipOnly) q = q.where(onlyFilter.number('sales.tip_cents'), '>', 0);
  if (opts.method) q = q.where(onlyFilter.text('sales.payment_method'), '=', opts.method);
  if (opts.hotelId !== undefined) q = q.where(onlyFilter.number('sales.hotel_id'), '=', opts.hotelId);
  if (!page) return q.orderBy('sales.created_at').orderBy('sales.id').execute();
  const rows: Awaited<ReturnType<typeof q.execute>> = [];
  for (let day = page.after?.day ?? days.from; day <= days.to && rows.length < page.limit; day = addDays(day, 1)) {
    let dayQ = q.where('sales.day', '=', day);
    const after = page.after?.day === day ? page.after : undefined;
    if (after) {
      dayQ = dayQ.where((eb) =>
        eb.or([
          eb('sales.created_at', '>', after.createdAt),
          eb.and([eb('sales.created_at', '=', after.createdAt), eb('sales.id', '>', after.id)]),
        ]),
      );
    }
    rows.push(
      ...(await dayQ
        .orderBy('sales.created_at')
        .orderBy('sales.id')
        .limit(page.limit - rows.length)
        .execute()),
    );
  }
  return rows;
}
export type SaleRow = Awaited<ReturnType<typeof salesOf>>[number];

/** Counting sales of the days added up per day (or per agent) and payment method, in SQL. */
export interface MethodTotal {
  key: string;
  payment_method: string;
  n: number;
  tip_cents: number;
  total_cents: number;
}

/**
 * The summary searches' sums (dailyByType per day, agentTip per agent): one row per group and
 * method, read from the sales_day_totals index alone (migration 2026-11-24-30-01), never from the
 * sale rows, so a whole season stays well under a second.
 */
export async function methodTotals(
  db: Db,
  days: DayRange,
  by: 'day' | 'user' | 'method',
  opts: Pick<SalesFilter, 'tipOnly' | 'method' | 'hotelId'> = {},
): Promise<MethodTotal[]> {
  let q = db
    .selectFrom('sales')
    .select((eb) => [
      by === 'day' ? 'sales.day as key' : by === 'user' ? 'sales.user_id as key' : 'sales.payment_method as key',
      'sales.payment_method',
      eb.fn.countAll().as('n'),
      eb.fn.sum('sales.tip_cents').as('tip_cents'),
      eb.fn.sum('sales.total_cents').as('total_cents'),
    ])
    .where('sales.day', '>=', days.from)
    .where('sales.day', '<=', days.to)
    .where('sales.deleted_at', 'is', null);
  if (opts.tipOnly) q = q.where('sales.tip_cents', '>', 0);
  if (opts.method) q = q.where('sales.payment_method', '=', opts.method);
  // A hotel is not in the covering index: a hotel's room charges are read from their rows.
  if (opts.hotelId !== undefined) q = q.where('sales.hotel_id', '=', opts.hotelId);
  // Per agent the rows are grouped per day too, in the index's order: SQLite otherwise walks
  // sales_user_day for the grouping and reads every sale row (2 s on a season instead of 0.1 s).
  // Per method (a list search's footer) the day stays in the grouping for the same reason; the
  // days' sums are added up below.
  q =
    by === 'user'
      ? q.groupBy(['sales.day', 'sales.user_id', 'sales.payment_method'])
      : q.groupBy(['sales.day', 'sales.payment_method']);
  const rows = await q.execute();
  if (by === 'method') {
    const sums = new Map<string, MethodTotal>();
    for (const r of rows) {
      const t = sums.get(r.payment_method) ?? {
        key: r.payment_method,
        payment_method: r.payment_method,
        n: 0,
        tip_cents: 0,
        total_cents: 0,
      };
      t.n += Number(r.n);
      t.tip_cents += Number(r.tip_cents ?? 0);
      t.total_cents += Number(r.total_cents ?? 0);
      sums.set(r.payment_method, t);
    }
    return [...sums.values()];
  }
  // PostgreSQL answers count and sum as strings (bigint, numeric).
  return rows.map((r) => ({
    key: String(r.key),
    payment_method: r.payment_method,
    n: Number(r.n),
    tip_cents: Number(r.tip_cents ?? 0),
    total_cents: Number(r.total_cents ?? 0),
  }));
}

export async function userNames(db: Db) {
  return db.selectFrom('users').select(['id', 'name']).execute();
}

/**
 * The lowest and highest sale id of the days (null when they have no sales). `min(+id)`: for
 * `min(id)` PostgreSQL walks the whole primary key from its end until a row of the days turns up
 * (225,743 rows for yesterday on a season, 0.4–2.3 s); this reads the days through sales_day.
 */
async function saleIdSpan(db: Db, days: DayRange) {
  const r = await db
    .selectFrom('sales')
    .select((eb) => [
      eb.fn.min(onlyFilter.number('sales.id')).as('lo'),
      eb.fn.max(onlyFilter.number('sales.id')).as('hi'),
    ])
    .where('sales.day', '>=', days.from)
    .where('sales.day', '<=', days.to)
    .executeTakeFirst();
  return r?.lo == null || r.hi == null ? null : { lo: Number(r.lo), hi: Number(r.hi) };
}

/**
 * The units of the days' sales ("MB 12"), one row per unit item. Sale ids grow with time, so
 * the days' items lie in the span of their sales' ids: with that span as a condition PostgreSQL
 * walks sale_items_sale for a day's items, where it otherwise scanned all the season's items
 * (≈340k) to hash-join them with the day's sales (0.4 s a report).
 */
export async function saleUnitsOf(db: Db, days: DayRange, opts: SalesFilter = {}) {
  const span = await saleIdSpan(db, days);
  if (!span) return [];
  let q = db
    .selectFrom('sale_items')
    .innerJoin('sales', 'sales.id', 'sale_items.sale_id')
    .innerJoin('positions', 'positions.id', 'sale_items.position_id')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'sale_items.id',
      'sale_items.sale_id',
      'positions.unit_number',
      'positions.row',
      'positions.position',
      'locations.name as location',
    ])
    .where('sales.day', '>=', days.from)
    .where('sales.day', '<=', days.to)
    .where('sale_items.sale_id', '>=', span.lo)
    .where('sale_items.sale_id', '<=', span.hi)
    .where('sale_items.kind', '=', 'unit');
  if (opts.tipOnly) q = q.where(onlyFilter.number('sales.tip_cents'), '>', 0);
  if (opts.method) q = q.where(onlyFilter.text('sales.payment_method'), '=', opts.method);
  if (opts.hotelId !== undefined) q = q.where(onlyFilter.number('sales.hotel_id'), '=', opts.hotelId);
  return q.orderBy('sale_items.id').execute();
}

/**
 * The units of some sales (a page of a list search), one row per unit item, in item order. The
 * order is made here, not in SQL: asked to `order by sale_items.id`, SQLite may walk the whole
 * table in id order to skip a sort of 500 rows.
 */
export async function unitsOfSales(db: Db, saleIds: number[]) {
  if (saleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sale_items')
    .innerJoin('positions', 'positions.id', 'sale_items.position_id')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'sale_items.sale_id',
      'positions.unit_number',
      'positions.row',
      'positions.position',
      'locations.name as location',
    ])
    .select('sale_items.id')
    .where('sale_items.sale_id', 'in', saleIds)
    .where('sale_items.kind', '=', 'unit')
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function movesOf(db: Db, days: DayRange) {
  return db
    .selectFrom('unit_moves')
    .leftJoin('users', 'users.id', 'unit_moves.user_id')
    .select([
      'unit_moves.id',
      'unit_moves.at',
      'users.name as agent',
      'unit_moves.customer_name',
      'unit_moves.from_label',
      'unit_moves.to_label',
    ])
    .where('unit_moves.day', '>=', days.from)
    .where('unit_moves.day', '<=', days.to)
    .orderBy('unit_moves.at')
    .orderBy('unit_moves.id')
    .execute();
}

export async function reprintsBetween(db: Db, fromMs: number, toMs: number) {
  return db
    .selectFrom('reprints')
    .innerJoin('users', 'users.id', 'reprints.user_id')
    .select(['reprints.id', 'reprints.at', 'reprints.sale_id', 'users.name as agent'])
    .where('reprints.at', '>=', fromMs)
    .where('reprints.at', '<', toMs)
    .orderBy('reprints.at')
    .orderBy('reprints.id')
    .execute();
}

/** Price edits of the days' sales, oldest first (the custom-price report), found through the days' sales. */
export async function priceEditsOf(db: Db, days: DayRange) {
  return db
    .selectFrom('sales')
    .innerJoin('sale_corrections', 'sale_corrections.sale_id', 'sales.id')
    .leftJoin('users', 'users.id', 'sale_corrections.user_id')
    .select([
      'sale_corrections.sale_id',
      'sale_corrections.before_value',
      'sale_corrections.after_value',
      'sale_corrections.at',
      'users.name as who',
    ])
    .where('sales.day', '>=', days.from)
    .where('sales.day', '<=', days.to)
    .where('sale_corrections.kind', '=', 'price')
    .orderBy('sale_corrections.id')
    .execute();
}

/** Sign-ins, sign-outs and other audited actions in a time span. */
export async function auditBetween(db: Db, fromMs: number, toMs: number) {
  return db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.user_id')
    .select(['audit_log.id', 'audit_log.user_id', 'users.name', 'audit_log.kind', 'audit_log.detail', 'audit_log.at'])
    .where('audit_log.at', '>=', fromMs)
    .where('audit_log.at', '<', toMs)
    .orderBy('audit_log.at')
    .orderBy('audit_log.id')
    .execute();
}

/** Unit log lines written by users on the days (every unit action, DESIGN.md section 5). */
export async function unitActionsOf(db: Db, days: DayRange) {
  return db
    .selectFrom('unit_logs')
    .innerJoin('users', 'users.id', 'unit_logs.user_id')
    .innerJoin('positions', 'positions.id', 'unit_logs.position_id')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'unit_logs.id',
      'unit_logs.user_id',
      'users.name',
      'unit_logs.text',
      'unit_logs.at',
      'positions.unit_number',
      'locations.name as location',
    ])
    .where('unit_logs.day', '>=', days.from)
    .where('unit_logs.day', '<=', days.to)
    .where('unit_logs.kind', '=', 'log')
    .orderBy('unit_logs.at')
    .orderBy('unit_logs.id')
    .execute();
}

export async function hotels(db: Db) {
  return db
    .selectFrom('hotels')
    .select(['id', 'name', 'contact_email', 'is_other'])
    .orderBy('is_other')
    .orderBy('name')
    .execute();
}

// ---- report configs (subscribers)

export async function reportConfigs(db: Db) {
  return db.selectFrom('report_configs').selectAll().orderBy('id').execute();
}

export async function reportConfigByType(db: Db, type: string) {
  return db.selectFrom('report_configs').selectAll().where('report_type', '=', type).executeTakeFirst();
}

export async function reportConfigById(db: Db, id: number) {
  return db.selectFrom('report_configs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds the configs that are missing (new report types, new hotels); existing rows are kept. */
export async function ensureReportConfigs(db: Db, rows: { report_type: string; name: string }[], now: number) {
  if (rows.length === 0) return;
  await db
    .insertInto('report_configs')
    .values(rows.map((r) => ({ ...r, email_addresses: '', created_at: now })))
    .onConflict((oc) => oc.column('report_type').doNothing())
    .execute();
}

export async function setReportEmails(db: Db, type: string, name: string, emails: string, now: number) {
  await db
    .insertInto('report_configs')
    .values({ report_type: type, name, email_addresses: emails, created_at: now })
    .onConflict((oc) => oc.column('report_type').doUpdateSet({ email_addresses: emails }))
    .execute();
}

export async function updateReportConfig(db: Db, id: number, name: string, emails: string): Promise<boolean> {
  const r = await db
    .updateTable('report_configs')
    .set({ name, email_addresses: emails })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- corrections

export async function saleById(db: Db, id: number) {
  return db
    .selectFrom('sales')
    .innerJoin('users', 'users.id', 'sales.user_id')
    .leftJoin('hotels', 'hotels.id', 'sales.hotel_id')
    .leftJoin('users as deleter', 'deleter.id', 'sales.deleted_by')
    .select([
      'sales.id',
      'sales.day',
      'sales.created_at',
      'sales.payment_method',
      'sales.hotel_id',
      'hotels.name as hotel',
      'sales.subtotal_cents',
      'sales.tip_cents',
      'sales.total_cents',
      'sales.multi',
      'sales.notes',
      'sales.summary',
      'sales.location_id',
      'sales.deleted_at',
      'deleter.name as deleted_by_name',
      'users.name as agent',
    ])
    .where('sales.id', '=', id)
    .executeTakeFirst();
}
export type SaleDetailRow = NonNullable<Awaited<ReturnType<typeof saleById>>>;

/**
 * Takes the sale's row lock for the rest of the transaction (a no-op write): on PostgreSQL a second
 * correction of the same sale waits here until the first commits, then reads what it wrote, so
 * parallel deletes apply once and a delete racing a restore cannot use a stale amount. SQLite runs
 * one write transaction at a time already. False when there is no such sale.
 */
export async function lockSale(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('sales')
    .set({ deleted_at: sql<number | null>`deleted_at` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function updateSale(
  db: Db,
  id: number,
  set: Partial<{
    subtotal_cents: number;
    tip_cents: number;
    total_cents: number;
    hotel_id: number | null;
    deleted_at: number | null;
    deleted_by: number | null;
    notes: string;
  }>,
) {
  await db.updateTable('sales').set(set).where('id', '=', id).execute();
}

/** The board customers a sale seated, with their units (the tile amounts follow corrections). */
export async function customersOfSale(db: Db, saleId: number) {
  return db
    .selectFrom('unit_customers')
    .innerJoin('positions', 'positions.id', 'unit_customers.position_id')
    .select(['unit_customers.id', 'unit_customers.position_id', 'unit_customers.price_cents', 'positions.location_id'])
    .where('unit_customers.sale_id', '=', saleId)
    .orderBy('unit_customers.id')
    .execute();
}

export async function setCustomerPrice(db: Db, customerId: number, cents: number) {
  await db.updateTable('unit_customers').set({ price_cents: cents }).where('id', '=', customerId).execute();
}

export async function insertCorrection(db: Db, c: Insertable<SaleCorrectionsTable>) {
  await db.insertInto('sale_corrections').values(c).execute();
}

export async function correctionsOf(db: Db, saleId: number) {
  return db
    .selectFrom('sale_corrections')
    .leftJoin('users', 'users.id', 'sale_corrections.user_id')
    .select([
      'sale_corrections.reason',
      'sale_corrections.kind',
      'sale_corrections.before_value',
      'sale_corrections.after_value',
      'sale_corrections.at',
      'users.name as who',
    ])
    .where('sale_corrections.sale_id', '=', saleId)
    .orderBy('sale_corrections.id')
    .execute();
}

/** The last delete of a sale: its JSON holds the tile amounts to put back on restore. */
export async function lastDeleteOf(db: Db, saleId: number) {
  return db
    .selectFrom('sale_corrections')
    .select(['before_value'])
    .where('sale_id', '=', saleId)
    .where('kind', '=', 'delete')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function hotelById(db: Db, id: number) {
  return db.selectFrom('hotels').select(['id', 'name', 'contact_email']).where('id', '=', id).executeTakeFirst();
}

/**
 * Customers of these days' sales still waiting unseated (issue 23): the open "Needs attention"
 * items, a handful at most, read from their own small table rather than from every customer row.
 */
export async function unseatedOf(db: Db, days: DayRange) {
  return db
    .selectFrom('sale_attention')
    .select(['sale_id', 'customer_name'])
    .where('day', '>=', days.from)
    .where('day', '<=', days.to)
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * The bookings report (issue 24 point 8): per booked day, channel and status, how many bookings
 * held a unit that day. A unit-day a booking let go by moving away does not count; one it let go
 * by check-in, no-show or cancel does (that is what the day's row reports).
 */
export async function reservationCounts(db: Db, days: DayRange) {
  const rows = await db
    .selectFrom('reservation_units')
    .innerJoin('reservations', 'reservations.id', 'reservation_units.reservation_id')
    .select((eb) => [
      'reservation_units.day',
      'reservations.channel',
      'reservations.status',
      eb.fn.count<number>('reservations.id').distinct().as('n'),
    ])
    .where('reservation_units.day', '>=', days.from)
    .where('reservation_units.day', '<=', days.to)
    .where((eb) =>
      eb.or([
        eb('reservation_units.released_at', 'is', null),
        eb('reservations.status', 'in', ['checked_in', 'no_show', 'cancelled']),
      ]),
    )
    .groupBy(['reservation_units.day', 'reservations.channel', 'reservations.status'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Deposit money per business day it counts on (as the drop-off does), channel and kind. */
export async function reservationMoney(db: Db, days: DayRange) {
  const rows = await db
    .selectFrom('reservation_payments')
    .innerJoin('reservations', 'reservations.id', 'reservation_payments.reservation_id')
    .select((eb) => [
      'reservation_payments.day',
      'reservations.channel',
      'reservation_payments.kind',
      eb.fn.sum<number>('reservation_payments.amount_cents').as('cents'),
    ])
    .where('reservation_payments.day', '>=', days.from)
    .where('reservation_payments.day', '<=', days.to)
    .groupBy(['reservation_payments.day', 'reservations.channel', 'reservation_payments.kind'])
    .execute();
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}

/**
 * The payments report (issue 33 point 9): online money per business day it counts on and kind —
 * payments in (deposit rows, method Online) and refunds out — with how many of each.
 */
export async function onlineMoney(db: Db, days: DayRange) {
  const rows = await db
    .selectFrom('reservation_payments')
    .select((eb) => ['day', 'kind', eb.fn.sum<number>('amount_cents').as('cents'), eb.fn.countAll<number>().as('n')])
    .where('day', '>=', days.from)
    .where('day', '<=', days.to)
    .where('method', '=', 'Online')
    .where('kind', 'in', ['deposit', 'refund'])
    .groupBy(['day', 'kind'])
    .execute();
  const out = rows.map((r) => ({ day: r.day, kind: r.kind as string, cents: Number(r.cents), n: Number(r.n) }));
  // F&B's online money (decisions 350, 368, 369): each provider payment applied to orders (one per
  // paid_ref, on its orders' day), a guest's payment that paid nothing (in, and out when refunded),
  // and each refund the provider accepted, on the day it was decided.
  const fnbPaid = await db
    .selectFrom('fnb_orders')
    .select((eb) => ['day', 'paid_ref', eb.fn.sum<number>('total_cents').as('cents')])
    .where('day', '>=', days.from)
    .where('day', '<=', days.to)
    .where('paid', '=', 1)
    .where('paid_ref', 'is not', null)
    .groupBy(['day', 'paid_ref'])
    .execute();
  const fnbRefunds = await db
    .selectFrom('fnb_refunds')
    .select(['day', 'kind', 'status', 'amount_cents'])
    .where('day', '>=', days.from)
    .where('day', '<=', days.to)
    .execute();
  const add = (day: string, kind: string, cents: number) => {
    const row = out.find((r) => r.day === day && r.kind === kind);
    if (row) {
      row.cents += cents;
      row.n += 1;
    } else out.push({ day, kind, cents, n: 1 });
  };
  for (const p of fnbPaid) add(p.day, 'deposit', Number(p.cents));
  for (const r of fnbRefunds) {
    if (r.kind === 'unapplied') add(r.day, 'deposit', r.amount_cents);
    if (r.status === 'succeeded') add(r.day, 'refund', r.amount_cents);
  }
  return out;
}
