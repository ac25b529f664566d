import type { FnbReport } from '@sandbar/contract/fnb';
import { fnbTexts } from '@sandbar/contract/fnb-texts';
import { venueParts } from '@sandbar/contract/rules/time';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';
import { userLocationIds } from '../units/units.repository';
import { labelOf } from './orders.service';

// F&B reports (issue 35 point 8): sales by item, category, station, hour and server from the
// order lines as ordered (delivered orders; voided ones apart with their reasons), the open tabs,
// and each day's rentals beside F&B. "Server" is who took the order, else who delivered it (a
// guest's order from the unit's code has no taker). Amounts before tips, in cents.

const en = fnbTexts.en;

type Row = FnbReport['byItem'][number];
function add(map: Map<string, Row>, key: string, label: string, quantity: number, cents: number) {
  const r = map.get(key) ?? { key, label, quantity: 0, amountCents: 0 };
  r.quantity += quantity;
  r.amountCents += cents;
  map.set(key, r);
}
const sorted = (m: Map<string, Row>) =>
  [...m.values()].sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label));

/** GET /getFnbReport?from=&to=&locationId= */
export async function fnbReport(
  deps: AppDeps,
  user: SessionUser,
  q: { from: string; to: string; locationId?: number },
): Promise<FnbReport> {
  const mine = await userLocationIds(deps.db, user.id);
  if (q.locationId != null && !mine.includes(q.locationId)) throw forbidden(en.errors.notYourLocation);
  const locations = q.locationId != null ? [q.locationId] : mine;
  const { timeZone } = await readSettings(deps.db);
  const empty: FnbReport = {
    from: q.from,
    to: q.to,
    byItem: [],
    byCategory: [],
    byStation: [],
    byHour: [],
    byServer: [],
    voids: [],
    openTabs: [],
    daily: [],
  };
  // A range that ends before it starts holds no day: an empty report, not a refusal.
  if (locations.length === 0 || q.to < q.from) return empty;

  const lines = await deps.db
    .selectFrom('fnb_order_lines as l')
    .innerJoin('fnb_orders as o', 'o.id', 'l.order_id')
    .innerJoin('fnb_categories as c', 'c.id', 'l.category_id')
    .leftJoin('users as tk', 'tk.id', 'o.taken_by')
    .leftJoin('users as dl', 'dl.id', 'o.delivered_by')
    .select([
      'l.item_id',
      'l.name',
      'l.category_id',
      'c.name as category_name',
      'l.station',
      'l.quantity',
      'l.total_cents',
      'o.created_at',
      'o.day',
      'o.taken_by',
      'o.delivered_by',
      'tk.name as taker',
      'dl.name as deliverer',
    ])
    .where('o.status', '=', 'delivered')
    .where('o.day', '>=', q.from)
    .where('o.day', '<=', q.to)
    .where('o.location_id', 'in', locations)
    .execute();
  const byItem = new Map<string, Row>();
  const byCategory = new Map<string, Row>();
  const byStation = new Map<string, Row>();
  const byHour = new Map<string, Row>();
  const byServer = new Map<string, Row>();
  const fnbByDay = new Map<string, number>();
  for (const l of lines) {
    add(byItem, String(l.item_id), l.name, l.quantity, l.total_cents);
    add(byCategory, String(l.category_id), l.category_name, l.quantity, l.total_cents);
    add(byStation, l.station, en.station.title[l.station], l.quantity, l.total_cents);
    const hour = String(venueParts(Number(l.created_at), timeZone).hour).padStart(2, '0');
    add(byHour, hour, `${hour}:00`, l.quantity, l.total_cents);
    const serverId = l.taken_by ?? l.delivered_by;
    add(byServer, String(serverId ?? 0), l.taker ?? l.deliverer ?? '—', l.quantity, l.total_cents);
    fnbByDay.set(l.day, (fnbByDay.get(l.day) ?? 0) + l.total_cents);
  }

  const voids = await deps.db
    .selectFrom('fnb_orders as o')
    .innerJoin('positions as p', 'p.id', 'o.position_id')
    .innerJoin('locations as lo', 'lo.id', 'o.location_id')
    .leftJoin('users as u', 'u.id', 'o.voided_by')
    .select([
      'o.id',
      'o.day',
      'o.total_cents',
      'o.void_reason',
      'u.name as by',
      'p.row',
      'p.position',
      'p.unit_number',
      'lo.name as location_name',
    ])
    .where('o.status', '=', 'voided')
    .where('o.day', '>=', q.from)
    .where('o.day', '<=', q.to)
    .where('o.location_id', 'in', locations)
    .orderBy('o.voided_at')
    .execute();

  // Money paid online that staff gave back (decision 369), on the day it was given back.
  const refunds = await deps.db
    .selectFrom('fnb_refunds as r')
    .innerJoin('positions as p', 'p.id', 'r.position_id')
    .innerJoin('locations as lo', 'lo.id', 'r.location_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.order_id',
      'r.tab_id',
      'r.day',
      'r.amount_cents',
      'r.reason',
      'r.created_at',
      'u.name as by',
      'p.row',
      'p.position',
      'p.unit_number',
      'lo.name as location_name',
    ])
    .where('r.kind', '=', 'correction')
    .where('r.day', '>=', q.from)
    .where('r.day', '<=', q.to)
    .where('r.location_id', 'in', locations)
    .orderBy('r.id')
    .execute();

  const tabs = await deps.db
    .selectFrom('fnb_tabs as t')
    .innerJoin('positions as p', 'p.id', 't.position_id')
    .innerJoin('locations as lo', 'lo.id', 't.location_id')
    .innerJoin('fnb_orders as o', 'o.tab_id', 't.id')
    .select((eb) => [
      't.id',
      't.day',
      'p.row',
      'p.position',
      'p.unit_number',
      'lo.name as location_name',
      eb.fn.sum<number>('o.total_cents').as('cents'),
    ])
    .where('t.status', '=', 'open')
    .where('o.status', '!=', 'voided')
    .where('o.paid', '=', 0)
    .where('t.day', '>=', q.from)
    .where('t.day', '<=', q.to)
    .where('t.location_id', 'in', locations)
    .groupBy(['t.id', 't.day', 'p.row', 'p.position', 'p.unit_number', 'lo.name'])
    .orderBy('t.day')
    .execute();

  const rentals = await deps.db
    .selectFrom('sales')
    .select((eb) => ['day', eb.fn.sum<number>('subtotal_cents').as('cents')])
    .where('fnb', '=', 0)
    .where('deleted_at', 'is', null)
    .where('day', '>=', q.from)
    .where('day', '<=', q.to)
    .where('location_id', 'in', locations)
    .groupBy('day')
    .execute();
  const rentalsByDay = new Map(rentals.map((r) => [r.day, Number(r.cents ?? 0)]));
  const days = [...new Set([...rentalsByDay.keys(), ...fnbByDay.keys()])].sort();

  return {
    from: q.from,
    to: q.to,
    byItem: sorted(byItem),
    byCategory: sorted(byCategory),
    byStation: sorted(byStation),
    byHour: [...byHour.values()].sort((a, b) => a.key.localeCompare(b.key)),
    byServer: sorted(byServer),
    voids: [
      ...voids.map((v) => ({
        orderId: v.id,
        tabId: null,
        day: v.day,
        unitLabel: labelOf(v),
        amountCents: v.total_cents,
        reason: v.void_reason ?? '',
        by: v.by ?? '',
        kind: 'void' as const,
      })),
      ...refunds.map((r) => ({
        orderId: r.order_id,
        tabId: r.order_id == null ? r.tab_id : null,
        day: r.day,
        unitLabel: labelOf(r),
        amountCents: r.amount_cents,
        reason: r.reason,
        by: r.by ?? '',
        kind: 'refund' as const,
      })),
    ],
    openTabs: tabs.map((t) => ({ tabId: t.id, day: t.day, unitLabel: labelOf(t), totalCents: Number(t.cents ?? 0) })),
    daily: days.map((day) => {
      const rentalsCents = rentalsByDay.get(day) ?? 0;
      const fnbCents = fnbByDay.get(day) ?? 0;
      return { day, rentalsCents, fnbCents, totalCents: rentalsCents + fnbCents };
    }),
  };
}
