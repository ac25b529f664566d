import type { FnbRunnerView, FnbStationView } from '@sandbar/contract/fnb';
import { type FnbStation, fnbLimits, fnbTexts } from '@sandbar/contract/fnb-texts';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { venueDay } from '../sales/sale-units';
import { readSettings } from '../settings/settings.repository';
import { userLocationIds } from '../units/units.repository';
import { writeFnbSale } from './fnb-sale';
import * as repo from './orders.repository';
import { labelOf, lineName, orderOut, ordersOut, publishOrder } from './orders.service';
import { sendQuietly } from './online.service';
import { queueFnbRefund, refundsByIds } from './refunds.service';

// An order's way from the stations to the unit (issue 35 points 4–5): each station starts and
// bumps its own ticket; the order is preparing once any station started and ready once every
// station bumped; a runner takes it (on its way) and delivers it. Each step is a conditional
// update of the row from the state it was read in, so two taps at once move it once (the other
// answers 409 with what the order is now). A void (with a reason) stops it anywhere before
// delivered. A room charge becomes its sale when delivered (decision 350).

const en = fnbTexts.en;
const statusWord = (s: string) => en.guest.statuses[s as keyof typeof en.guest.statuses] ?? s;

/** The locations this user may see (optionally one of them): 403 outside them. */
async function locationsOf(deps: AppDeps, user: SessionUser, locationId?: number): Promise<number[]> {
  const mine = await userLocationIds(deps.db, user.id);
  if (locationId == null) return mine;
  if (!mine.includes(locationId)) throw forbidden(en.errors.notYourLocation);
  return [locationId];
}

async function today(deps: AppDeps) {
  const settings = await readSettings(deps.db);
  return { settings, day: venueDay(deps.clock.now(), settings.timeZone) };
}

/** GET /getFnbStation/:station : the station's open tickets, oldest first, only its own lines. */
export async function stationView(
  deps: AppDeps,
  user: SessionUser,
  station: FnbStation,
  locationId?: number,
): Promise<FnbStationView> {
  const locations = await locationsOf(deps, user, locationId);
  const rows = await repo.stationOrders(deps.db, station, locations);
  return {
    station,
    orders: await ordersOut(deps.db, rows, station),
    amberMinutes: fnbLimits.amberMinutes,
    redMinutes: fnbLimits.redMinutes,
    serverTime: deps.clock.now(),
  };
}

/** GET /getFnbRunner : ready and on-its-way orders grouped by location and row, for one walk. */
export async function runnerView(deps: AppDeps, user: SessionUser, locationId?: number): Promise<FnbRunnerView> {
  const locations = await locationsOf(deps, user, locationId);
  const rows = await repo.runnerOrders(deps.db, locations);
  const orders = await ordersOut(deps.db, rows);
  const groups: FnbRunnerView['groups'] = [];
  for (const [i, o] of orders.entries()) {
    const row = rows.find((r) => r.id === o.id)!;
    let g = groups.find((x) => x.locationId === o.locationId && x.row === o.row);
    if (!g) groups.push((g = { locationId: o.locationId, locationName: row.location_name, row: o.row, orders: [] }));
    g.orders.push(orders[i]!);
  }
  return { groups, serverTime: deps.clock.now() };
}

/** GET /getFnbOrders : a day's orders (today by default) of the user's locations, or one unit's. */
export async function dayOrders(
  deps: AppDeps,
  user: SessionUser,
  q: { day?: string; locationId?: number; unitId?: number },
) {
  const locations = await locationsOf(deps, user, q.locationId);
  const day = q.day ?? (await today(deps)).day;
  return { orders: await ordersOut(deps.db, await repo.ordersOfDay(deps.db, day, locations, q.unitId)) };
}

async function orderForUser(deps: AppDeps, user: SessionUser, orderId: number) {
  const o = await repo.orderRow(deps.db, orderId);
  if (!o || o.awaiting_payment) throw notFound(en.errors.orderNotFound);
  if (!(await userLocationIds(deps.db, user.id)).includes(o.location_id)) throw forbidden(en.errors.notYourLocation);
  return o;
}

/** POST /bumpFnbOrder : the station's ticket moves on (received → preparing → ready). */
export async function bump(deps: AppDeps, user: SessionUser, orderId: number, station: FnbStation) {
  const o = await orderForUser(deps, user, orderId);
  if (o.status === 'voided') throw conflict(en.errors.alreadyVoided);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('fnb_tickets')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('station', '=', station)
      .executeTakeFirst();
    if (!t) throw conflict(en.errors.wrongStation);
    if (t.status === 'ready') throw conflict(en.errors.statusMove(statusWord('ready'), statusWord('ready')));
    const next = t.status === 'received' ? 'preparing' : 'ready';
    const moved = await trx
      .updateTable('fnb_tickets')
      .set(next === 'preparing' ? { status: next, started_at: now } : { status: next, ready_at: now })
      .where('id', '=', t.id)
      .where('status', '=', t.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict(en.errors.statusMove(statusWord(next), statusWord(next)));
    const tickets = await trx.selectFrom('fnb_tickets').select('status').where('order_id', '=', orderId).execute();
    const allReady = tickets.every((x) => x.status === 'ready');
    const r = await trx
      .updateTable('fnb_orders')
      .set(
        allReady
          ? { status: 'ready', ready_at: now, preparing_at: o.preparing_at ?? now }
          : { status: 'preparing', preparing_at: o.preparing_at ?? now },
      )
      .where('id', '=', orderId)
      .where('status', 'in', ['received', 'preparing'])
      .executeTakeFirst();
    // Voided between the read and the bump: the void stands.
    if (Number(r.numUpdatedRows) !== 1) throw conflict(en.errors.alreadyVoided);
  });
  await publishOrder(deps, { day: o.day, locationId: o.location_id });
  return { success: 1 as const, details: en.admin.saved, order: await orderOut(deps.db, orderId) };
}

/**
 * POST /moveFnbOrder : the runner's steps, ready → on its way → delivered (ready → delivered in
 * one tap too). Delivering a room-charge order writes its sale, the deliverer's, which the posting
 * queue sends to the hotel.
 */
export async function move(
  deps: AppDeps,
  user: SessionUser,
  orderId: number,
  to: 'on_way' | 'delivered',
  base: string,
) {
  const o = await orderForUser(deps, user, orderId);
  const from = to === 'on_way' ? ['ready'] : ['ready', 'on_way'];
  if (!from.includes(o.status))
    throw conflict(
      o.status === 'voided' ? en.errors.alreadyVoided : en.errors.statusMove(statusWord(o.status), statusWord(to)),
    );
  const now = deps.clock.now();
  const { settings } = await today(deps);
  await deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('fnb_orders')
      .set(
        to === 'on_way'
          ? { status: 'on_way', on_way_at: now }
          : { status: 'delivered', delivered_at: now, delivered_by: user.id },
      )
      .where('id', '=', orderId)
      .where('status', 'in', from as ('ready' | 'on_way')[])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const again = await repo.orderRow(trx, orderId);
      throw conflict(en.errors.statusMove(statusWord(again?.status ?? o.status), statusWord(to)));
    }
    if (to === 'delivered' && o.payment === 'room' && !o.sale_id) {
      const lines = await repo.linesOf(trx, [orderId]);
      const pos = (await repo.ordersByIds(trx, [orderId]))[0]!;
      const { saleId } = await writeFnbSale(trx, deps.clock, settings, base, {
        ourTransactionId: `fnb-order-${orderId}`,
        day: o.day,
        userId: user.id,
        locationId: o.location_id,
        paymentMethod: 'Room Charge',
        hotelId: o.hotel_id,
        roomNumber: o.room_number,
        lastName: o.last_name,
        customerName: o.guest_name || o.last_name,
        unitLabel: labelOf(pos),
        lines: lines.map((l) => ({
          positionId: o.position_id,
          name: lineName(
            {
              quantity: l.quantity,
              name: l.name,
              nameEs: l.name_es,
              options: JSON.parse(l.modifiers) as { name: string; nameEs: string }[],
            },
            o.language_code === 'es' ? 'es' : 'en',
          ),
          cents: l.total_cents,
        })),
        tipCents: 0,
        cardTransactionId: null,
        voucherNumber: '',
        signature: null,
        receiptType: 'none',
        phone: '',
        email: '',
        languageCode: o.language_code === 'es' ? 'es' : 'en',
        now,
      });
      await trx.updateTable('fnb_orders').set({ sale_id: saleId, paid: 1 }).where('id', '=', orderId).execute();
    }
  });
  await publishOrder(deps, { day: o.day, locationId: o.location_id }, o.tab_id != null);
  return { success: 1 as const, details: en.admin.saved, order: await orderOut(deps.db, orderId) };
}

/**
 * POST /voidFnbOrder : any order not yet delivered, with a reason (audited). A paid-now order's
 * sale is deleted with the same reason (its money goes back, as a deleted sale's does); a tab's
 * order leaves the tab's total.
 */
export async function voidOrder(deps: AppDeps, user: SessionUser, orderId: number, reason: string) {
  const o = await orderForUser(deps, user, orderId);
  if (o.status === 'voided') throw conflict(en.errors.alreadyVoided);
  if (o.status === 'delivered') throw conflict(en.errors.voidDelivered);
  const now = deps.clock.now();
  const online = o.payment === 'online' && !!o.paid && !!o.paid_ref;
  const refundId = await deps.db.transaction().execute(async (trx) => {
    // Paid online: what corrections have not given back yet goes back with the void (decision 368).
    const before = online ? await repo.orderRow(trx, orderId) : undefined;
    let q = trx
      .updateTable('fnb_orders')
      .set({
        status: 'voided',
        voided_at: now,
        voided_by: user.id,
        void_reason: reason,
        ...(online ? { refunded_cents: o.total_cents } : {}),
      })
      .where('id', '=', orderId)
      .where('status', 'in', [...repo.OPEN_STATUSES]);
    if (before) q = q.where('refunded_cents', '=', before.refunded_cents);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const again = await repo.orderRow(trx, orderId);
      throw conflict(again?.status === 'delivered' ? en.errors.voidDelivered : en.errors.alreadyVoided);
    }
    if (o.sale_id) {
      await trx
        .updateTable('sales')
        .set({ deleted_at: now, deleted_by: user.id })
        .where('id', '=', o.sale_id)
        .execute();
      await trx
        .insertInto('sale_corrections')
        .values({
          sale_id: o.sale_id,
          kind: 'delete',
          // The shape the reports' own delete writes (corrections.service softDelete).
          before_value: JSON.stringify({ total: o.total_cents + o.tip_cents }),
          after_value: JSON.stringify({ deleted: true, kept: true }),
          user_id: user.id,
          at: now,
          reason: `F&B order #${orderId} voided: ${reason}`,
          delta_cents: -(o.total_cents + o.tip_cents),
        })
        .execute();
    }
    await trx
      .insertInto('audit_log')
      .values({ user_id: user.id, kind: 'fnbVoid', detail: `order #${orderId} voided: ${reason}`, at: now })
      .execute();
    const left = before ? before.total_cents - before.refunded_cents : 0;
    if (!before || left <= 0) return null;
    return queueFnbRefund(trx, {
      kind: 'void',
      order_id: orderId,
      tab_id: null,
      position_id: o.position_id,
      location_id: o.location_id,
      day: venueDay(now, (await readSettings(trx)).timeZone),
      payment_ref: o.paid_ref!,
      amount_cents: left,
      // The key the void's refund always had: a refund sent before this change is not sent again.
      idem_key: `fnb-order-${orderId}-refund`,
      reason: `F&B order #${orderId} voided: ${reason}`,
      created_at: now,
      created_by: user.id,
    });
  });
  await publishOrder(deps, { day: o.day, locationId: o.location_id }, o.tab_id != null);
  // Paid online: the money goes back through the provider now; a refusal is said and retried.
  let refused = false;
  if (refundId != null) {
    await sendQuietly(deps, refundId);
    refused = (await refundsByIds(deps.db, [refundId]))[0]?.status !== 'succeeded';
  }
  return {
    success: 1 as const,
    details: refused ? `${en.staff.voided} ${en.refunds.voidNotRefunded}` : en.staff.voided,
    order: await orderOut(deps.db, orderId),
  };
}
