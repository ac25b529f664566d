import type { FnbTab, SettleFnbTabBody } from '@sandbar/contract/fnb';
import { fnbPrice, fnbTexts } from '@sandbar/contract/fnb-texts';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { DB } from '../../db/schema';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { canAccess } from '@sandbar/contract/roles';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { venueDay } from '../sales/sale-units';
import { readSettings } from '../settings/settings.repository';
import { userLocationIds } from '../units/units.repository';
import { writeFnbSale } from './fnb-sale';
import * as repo from './orders.repository';
import { checkRoom, labelOf, lineName, ordersOut, publishOrder } from './orders.service';

// One check per unit-day (issue 35 point 7): the unit's tab gathers its tab orders; staff settle
// it with the existing methods, tip and signature — one sale of what was delivered and not yet
// paid — or a new order reopens it. A tab still open after its day is on Needs attention, where a
// supervisor or a manager settles it (decision 368).

type SettleIn = z.output<typeof SettleFnbTabBody>;
const en = fnbTexts.en;

/** What a tab owes: its orders delivered and not yet paid (voided ones never count). */
const owed = (orders: { status: string; paid: boolean; totalCents: number }[]) =>
  orders.filter((o) => o.status !== 'voided' && !o.paid).reduce((s, o) => s + o.totalCents, 0);

export async function tabsOut(db: Kysely<DB>, rows: repo.TabRow[]): Promise<FnbTab[]> {
  const out: FnbTab[] = [];
  for (const t of rows) {
    const ids = await repo.tabOrderIds(db, t.id);
    const orders = await ordersOut(db, await repo.ordersByIds(db, ids));
    out.push({
      id: t.id,
      day: t.day,
      unitId: t.position_id,
      unitLabel: labelOf(t),
      locationId: t.location_id,
      customerName: t.customer_name,
      status: t.status,
      totalCents: owed(orders),
      orders,
      openedAt: Number(t.opened_at),
      settledAt: t.settled_at == null ? null : Number(t.settled_at),
      saleId: t.sale_id,
      receiptId: t.receipt_id ?? null,
    });
  }
  return out;
}

async function tabForUser(deps: AppDeps, user: SessionUser, id: number) {
  const row = await repo.tabsQuery(deps.db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(en.errors.tabNotFound);
  if (!(await userLocationIds(deps.db, user.id)).includes(row.location_id)) throw forbidden(en.errors.notYourLocation);
  return row;
}

/** GET /getFnbTab/:id */
export async function getTab(deps: AppDeps, user: SessionUser, id: number) {
  const [tab] = await tabsOut(deps.db, [await tabForUser(deps, user, id)]);
  return { tab: tab! };
}

/** GET /getFnbUnitTab/:unitId : the unit's tab today, or null. */
export async function getUnitTab(deps: AppDeps, user: SessionUser, unitId: number) {
  const { timeZone } = await readSettings(deps.db);
  const day = venueDay(deps.clock.now(), timeZone);
  const row = await repo
    .tabsQuery(deps.db)
    .where('t.position_id', '=', unitId)
    .where('t.day', '=', day)
    .executeTakeFirst();
  if (!row) {
    const pos = await deps.db.selectFrom('positions').select('location_id').where('id', '=', unitId).executeTakeFirst();
    if (!pos) throw notFound(en.errors.unitNotFound);
    if (!(await userLocationIds(deps.db, user.id)).includes(pos.location_id))
      throw forbidden(en.errors.notYourLocation);
    return { tab: null };
  }
  if (!(await userLocationIds(deps.db, user.id)).includes(row.location_id)) throw forbidden(en.errors.notYourLocation);
  const [tab] = await tabsOut(deps.db, [row]);
  return { tab: tab! };
}

/**
 * GET /getFnbOpenTabs : open tabs of a day in the user's locations; without a day, every open tab
 * of the days before today as well (what Needs attention lists at day end).
 */
export async function openTabs(deps: AppDeps, user: SessionUser, q: { day?: string; locationId?: number }) {
  const mine = await userLocationIds(deps.db, user.id);
  if (q.locationId != null && !mine.includes(q.locationId)) throw forbidden(en.errors.notYourLocation);
  const locations = q.locationId != null ? [q.locationId] : mine;
  if (locations.length === 0) return { tabs: [] };
  const { timeZone } = await readSettings(deps.db);
  const today = venueDay(deps.clock.now(), timeZone);
  let query = repo.tabsQuery(deps.db).where('t.status', '=', 'open').where('t.location_id', 'in', locations);
  query = q.day ? query.where('t.day', '=', q.day) : query.where('t.day', '<=', today);
  const rows = await query.orderBy('t.day').orderBy('t.id').execute();
  return {
    tabs: (await tabsOut(deps.db, rows)).filter(
      (t) => t.totalCents > 0 || t.orders.some((o) => o.status !== 'voided' && o.status !== 'delivered'),
    ),
  };
}

/** Open tabs of days before today in these locations: Needs attention's F&B line. */
export async function staleOpenTabs(deps: AppDeps, user: SessionUser) {
  const locationIds = await userLocationIds(deps.db, user.id);
  if (locationIds.length === 0) return [];
  const { timeZone } = await readSettings(deps.db);
  const today = venueDay(deps.clock.now(), timeZone);
  const rows = await repo
    .tabsQuery(deps.db)
    .where('t.status', '=', 'open')
    .where('t.day', '<', today)
    .where('t.location_id', 'in', locationIds)
    .orderBy('t.day')
    .execute();
  return (await tabsOut(deps.db, rows)).filter((t) => t.totalCents > 0);
}

/**
 * POST /settleFnbTab : one sale of the tab's delivered, unpaid orders (the method, the wizard's tip
 * and signature, a receipt by text or e-mail), by the settler. The same ourTransactionId again
 * answers the settlement already made.
 */
export async function settleTab(deps: AppDeps, user: SessionUser, input: SettleIn, base: string) {
  const tabRow = await tabForUser(deps, user, input.tabId);
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  // A tab left open from an earlier day (Needs attention) is settled by a supervisor or a manager
  // (decision 368); its sale is dated today, the day the money is taken (the settler's Notes/Drops).
  const today = venueDay(now, settings.timeZone);
  const pastDay = tabRow.day < today;
  if (pastDay && !canAccess(user.userType, 'fnbPastTab')) throw forbidden(fnbTexts.en.refunds.pastTabRole);
  const saleKey = `fnb-tab-${input.ourTransactionId}`;
  const done = await deps.db
    .selectFrom('sales')
    .select(['id', 'receipt_id'])
    .where('our_transaction_id', '=', saleKey)
    .executeTakeFirst();
  if (done) return settledAnswer(deps, tabRow.id, done.id, done.receipt_id);

  const ids = await repo.tabOrderIds(deps.db, tabRow.id);
  const orders = await ordersOut(deps.db, await repo.ordersByIds(deps.db, ids));
  if (orders.some((o) => o.status !== 'voided' && o.status !== 'delivered')) throw conflict(en.errors.tabHasOpenOrders);
  const due = orders.filter((o) => o.status === 'delivered' && !o.paid);
  const total = due.reduce((s, o) => s + o.totalCents, 0);
  if (tabRow.status === 'settled' && total === 0) throw conflict(en.errors.tabSettled);
  if (total === 0) throw conflict(en.errors.tabEmpty);
  if (total !== input.totalCents) throw conflict(en.errors.tabTotalChanged(fnbPrice(total)));

  let room: Awaited<ReturnType<typeof checkRoom>> | null = null;
  if (input.paymentMethod === 'Room Charge') {
    if (!input.hotelId) throw badRequest('Select the hotel for the room charge.');
    room = await checkRoom(deps, {
      hotelId: input.hotelId,
      roomNumber: input.roomNumber,
      lastName: input.lastName,
      customerName: tabRow.customer_name,
      lang: 'en',
    });
  }
  let result: { saleId: number; receiptId: string };
  try {
    result = await deps.db.transaction().execute(async (trx) => {
      // Every order settled here must still be delivered and unpaid: a second settlement racing
      // this one finds them paid and stops (the row updates are conditional).
      for (const o of due) {
        const r = await trx
          .updateTable('fnb_orders')
          .set({ paid: 1 })
          .where('id', '=', o.id)
          .where('paid', '=', 0)
          .where('status', '=', 'delivered')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw conflict(en.errors.tabSettled);
      }
      const sale = await writeFnbSale(trx, deps.clock, settings, base, {
        ourTransactionId: saleKey,
        day: pastDay ? today : tabRow.day,
        userId: user.id,
        locationId: tabRow.location_id,
        paymentMethod: input.paymentMethod,
        hotelId: room?.hotel?.id ?? null,
        roomNumber: room?.roomNumber ?? '',
        lastName: room?.lastName ?? '',
        customerName: tabRow.customer_name,
        unitLabel: labelOf(tabRow),
        lines: due.flatMap((o) =>
          o.lines.map((l) => ({
            positionId: tabRow.position_id,
            name: lineName(
              { quantity: l.quantity, name: l.name, nameEs: l.nameEs, options: l.modifiers },
              input.languageCode ?? null,
            ),
            cents: l.totalCents,
          })),
        ),
        tipCents: input.tipCents,
        cardTransactionId: input.cardTransactionId ?? null,
        voucherNumber: input.voucherNumber,
        signature: input.signature ?? null,
        receiptType: input.receiptType,
        phone: input.customerPhone,
        email: input.customerEmail,
        languageCode: input.languageCode ?? null,
        now,
      });
      await trx
        .updateTable('fnb_orders')
        .set({ sale_id: sale.saleId })
        .where(
          'id',
          'in',
          due.map((o) => o.id),
        )
        .execute();
      await trx
        .updateTable('fnb_tabs')
        .set({ status: 'settled', settled_at: now, settled_by: user.id, sale_id: sale.saleId })
        .where('id', '=', tabRow.id)
        .execute();
      return sale;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await deps.db
        .selectFrom('sales')
        .select(['id', 'receipt_id'])
        .where('our_transaction_id', '=', saleKey)
        .executeTakeFirst();
      if (again) return settledAnswer(deps, tabRow.id, again.id, again.receipt_id);
    }
    throw err;
  }
  await publishOrder(deps, { day: tabRow.day, locationId: tabRow.location_id }, true);
  return settledAnswer(deps, tabRow.id, result.saleId, result.receiptId);
}

async function settledAnswer(deps: AppDeps, tabId: number, saleId: number, receiptId: string) {
  const row = (await repo.tabsQuery(deps.db).where('t.id', '=', tabId).executeTakeFirst())!;
  const [tab] = await tabsOut(deps.db, [row]);
  return { success: 1 as const, details: en.staff.settled, tab: tab!, saleId, receiptId };
}
