import crypto from 'node:crypto';
import {
  type FnbLineIn,
  type FnbOrder,
  type PlaceFnbOrderBody,
  type PublicFnbOrder,
  type SaveFnbOrderBody,
  fnbEvents,
} from '@sandbar/contract/fnb';
import { type FnbLanguage, type FnbStation, fnbLimits, fnbPrice, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import { pmsLookupTexts } from '@sandbar/contract/pms-lookup';
import { saleTexts } from '@sandbar/contract/sales';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { DB } from '../../db/schema';
import type { AppDeps, SessionUser } from '../../platform/deps';
import {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
  tooManyRequests,
} from '../../platform/errors';
import { lookupGuest } from '../pms/lookup.service';
import { resolveBuyer } from '../sales/sale-buyer';
import type { CustomerDataOut } from '../sales/sale-lines';
import { hotelById } from '../sales/sales.repository';
import { venueDay, venueMinute } from '../sales/sale-units';
import { readSettings } from '../settings/settings.repository';
import { findPosition, userLocationIds } from '../units/units.repository';
import { writeFnbSale } from './fnb-sale';
import { type MenuSnapshot, readMenu, refusalOf } from './menu.service';
import type { OptionRow } from './menu.repository';
import * as repo from './orders.repository';
import { unitGuest } from './unit-guest';
import { countWrongTry, triesLeft } from './tab-tries';
import { startOrderPayment } from './order-payment';

// Orders (issue 35 points 3 and 6): a guest's from the unit's code, staff's from the unit modal.
// The server prices every cart again from the menu (an item 86'd or out of its hours since the
// cart was filled is refused by name), checks how it is paid (the unit's tab by the last 4 of the
// party's phone, a room like a room charge, paid now), keeps the guest limits per unit and
// address, and writes the order, its lines and one ticket per station in one transaction.

type PlaceIn = z.output<typeof PlaceFnbOrderBody>;
type StaffIn = z.output<typeof SaveFnbOrderBody>;
type Position = NonNullable<Awaited<ReturnType<typeof findPosition>>>;

const TEN_MINUTES = 10 * 60_000;

export interface PricedLine {
  itemId: number;
  categoryId: number;
  name: string;
  nameEs: string;
  station: FnbStation;
  quantity: number;
  options: OptionRow[];
  unitPriceCents: number;
  totalCents: number;
  note: string;
}

/**
 * Prices a cart from the menu as it is now; throws 409 with the first line's refusal (sold out,
 * not served now, a choice gone or missing), in the order's language.
 */
export function priceCart(
  menu: MenuSnapshot,
  lines: z.output<typeof import('@sandbar/contract/fnb').FnbLineIn>[],
  hour: number,
  lang: FnbLanguage,
): { lines: PricedLine[]; totalCents: number } {
  const texts = fnbTextsIn(lang);
  const items = new Map(menu.items.map((i) => [i.id, i]));
  const categories = new Map(menu.categories.map((c) => [c.id, c]));
  const out: PricedLine[] = [];
  for (const l of lines) {
    const item = items.get(l.itemId);
    const refusal = refusalOf(item, item && categories.get(item.category_id), hour, texts, lang);
    if (refusal) throw conflict(refusal);
    const it = item!;
    const name = lang === 'es' && it.name_es ? it.name_es : it.name;
    const groups = menu.groups.filter((g) => g.item_id === it.id);
    const chosenIds = [...new Set(l.optionIds)];
    const chosen: OptionRow[] = [];
    for (const id of chosenIds) {
      const o = menu.options.find((x) => x.id === id);
      if (!o || !groups.some((g) => g.id === o.group_id)) throw conflict(texts.errors.modifierUnknown(name));
      chosen.push(o);
    }
    for (const g of groups) {
      const n = chosen.filter((o) => o.group_id === g.id).length;
      const groupName = lang === 'es' && g.name_es ? g.name_es : g.name;
      if (n < g.min_choices) throw conflict(texts.errors.modifierMissing(name, groupName));
      if (n > g.max_choices) throw conflict(texts.errors.modifierTooMany(name, groupName, g.max_choices));
    }
    // A "small" choice may take money off; an item never goes below nothing.
    const unit = Math.max(0, it.price_cents + chosen.reduce((s, o) => s + o.price_delta_cents, 0));
    out.push({
      itemId: it.id,
      categoryId: it.category_id,
      name: it.name,
      nameEs: it.name_es,
      station: it.station,
      quantity: l.quantity,
      options: chosen,
      unitPriceCents: unit,
      totalCents: unit * l.quantity,
      note: l.note,
    });
  }
  return { lines: out, totalCents: out.reduce((s, l) => s + l.totalCents, 0) };
}

// Output -----------------------------------------------------------------------------------------

export const labelOf = (o: { location_name: string; unit_number: number; row: number; position: number }) =>
  `${o.location_name} ${o.unit_number || `${o.row}-${o.position}`}`;

/** Orders as staff see them, with their lines (optionally one station's) and tickets. */
export async function ordersOut(db: Kysely<DB>, rows: repo.OrderRow[], station?: FnbStation): Promise<FnbOrder[]> {
  const uniq = [...new Map(rows.map((r) => [r.id, r])).values()];
  const ids = uniq.map((r) => r.id);
  const [lines, tickets, names] = await Promise.all([
    repo.linesOf(db, ids),
    repo.ticketsOf(db, ids),
    guestNames(db, uniq),
  ]);
  return uniq.map((o) => ({
    id: o.id,
    number: o.id,
    day: o.day,
    unitId: o.position_id,
    unitLabel: labelOf(o),
    locationId: o.location_id,
    row: o.row,
    position: o.position,
    guestName: o.guest_name || names.get(o.id) || '',
    channel: o.channel,
    status: o.status,
    payment: o.payment,
    paid: !!o.paid,
    tabId: o.tab_id,
    totalCents: o.total_cents,
    note: o.note,
    lines: lines
      .filter((l) => l.order_id === o.id && (!station || l.station === station))
      .map((l) => ({
        id: l.id,
        itemId: l.item_id,
        name: l.name,
        nameEs: l.name_es,
        station: l.station,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        totalCents: l.total_cents,
        modifiers: JSON.parse(l.modifiers) as FnbOrder['lines'][number]['modifiers'],
        note: l.note,
      })),
    tickets: tickets
      .filter((t) => t.order_id === o.id)
      .map((t) => ({
        station: t.station,
        status: t.status,
        startedAt: t.started_at == null ? null : Number(t.started_at),
        readyAt: t.ready_at == null ? null : Number(t.ready_at),
      })),
    takenBy: o.taken_by_name ?? null,
    createdAt: Number(o.created_at),
    readyAt: o.ready_at == null ? null : Number(o.ready_at),
    onWayAt: o.on_way_at == null ? null : Number(o.on_way_at),
    deliveredAt: o.delivered_at == null ? null : Number(o.delivered_at),
    voidedAt: o.voided_at == null ? null : Number(o.voided_at),
    voidReason: o.void_reason,
    paidOnline: o.paid_ref != null && !!o.paid,
    refundedCents: o.refunded_cents,
  }));
}

/** The unit's seated customer's name for orders placed without one (the station shows who it is for). */
async function guestNames(db: Kysely<DB>, rows: repo.OrderRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const need = rows.filter((r) => !r.guest_name);
  if (need.length === 0) return out;
  const found = await db
    .selectFrom('unit_states as s')
    .innerJoin('unit_customers as c', 'c.id', 's.customer_id')
    .select(['s.position_id', 's.day', 'c.customer_name'])
    .where(
      's.position_id',
      'in',
      need.map((r) => r.position_id),
    )
    .where('s.day', 'in', [...new Set(need.map((r) => r.day))])
    .execute();
  for (const r of need) {
    const f = found.find((x) => x.position_id === r.position_id && x.day === r.day);
    if (f?.customer_name) out.set(r.id, f.customer_name);
  }
  return out;
}

export function publicOrder(o: FnbOrder): PublicFnbOrder {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    payment: o.payment,
    paid: o.paid,
    totalCents: o.totalCents,
    lines: o.lines,
    createdAt: o.createdAt,
    voidReason: o.voidReason,
  };
}

export async function orderOut(db: Kysely<DB>, id: number): Promise<FnbOrder> {
  const [o] = await ordersOut(db, await repo.ordersByIds(db, [id]));
  if (!o) throw notFound(fnbTextsIn('en').errors.orderNotFound);
  return o;
}

/** Tells stations, runners, the board and tabs' screens (one event per change, after the commit). */
export async function publishOrder(deps: AppDeps, o: { day: string; locationId: number }, tab = false) {
  await deps.events.publish({ type: fnbEvents.order, day: o.day, unitIds: [], locationIds: [o.locationId] });
  if (tab) await deps.events.publish({ type: fnbEvents.tab, day: o.day, unitIds: [], locationIds: [o.locationId] });
}

// Placing ----------------------------------------------------------------------------------------

interface Place {
  clientOrderId: string;
  position: Position;
  channel: 'guest' | 'staff';
  user: SessionUser | null;
  payment: 'online' | 'room' | 'tab' | 'paid';
  lines: PlaceIn['lines'];
  totalCents: number;
  guestName: string;
  note: string;
  lang: FnbLanguage;
  hotelId: number | null;
  roomNumber: string;
  lastName: string;
  phoneLast4?: string;
  addressHash: string;
  paid?: {
    method: string;
    tipCents: number;
    cardTransactionId: string | null;
    voucherNumber: string;
    signature: string | null;
  };
  base: string;
  /** The guest's code, for the payment page's way back. */
  token?: string;
  /** A staff order queued offline: when it was taken (epoch ms). */
  takenAt?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** Checks a room charge as the sale's guest step does (issue 34's live lookup, else the hotel's roster). */
export async function checkRoom(
  deps: AppDeps,
  r: { hotelId: number; roomNumber: string; lastName: string; customerName: string; lang: FnbLanguage },
  log?: Place['log'],
) {
  const texts = fnbTextsIn(r.lang);
  const hotel = await hotelById(deps.db, r.hotelId);
  if (!hotel) throw badRequest(texts.errors.roomNoHotel);
  const live = hotel.is_other ? null : await lookupGuest(deps, hotel, r.roomNumber.trim(), r.lastName.trim(), log);
  try {
    return await resolveBuyer(
      deps.db,
      {
        paymentMethod: 'Room Charge',
        roomChargeHotel: r.hotelId,
        roomNumber: r.roomNumber,
        lastName: r.lastName,
        customerName: r.customerName || r.lastName,
        manualEntry: false,
      } as CustomerDataOut,
      false,
      null,
      live,
    );
  } catch (err) {
    if (
      err instanceof HttpError &&
      (err.details === saleTexts.guestNotFound || err.details === pmsLookupTexts.notInHouse)
    )
      throw badRequest(texts.errors.roomGuestNotFound);
    throw err;
  }
}

async function place(deps: AppDeps, p: Place): Promise<{ order: FnbOrder; replayed: boolean; payUrl?: string }> {
  const texts = fnbTextsIn(p.lang);
  const settings = await readSettings(deps.db);
  const serverNow = deps.clock.now();
  // An order queued on a tablet while offline (issue 35 point 6) is dated when it was taken, within
  // the last 24 hours (like a queued sale): its day, its paid-now sale's day, its age at the bar.
  const now = p.takenAt && p.takenAt <= serverNow && p.takenAt > serverNow - 24 * 3600_000 ? p.takenAt : serverNow;
  const day = venueDay(now, settings.timeZone);
  const hour = venueMinute(now, settings.timeZone).hour;

  const replay = await repo.orderByClientId(deps.db, p.clientOrderId);
  if (replay) {
    if (replay.position_id !== p.position.id || replay.channel !== p.channel)
      throw conflict('This order id was already used for another order. Start the order again.');
    return { order: await orderOut(deps.db, replay.id), replayed: true };
  }

  const priced = priceCart(await readMenu(deps.db), p.lines, hour, p.lang);
  if (priced.totalCents !== p.totalCents) throw conflict(texts.errors.totalChanged(fnbPrice(priced.totalCents)));
  if (p.channel === 'guest' && priced.totalCents > fnbLimits.maxOrderCents) throw badRequest(texts.errors.tooMuch);

  let guest = null as Awaited<ReturnType<typeof unitGuest>>;
  let room: Awaited<ReturnType<typeof checkRoom>> | null = null;
  if (p.payment === 'tab' || p.payment === 'room') guest = await unitGuest(deps.db, p.position, day);
  if (p.payment === 'tab') {
    if (!guest || !guest.customerName) throw conflict(texts.errors.unitNotSold);
    if (p.channel === 'guest') {
      if (!(await triesLeft(deps, p.position.id, now))) throw tooManyRequests(texts.errors.tabLast4Locked);
      if (guest.phoneLast4.length === 0) throw conflict(texts.errors.tabNoPhone);
      if (!guest.phoneLast4.includes(p.phoneLast4 ?? '')) {
        await countWrongTry(deps, p.position.id, now);
        throw badRequest(texts.errors.tabLast4Wrong);
      }
    }
  }
  if (p.payment === 'room') {
    const hotelId = p.hotelId ?? guest?.hotelId ?? null;
    if (!hotelId) throw badRequest(texts.errors.roomNoHotel);
    if (p.channel === 'guest' && !(await triesLeft(deps, p.position.id, now)))
      throw tooManyRequests(texts.errors.tabLast4Locked);
    try {
      room = await checkRoom(
        deps,
        {
          hotelId,
          roomNumber: p.roomNumber,
          lastName: p.lastName,
          customerName: p.guestName || guest?.customerName || '',
          lang: p.lang,
        },
        p.log,
      );
    } catch (err) {
      if (p.channel === 'guest' && err instanceof HttpError && err.details === texts.errors.roomGuestNotFound)
        await countWrongTry(deps, p.position.id, now);
      throw err;
    }
  }
  if (p.payment === 'online' && !deps.payments) throw serviceUnavailable(texts.errors.onlineUnavailable);

  let orderId: number;
  let tabId: number | null = null;
  try {
    orderId = await deps.db.transaction().execute(async (trx) => {
      await repo.lockUnit(trx, p.position.id, now);
      if (p.channel === 'guest') {
        if ((await repo.countOpenOrders(trx, p.position.id, day)) >= fnbLimits.maxOpenOrdersPerUnit)
          throw tooManyRequests(texts.errors.tooManyOpen);
        if (
          (await repo.countGuestOrdersSince(trx, { positionId: p.position.id }, now - TEN_MINUTES)) >=
          fnbLimits.maxOrdersPerUnitPer10Min
        )
          throw tooManyRequests(texts.errors.tooFast);
        if (
          p.addressHash &&
          (await repo.countGuestOrdersSince(trx, { addressHash: p.addressHash }, now - TEN_MINUTES)) >=
            fnbLimits.maxOrdersPerAddressPer10Min
        )
          throw tooManyRequests(texts.errors.tooFast);
      }
      if (p.payment === 'tab') {
        const tab = await repo.openTab(trx, {
          positionId: p.position.id,
          locationId: p.position.location_id,
          day,
          customerName: guest!.customerName,
          userId: p.user?.id ?? null,
          now,
        });
        tabId = tab.id;
      }
      const id = await repo.insertOrder(trx, {
        client_order_id: p.clientOrderId,
        day,
        position_id: p.position.id,
        location_id: p.position.location_id,
        tab_id: tabId,
        channel: p.channel,
        payment: p.payment,
        payment_method: p.paid?.method ?? (p.payment === 'room' ? 'Room Charge' : ''),
        status: 'received',
        // Paid online: unseen by the stations until the provider says paid.
        awaiting_payment: p.payment === 'online' ? 1 : 0,
        paid: 0,
        total_cents: priced.totalCents,
        tip_cents: p.paid?.tipCents ?? 0,
        guest_name: p.guestName,
        note: p.note,
        language_code: p.lang,
        hotel_id: room?.hotel?.id ?? null,
        room_number: room?.roomNumber ?? '',
        last_name: room?.lastName ?? '',
        address_hash: p.addressHash,
        sale_id: null,
        payment_ref: null,
        paid_ref: null,
        refunded_cents: 0,
        taken_by: p.user?.id ?? null,
        created_at: now,
        preparing_at: null,
        ready_at: null,
        on_way_at: null,
        delivered_at: null,
        delivered_by: null,
        voided_at: null,
        voided_by: null,
        void_reason: null,
      });
      await repo.insertLines(
        trx,
        priced.lines.map((l) => ({
          order_id: id,
          item_id: l.itemId,
          category_id: l.categoryId,
          name: l.name,
          name_es: l.nameEs,
          station: l.station,
          quantity: l.quantity,
          unit_price_cents: l.unitPriceCents,
          total_cents: l.totalCents,
          modifiers: JSON.stringify(
            l.options.map((o) => ({ name: o.name, nameEs: o.name_es, priceDeltaCents: o.price_delta_cents })),
          ),
          note: l.note,
        })),
      );
      const stations = [...new Set(priced.lines.map((l) => l.station))].sort();
      await repo.insertTickets(
        trx,
        stations.map((station) => ({
          order_id: id,
          station,
          status: 'received' as const,
          started_at: null,
          ready_at: null,
        })),
      );
      if (p.payment === 'paid' && p.paid && p.user) {
        // Paid now at the unit: the taker's sale (their Notes/Drops count the cash).
        const { saleId } = await writeFnbSale(trx, deps.clock, settings, p.base, {
          ourTransactionId: `fnb-order-${id}`,
          day,
          userId: p.user.id,
          locationId: p.position.location_id,
          paymentMethod: p.paid.method,
          hotelId: null,
          roomNumber: '',
          lastName: '',
          customerName: p.guestName,
          unitLabel: labelOf(p.position),
          lines: priced.lines.map((l) => ({ positionId: p.position.id, name: lineName(l), cents: l.totalCents })),
          tipCents: p.paid.tipCents,
          cardTransactionId: p.paid.cardTransactionId,
          voucherNumber: p.paid.voucherNumber,
          signature: p.paid.signature,
          receiptType: 'none',
          phone: '',
          email: '',
          languageCode: null,
          now,
        });
        await trx.updateTable('fnb_orders').set({ sale_id: saleId, paid: 1 }).where('id', '=', id).execute();
      }
      return id;
    });
  } catch (err) {
    // The same order sent twice at once: the second finds the first's row.
    if (isUniqueViolation(err)) {
      const again = await repo.orderByClientId(deps.db, p.clientOrderId);
      if (again && again.position_id === p.position.id)
        return { order: await orderOut(deps.db, again.id), replayed: true };
    }
    throw err;
  }
  if (p.payment === 'online') {
    const payUrl = await startOrderPayment(
      deps,
      { id: orderId, totalCents: priced.totalCents, lang: p.lang, unitLabel: labelOf(p.position) },
      { base: p.base, token: p.token ?? '' },
    );
    return { order: await orderOut(deps.db, orderId), replayed: false, payUrl };
  }
  await publishOrder(deps, { day, locationId: p.position.location_id }, tabId != null);
  return { order: await orderOut(deps.db, orderId), replayed: false };
}

/**
 * "2 × Mojito (Large, No ice)": a sale item's and so a receipt's line, in the receipt's language
 * (Spanish names where the menu has them: the receipt of a Spanish guest reads "2 × Mojito (Grande)").
 */
export function lineName(
  l: { quantity: number; name: string; nameEs?: string; options: { name: string; nameEs?: string }[] },
  lang: 'en' | 'es' | null = null,
): string {
  const es = (x: { name: string; nameEs?: string }) => (lang === 'es' && x.nameEs ? x.nameEs : x.name);
  const mods = l.options.length ? ` (${l.options.map(es).join(', ')})` : '';
  return `${l.quantity} × ${es(l)}${mods}`;
}

/** An address as the limits count it (hashed, never stored as given). */
export const addressHash = (ip: string) =>
  crypto.createHash('sha256').update(`fnb:${ip}`).digest('base64url').slice(0, 32);

/** POST /public/order/:token : a guest's order from the unit's code. */
export async function placeGuestOrder(
  deps: AppDeps,
  position: Position,
  input: PlaceIn,
  ctx: { ip: string; base: string; token: string; log?: Place['log'] },
) {
  const { order, payUrl } = await place(deps, {
    clientOrderId: input.clientOrderId,
    position,
    channel: 'guest',
    user: null,
    payment: input.payment,
    lines: input.lines,
    totalCents: input.totalCents,
    guestName: input.guestName,
    note: input.note,
    lang: input.languageCode,
    hotelId: input.hotelId ?? null,
    roomNumber: input.roomNumber,
    lastName: input.lastName,
    phoneLast4: input.phoneLast4,
    addressHash: addressHash(ctx.ip),
    base: ctx.base,
    token: ctx.token,
    log: ctx.log,
  });
  return {
    success: 1 as const,
    details: payUrl ? fnbTextsIn(input.languageCode).guest.toPayment : fnbTextsIn(input.languageCode).guest.orderPlaced,
    order: publicOrder(order),
    payUrl: payUrl ?? null,
  };
}

/** POST /saveFnbOrder : staff order from the unit modal (the user's locations only). */
export async function saveStaffOrder(
  deps: AppDeps,
  user: SessionUser,
  input: StaffIn,
  ctx: { base: string; log?: Place['log'] },
) {
  const position = await findPosition(deps.db, input.unitId);
  if (!position) throw notFound(fnbTextsIn('en').errors.unitNotFound);
  if (!(await userLocationIds(deps.db, user.id)).includes(position.location_id))
    throw forbidden(fnbTextsIn('en').errors.notYourLocation);
  const { order } = await place(deps, {
    clientOrderId: input.clientOrderId,
    position,
    channel: 'staff',
    user,
    payment: input.payment,
    lines: input.lines,
    totalCents: input.totalCents,
    guestName: input.guestName,
    note: input.note,
    lang: 'en',
    hotelId: input.hotelId ?? null,
    roomNumber: input.roomNumber,
    lastName: input.lastName,
    addressHash: '',
    takenAt: input.takenAt,
    paid:
      input.payment === 'paid'
        ? {
            method: input.paymentMethod!,
            tipCents: input.tipCents,
            cardTransactionId: input.cardTransactionId ?? null,
            voucherNumber: input.voucherNumber,
            signature: input.signature ?? null,
          }
        : undefined,
    base: ctx.base,
    log: ctx.log,
  });
  return { success: 1 as const, details: fnbTextsIn('en').staff.sent, order };
}

export type { FnbLineIn };
