import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { FnbOrderLinesTable, FnbOrdersTable, FnbTicketsTable } from '../../db/schema-fnb';

// SQL of F&B orders, their lines and station tickets, and the unit-day tabs (issue 35).

type Db = Kysely<DB> | Transaction<DB>;
type New<T> = { [K in Exclude<keyof T, 'id'>]: T[K] extends import('kysely').Generated<infer U> ? U : T[K] };

export const OPEN_STATUSES = ['received', 'preparing', 'ready', 'on_way'] as const;

const orderColumns = [
  'o.id',
  'o.client_order_id',
  'o.day',
  'o.position_id',
  'o.location_id',
  'o.tab_id',
  'o.channel',
  'o.payment',
  'o.payment_method',
  'o.status',
  'o.awaiting_payment',
  'o.paid',
  'o.total_cents',
  'o.tip_cents',
  'o.guest_name',
  'o.note',
  'o.language_code',
  'o.hotel_id',
  'o.room_number',
  'o.last_name',
  'o.sale_id',
  'o.taken_by',
  'o.created_at',
  'o.preparing_at',
  'o.ready_at',
  'o.on_way_at',
  'o.delivered_at',
  'o.voided_at',
  'o.void_reason',
  'o.paid_ref',
  'o.refunded_cents',
  'p.row',
  'p.position',
  'p.unit_number',
  'l.name as location_name',
  'u.name as taken_by_name',
] as const;

function ordersQuery(db: Db) {
  return db
    .selectFrom('fnb_orders as o')
    .innerJoin('positions as p', 'p.id', 'o.position_id')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .leftJoin('users as u', 'u.id', 'o.taken_by')
    .select(orderColumns);
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['execute']>>[number];

export const ordersByIds = (db: Db, ids: number[]) =>
  ids.length
    ? ordersQuery(db).where('o.id', 'in', ids).orderBy('o.created_at').orderBy('o.id').execute()
    : Promise.resolve([]);

/** A unit's guest orders by their clientOrderIds (the guest's status: only the phone holds these). */
export const guestOrdersByClientIds = (db: Db, positionId: number, keys: string[]) =>
  keys.length
    ? ordersQuery(db)
        .where('o.client_order_id', 'in', keys)
        .where('o.position_id', '=', positionId)
        .where('o.channel', '=', 'guest')
        .orderBy('o.created_at')
        .orderBy('o.id')
        .execute()
    : Promise.resolve([]);

export const orderByClientId = (db: Db, clientOrderId: string) =>
  db.selectFrom('fnb_orders').selectAll().where('client_order_id', '=', clientOrderId).executeTakeFirst();

export const orderRow = (db: Db, id: number) =>
  db.selectFrom('fnb_orders').selectAll().where('id', '=', id).executeTakeFirst();

/** Orders of a day in these locations (optionally one unit), oldest first. */
export function ordersOfDay(db: Db, day: string, locationIds: number[], unitId?: number) {
  if (locationIds.length === 0) return Promise.resolve([]);
  let q = ordersQuery(db)
    .where('o.day', '=', day)
    .where('o.location_id', 'in', locationIds)
    .where('o.awaiting_payment', '=', 0);
  if (unitId) q = q.where('o.position_id', '=', unitId);
  return q.orderBy('o.created_at').orderBy('o.id').execute();
}

/** A station's open tickets (not yet ready) in these locations, oldest order first. */
export function stationOrders(db: Db, station: 'bar' | 'kitchen', locationIds: number[]) {
  if (locationIds.length === 0) return Promise.resolve([]);
  return ordersQuery(db)
    .innerJoin('fnb_tickets as t', 't.order_id', 'o.id')
    .where('t.station', '=', station)
    .where('t.status', 'in', ['received', 'preparing'])
    .where('o.status', 'in', ['received', 'preparing'])
    .where('o.awaiting_payment', '=', 0)
    .where('o.location_id', 'in', locationIds)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
}

/** Ready and on-its-way orders for the runners, by location and row. */
export function runnerOrders(db: Db, locationIds: number[]) {
  if (locationIds.length === 0) return Promise.resolve([]);
  return ordersQuery(db)
    .where('o.status', 'in', ['ready', 'on_way'])
    .where('o.location_id', 'in', locationIds)
    .orderBy('o.location_id')
    .orderBy('p.row')
    .orderBy('o.ready_at')
    .execute();
}

export const linesOf = (db: Db, orderIds: number[]) =>
  orderIds.length
    ? db.selectFrom('fnb_order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()
    : Promise.resolve([]);

export const ticketsOf = (db: Db, orderIds: number[]) =>
  orderIds.length
    ? db.selectFrom('fnb_tickets').selectAll().where('order_id', 'in', orderIds).orderBy('station').execute()
    : Promise.resolve([]);

export async function insertOrder(db: Db, values: Omit<New<FnbOrdersTable>, never>): Promise<number> {
  const r = await db.insertInto('fnb_orders').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const insertLines = (db: Db, rows: New<FnbOrderLinesTable>[]) =>
  rows.length ? db.insertInto('fnb_order_lines').values(rows).execute() : Promise.resolve([]);

export const insertTickets = (db: Db, rows: New<FnbTicketsTable>[]) =>
  rows.length ? db.insertInto('fnb_tickets').values(rows).execute() : Promise.resolve([]);

/**
 * Takes the unit's code row first (PostgreSQL: its row lock; SQLite: the write lock), so a burst of
 * guest orders from one unit is counted one after the other, never all under the limit at once.
 */
export async function lockUnit(db: Db, positionId: number, now: number): Promise<void> {
  await db.updateTable('fnb_unit_codes').set({ last_order_at: now }).where('position_id', '=', positionId).execute();
}

export async function countOpenOrders(db: Db, positionId: number, day: string): Promise<number> {
  const r = await db
    .selectFrom('fnb_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('position_id', '=', positionId)
    .where('day', '=', day)
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countGuestOrdersSince(db: Db, by: { positionId?: number; addressHash?: string }, since: number) {
  let q = db
    .selectFrom('fnb_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('channel', '=', 'guest')
    .where('created_at', '>=', since);
  if (by.positionId) q = q.where('position_id', '=', by.positionId);
  if (by.addressHash) q = q.where('address_hash', '=', by.addressHash);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// Tabs -------------------------------------------------------------------------------------------

export const tabOf = (db: Db, positionId: number, day: string) =>
  db.selectFrom('fnb_tabs').selectAll().where('position_id', '=', positionId).where('day', '=', day).executeTakeFirst();

export const tabById = (db: Db, id: number) =>
  db.selectFrom('fnb_tabs').selectAll().where('id', '=', id).executeTakeFirst();

/** The unit's tab of the day, opened (or reopened after a settlement) for a new order. */
export async function openTab(
  db: Db,
  t: { positionId: number; locationId: number; day: string; customerName: string; userId: number | null; now: number },
) {
  await db
    .insertInto('fnb_tabs')
    .values({
      position_id: t.positionId,
      location_id: t.locationId,
      day: t.day,
      status: 'open',
      customer_name: t.customerName,
      opened_at: t.now,
      opened_by: t.userId,
      settled_at: null,
      settled_by: null,
      sale_id: null,
    })
    .onConflict((oc) => oc.columns(['position_id', 'day']).doNothing())
    .execute();
  const tab = (await tabOf(db, t.positionId, t.day))!;
  if (tab.status !== 'open') {
    await db.updateTable('fnb_tabs').set({ status: 'open' }).where('id', '=', tab.id).execute();
    tab.status = 'open';
  }
  return tab;
}

export function tabsQuery(db: Db) {
  return db
    .selectFrom('fnb_tabs as t')
    .innerJoin('positions as p', 'p.id', 't.position_id')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .leftJoin('sales as s', 's.id', 't.sale_id')
    .select([
      't.id',
      't.day',
      't.position_id',
      't.location_id',
      't.status',
      't.customer_name',
      't.opened_at',
      't.settled_at',
      't.sale_id',
      's.receipt_id',
      'p.row',
      'p.position',
      'p.unit_number',
      'l.name as location_name',
    ]);
}
export type TabRow = Awaited<ReturnType<ReturnType<typeof tabsQuery>['execute']>>[number];

export const tabOrderIds = async (db: Db, tabId: number) =>
  (await db.selectFrom('fnb_orders').select('id').where('tab_id', '=', tabId).orderBy('id').execute()).map((r) => r.id);
