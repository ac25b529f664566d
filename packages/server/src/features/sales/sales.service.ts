import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import {
  type CatalogueItem,
  type SaleLineInput,
  computeSaleTotals,
  holdMs,
  inWindow,
  isHotelItem,
  maskRoom,
  padRoom,
  pricedAsHotelGuest,
  pricingHour,
  tipPresets,
} from '@sandbar/contract/rules/pricing';
import { addDays, businessDay, dayStartMs, venueParts } from '@sandbar/contract/rules/time';
import {
  CustomerData,
  type CheckItemPriceResponse,
  type HoldUnitResponse,
  type ReleaseUnitsResponse,
  type SaleCatalogue,
  type SaveCustomerResponse,
  type SearchWyndhamResponse,
  saleTexts,
} from '@sandbar/contract/sales';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { DB } from '../../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../auth/auth.service';
import { newReceiptId, queueReceipt, receiptUrl } from '../receipts/receipts.service';
import { readSettings } from '../settings/settings.repository';
import { type UnitState, addUnitLog, compareAndSet, readState } from '../units/unit-state.repository';
import * as repo from './sales.repository';

type CustomerDataOut = z.output<typeof CustomerData>;

// Building an Intl formatter costs more than the rest of a sale's arithmetic: remember the
// current venue day and its bounds, and only work it out again when `now` leaves them.
let dayMemo: { timeZone: string; from: number; to: number; day: string } | null = null;
function venueDay(now: number, timeZone: string): string {
  const m = dayMemo;
  if (m && m.timeZone === timeZone && now >= m.from && now < m.to) return m.day;
  const day = businessDay(now, timeZone);
  dayMemo = { timeZone, from: dayStartMs(day, timeZone), to: dayStartMs(addDays(day, 1), timeZone), day };
  return day;
}

const unitLabel = (p: repo.PositionRow) => `${p.location_name} ${p.unit_number || `${p.row}-${p.position}`}`;

/** Units the signed-in user may sell: they exist, are not removed, and stand in an assigned location. */
async function authorisedPositions(db: Kysely<DB>, user: SessionUser, ids: number[]): Promise<repo.PositionRow[]> {
  const [rows, allowed] = await Promise.all([repo.positionsByIds(db, ids), repo.userLocationIds(db, user.id)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: repo.PositionRow[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p || p.removed) throw notFound(saleTexts.unitNotFound);
    if (!allowed.has(p.location_id)) throw forbidden(saleTexts.notYourLocation);
    out.push(p);
  }
  return out;
}

/**
 * Whether a unit may be taken by this cart: empty, left (3) or occupied without a sale (5), or
 * held (1) by this cart or user, by nobody, or by a hold that has run out. Paid (2, 4) and
 * pier or tower spots (6) never.
 */
function takeable(state: UnitState, cartId: string | null, userId: number, now: number): boolean {
  if (state.status === 0 || state.status === 3 || state.status === 5) return true;
  if (state.status !== 1) return false;
  if (!state.holdCartId) return true;
  if (cartId && state.holdCartId === cartId) return true;
  if (state.holdUserId === userId && !cartId) return true;
  return state.holdExpiresAt !== null && state.holdExpiresAt < now;
}

function takenMessage(p: repo.PositionRow, state: UnitState): string {
  if (state.status === 1) return saleTexts.unitTaken(unitLabel(p), 'is in an order on another tablet');
  if (state.status === 6) return saleTexts.unitTaken(unitLabel(p), 'cannot be sold');
  return saleTexts.unitTaken(unitLabel(p), 'was just sold on another tablet');
}

function toCents(v: number | string | undefined): number {
  return v === undefined ? 0 : moneyToCents(v);
}

async function replay(deps: AppDeps, sale: repo.SaleRow, base: string): Promise<SaveCustomerResponse> {
  const customers = await repo.customersOfSale(deps.db, sale.id);
  return {
    status: 1,
    saleId: sale.id,
    ourTransactionId: sale.our_transaction_id,
    receiptId: sale.receipt_id,
    receiptUrl: receiptUrl(base, sale.receipt_id),
    unitIds: customers.map((c) => c.position_id),
    customerIds: customers.map((c) => c.id),
    orderTotal: centsToMoney(sale.subtotal_cents),
    tipAmount: centsToMoney(sale.tip_cents),
    total: centsToMoney(sale.total_cents),
    retailRate: centsToMoney(sale.retail_cents),
    replayed: true,
  };
}

function findItem(items: CatalogueItem[], id: number | undefined): CatalogueItem {
  const item = id ? items.find((i) => i.id === id) : undefined;
  if (!item) throw badRequest(saleTexts.unknownItem);
  return item;
}

/**
 * A buyer may have regular items, or hotel items of the hotel they are priced as a guest of, and
 * only inside the item's hours (spec section 5: from 14:45 the hour counts as 15) — the same rule
 * the wizard offers by, so a stale or hand-made request cannot sell the afternoon rate at 9 am.
 */
function checkEligible(
  item: CatalogueItem,
  p: repo.PositionRow,
  hotelGuestOf: number | null,
  addOn: boolean,
  hour: number,
) {
  if (item.unitType !== p.unit_type || item.addOn !== addOn) throw badRequest(saleTexts.itemNotForUnit);
  if (!inWindow(item, hour)) throw badRequest(saleTexts.itemNotNow(item.name));
  if (isHotelItem(item) && (hotelGuestOf === null || !(item.allHotels || item.hotelIds.includes(hotelGuestOf)))) {
    throw badRequest(saleTexts.itemNotForBuyer);
  }
}

/** Unique-key violations on either database (a concurrent save of the same ourTransactionId). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e?.message ?? '');
}

/**
 * POST /saveCustomer: one transaction that checks every unit is still free (or held by this
 * cart), records the sale and its items at server-computed prices, seats the customers
 * (2, room charge 4), queues the receipt and writes unit logs. Idempotent on ourTransactionId.
 */
export async function saveCustomer(
  deps: AppDeps,
  user: SessionUser,
  data: CustomerDataOut,
  base: string,
): Promise<SaveCustomerResponse> {
  const { db, clock } = deps;
  const earlier = await repo.saleByTransactionId(db, data.ourTransactionId);
  if (earlier) return replay(deps, earlier, base);

  const lines =
    data.cartUnits.length > 0
      ? data.cartUnits.map((u) => ({ unitId: u.unitId, selectedUnit: u.selectedUnit, addons: u.selectedAddons }))
      : [{ unitId: data.unitId, selectedUnit: data.selectedUnit, addons: data.selectedAddons }];
  const unitIds = lines.map((l) => l.unitId);
  if (new Set(unitIds).size !== unitIds.length) throw badRequest('A unit is in the order twice.');
  const multi = lines.length > 1;

  const method = data.paymentMethod;
  const cardTransactionId = data.transactionID || data.cardTransactionId || null;
  if (method === 'Credit Card' && !cardTransactionId) throw badRequest(saleTexts.cardNeedsTransaction);

  const positions = await authorisedPositions(db, user, unitIds);

  let hotel: Awaited<ReturnType<typeof repo.hotelById>> | null = null;
  let roomNumber = '';
  let lastName = data.lastName;
  let customerName = data.customerName;
  let rosterExtraCharge: boolean | null = null;
  if (method === 'Room Charge') {
    if (!data.roomChargeHotel) throw badRequest(saleTexts.roomChargeNeedsHotel);
    hotel = (await repo.hotelById(db, data.roomChargeHotel)) ?? null;
    if (!hotel) throw badRequest(saleTexts.roomChargeNeedsHotel);
    if (!data.lastName || !data.roomNumber) throw badRequest(saleTexts.roomChargeNeedsGuest);
    roomNumber = padRoom(data.roomNumber);
    if (!hotel.is_other && !data.manualEntry) {
      // The guest must be on the hotel's list under that surname in that room (a typed prefix is
      // for the lookup, not for charging a room); their row says whether the additional-guest
      // surcharge applies, whatever the tablet sent.
      const inRoom = await repo.searchGuests(db, { hotelId: hotel.id, lastName: '', room: roomNumber, limit: 50 });
      const surname = (n: string) => n.split(',')[0]!.trim().toLowerCase();
      const wanted = lastName.trim().toLowerCase();
      const found = inRoom.filter(
        (g) => surname(g.guest_name) === wanted || surname(g.accompanying_guest_name) === wanted,
      );
      if (found.length === 0) throw badRequest(saleTexts.guestNotFound);
      rosterExtraCharge = found.some((g) => Number(g.additional) === 1);
    }
    if (!customerName) customerName = lastName;
  } else {
    lastName = data.lastName;
    if (!multi && !customerName) throw badRequest(saleTexts.customerNameBlank);
  }

  const hotelGuestOf = pricedAsHotelGuest({
    paymentMethod: method,
    hotel: hotel
      ? { id: hotel.id, vacationOwnerRule: hotel.vacation_owner_rule === 1, isOther: hotel.is_other === 1 }
      : null,
    roomNumber,
  })
    ? hotel!.id
    : null;

  const items = await repo.catalogue(db);
  const settings = await readSettings(db);
  const now = clock.now();
  const at = venueParts(now, settings.timeZone);
  const hour = pricingHour(at.hour, at.minute);
  const saleLines: SaleLineInput[] = lines.map((l, i) => {
    const p = positions[i]!;
    const unit = findItem(items, l.selectedUnit);
    checkEligible(unit, p, hotelGuestOf, false, hour);
    const addons = l.addons.map((id) => {
      const a = findItem(items, id);
      checkEligible(a, p, hotelGuestOf, true, hour);
      return a;
    });
    return { positionId: p.id, unit, addons };
  });
  const totals = computeSaleTotals(saleLines, {
    hotelGuestOf,
    extraCharge: rosterExtraCharge ?? (data.wyndhamExtraCharge || data.extraCharge),
    tipCents: toCents(data.tipAmount),
  });
  if (toCents(data.orderTotal) !== totals.subtotalCents) {
    throw badRequest(saleTexts.wrongTotal(centsToMoney(totals.subtotalCents)));
  }

  const day = venueDay(now, settings.timeZone);
  const status = method === 'Room Charge' ? 4 : 2;
  const receiptId = newReceiptId();
  const summary = [
    `${method}${hotel ? ` ${hotel.name} room ${roomNumber}` : ''}:`,
    totals.lines
      .map(
        (l, i) =>
          `${unitLabel(positions[i]!)} ${l.items.map((x) => x.item.name).join(' + ')} $${centsToMoney(l.totalCents)}`,
      )
      .join('; '),
    totals.tipCents ? `tip $${centsToMoney(totals.tipCents)}` : '',
    `total $${centsToMoney(totals.totalCents)}`,
  ]
    .filter(Boolean)
    .join(' ');

  let result: { saleId: number; customerIds: number[] };
  try {
    result = await db.transaction().execute(async (trx) => {
      const states: UnitState[] = [];
      for (const p of positions) {
        const s = await readState(trx, p.id, day, p.unit_type);
        if (!takeable(s, data.cartId ?? null, user.id, now)) throw conflict(takenMessage(p, s));
        states.push(s);
      }
      const saleId = await repo.insertSale(trx, {
        our_transaction_id: data.ourTransactionId,
        receipt_id: receiptId,
        day,
        user_id: user.id,
        location_id: positions[0]!.location_id,
        payment_method: method,
        hotel_id: hotel?.id ?? null,
        room_number: roomNumber,
        last_name: lastName,
        customer_name: customerName,
        manual_entry: data.manualEntry ? 1 : 0,
        list_cents: totals.listCents,
        subtotal_cents: totals.subtotalCents,
        addon_cents: totals.addonCents,
        extra_cents: totals.extraCents,
        tip_cents: totals.tipCents,
        total_cents: totals.totalCents,
        retail_cents: totals.retailCents,
        card_transaction_id: cardTransactionId,
        receipt_type: data.receiptType,
        customer_phone: data.customerPhone,
        customer_email: data.customerEmail,
        signature_png: data.signature ?? null,
        summary,
        notes: data.notes,
        multi: multi ? 1 : 0,
        created_at: now,
      });
      await repo.insertSaleItems(
        trx,
        totals.lines.flatMap((l) =>
          l.items.map((x) => ({
            sale_id: saleId,
            position_id: l.positionId,
            price_id: x.item.id,
            kind: x.kind,
            name: x.item.name,
            list_cents: x.listCents,
            charged_cents: x.chargedCents,
            retail_cents: x.retailCents,
          })),
        ),
      );
      const customerIds: number[] = [];
      for (const [i, p] of positions.entries()) {
        const line = totals.lines[i]!;
        const customerId = await repo.insertCustomer(trx, {
          position_id: p.id,
          day,
          sale_id: saleId,
          customer_name: customerName,
          payment_method: method,
          price_cents: line.totalCents,
          receipt_type: data.receiptType,
          receipt_phone: data.customerPhone,
          receipt_email: data.customerEmail,
          created_at: now,
          created_by: user.id,
        });
        const won = await compareAndSet(
          trx,
          p.id,
          day,
          states[i]!.version,
          { status, customerId },
          { userId: user.id, now },
        );
        // Lost the race: say what the winner did (sold it, or put it in an order).
        if (!won) throw conflict(takenMessage(p, await readState(trx, p.id, day, p.unit_type)));
        await addUnitLog(trx, {
          positionId: p.id,
          day,
          kind: 'log',
          text: `Sold to ${customerName || 'customer'} (${method}) $${centsToMoney(line.totalCents)} by ${user.initials}`,
          userId: user.id,
          at: now,
        });
        customerIds.push(customerId);
      }
      await queueReceipt(trx, clock, settings, base, {
        receiptId,
        day,
        totalCents: totals.totalCents,
        customerName,
        receiptType: data.receiptType,
        phone: data.customerPhone,
        email: data.customerEmail,
      });
      return { saleId, customerIds };
    });
  } catch (err) {
    // A concurrent save of the same ourTransactionId won: answer with its result.
    if (isUniqueViolation(err) || (err instanceof HttpError && err.statusCode === 409)) {
      const first = await repo.saleByTransactionId(db, data.ourTransactionId);
      if (first) return replay(deps, first, base);
    }
    if (isUniqueViolation(err)) throw conflict('This sale is being saved on another request. Try again.');
    throw err;
  }

  await deps.events.publish({
    type: 'sale',
    day,
    unitIds,
    locationIds: [...new Set(positions.map((p) => p.location_id))],
  });
  return {
    status: 1,
    saleId: result.saleId,
    ourTransactionId: data.ourTransactionId,
    receiptId,
    receiptUrl: receiptUrl(base, receiptId),
    unitIds,
    customerIds: result.customerIds,
    orderTotal: centsToMoney(totals.subtotalCents),
    tipAmount: centsToMoney(totals.tipCents),
    total: centsToMoney(totals.totalCents),
    retailRate: centsToMoney(totals.retailCents),
    replayed: false,
  };
}

/** 'Add More Unit(s)': holds a unit for a cart (status 1) for ten minutes; refreshes its own hold. */
export async function holdUnit(
  deps: AppDeps,
  user: SessionUser,
  body: { unitId: number; cartId: string },
): Promise<HoldUnitResponse> {
  const [p] = await authorisedPositions(deps.db, user, [body.unitId]);
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const day = venueDay(now, settings.timeZone);
  const expires = now + holdMs;
  await deps.db.transaction().execute(async (trx) => {
    const s = await readState(trx, p!.id, day, p!.unit_type);
    if (!takeable(s, body.cartId, -1, now)) throw conflict(takenMessage(p!, s));
    const won = await compareAndSet(
      trx,
      p!.id,
      day,
      s.version,
      { status: 1, holdCartId: body.cartId, holdUserId: user.id, holdExpiresAt: expires },
      { userId: user.id, now },
    );
    if (!won) throw conflict(saleTexts.unitTaken(unitLabel(p!), 'is in an order on another tablet'));
    if (s.holdCartId !== body.cartId) {
      await addUnitLog(trx, {
        positionId: p!.id,
        day,
        kind: 'log',
        text: `Held for an order by ${user.initials}`,
        userId: user.id,
        at: now,
      });
    }
  });
  await deps.events.publish({ type: 'hold', day, unitIds: [p!.id], locationIds: [p!.location_id] });
  return {
    status: 1,
    details: saleTexts.holdOk,
    unit: {
      unitId: p!.id,
      unitType: p!.unit_type,
      unitNumber: p!.unit_number,
      unitLocation: p!.location_name,
      locationId: p!.location_id,
      unitRow: p!.row,
      unitPosition: p!.position,
      holdExpiresAt: expires,
    },
  };
}

/** 'Cancel Order' or removing a unit from the cart: its holds go back to empty (3 if it had customers). */
export async function releaseUnits(
  deps: AppDeps,
  user: SessionUser,
  body: { cartId: string; unitIds?: number[] },
): Promise<ReleaseUnitsResponse> {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const day = venueDay(now, settings.timeZone);
  const allowed = await repo.userLocationIds(deps.db, user.id);
  let held = await repo.heldByCart(deps.db, body.cartId, day);
  if (body.unitIds) held = held.filter((h) => body.unitIds!.includes(h.position_id));
  const released: number[] = [];
  const locationIds = new Set<number>();
  for (const h of held) {
    if (!allowed.has(h.location_id)) throw forbidden(saleTexts.notYourLocation);
    const ok = await deps.db.transaction().execute(async (trx) => {
      const back = (await repo.hasCustomersToday(trx, h.position_id, day)) ? 3 : 0;
      const won = await compareAndSet(trx, h.position_id, day, h.version, { status: back }, { userId: user.id, now });
      if (won) {
        await addUnitLog(trx, {
          positionId: h.position_id,
          day,
          kind: 'log',
          text: `Released from an order by ${user.initials}`,
          userId: user.id,
          at: now,
        });
      }
      return won;
    });
    if (ok) {
      released.push(h.position_id);
      locationIds.add(h.location_id);
    }
  }
  if (released.length)
    await deps.events.publish({ type: 'release', day, unitIds: released, locationIds: [...locationIds] });
  return { status: 1, released };
}

/**
 * Frees holds whose ten minutes ran out (a tablet closed or lost mid-cart), so every board shows
 * the unit free again instead of green until somebody touches it. Run by the scheduler on every
 * instance: compareAndSet makes a second instance's attempt a no-op.
 */
export async function releaseExpiredHolds(deps: Pick<AppDeps, 'db' | 'clock' | 'events'>): Promise<number> {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const today = venueDay(now, settings.timeZone);
  const expired = await repo.expiredHolds(deps.db, [addDays(today, -1), today], now);
  const byDay = new Map<string, { unitIds: number[]; locationIds: Set<number> }>();
  for (const h of expired) {
    const won = await deps.db.transaction().execute(async (trx) => {
      const back = (await repo.hasCustomersToday(trx, h.position_id, h.day)) ? 3 : 0;
      const ok = await compareAndSet(trx, h.position_id, h.day, h.version, { status: back }, { userId: null, now });
      if (ok) {
        await addUnitLog(trx, {
          positionId: h.position_id,
          day: h.day,
          kind: 'log',
          text: 'Hold ran out after ten minutes: unit released',
          userId: null,
          at: now,
        });
      }
      return ok;
    });
    if (!won) continue;
    const entry = byDay.get(h.day) ?? { unitIds: [], locationIds: new Set<number>() };
    entry.unitIds.push(h.position_id);
    entry.locationIds.add(h.location_id);
    byDay.set(h.day, entry);
  }
  for (const [day, e] of byDay)
    await deps.events.publish({ type: 'release', day, unitIds: e.unitIds, locationIds: [...e.locationIds] });
  return [...byDay.values()].reduce((n, e) => n + e.unitIds.length, 0);
}

/** The price list and hotels the wizard offers from, with the venue's pricing hour. */
export async function getSaleCatalogue(deps: AppDeps): Promise<SaleCatalogue> {
  const [items, hotels, settings] = await Promise.all([
    repo.catalogue(deps.db),
    repo.hotels(deps.db),
    readSettings(deps.db),
  ]);
  const now = deps.clock.now();
  const p = venueParts(now, settings.timeZone);
  return {
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      price: centsToMoney(i.priceCents),
      retailRate: centsToMoney(i.retailRateCents),
      hotelRate: centsToMoney(i.hotelRateCents),
      addOn: i.addOn ? '1' : '0',
      sort: i.sort,
      startTime: i.startTime,
      endTime: i.endTime,
      unitType: i.unitType,
      projectHotels: i.hotelIds,
      allHotels: i.allHotels ? '1' : '0',
    })),
    hotels: hotels.map((h) => ({
      id: h.id,
      name: h.name,
      vacationOwnerRule: h.vacation_owner_rule ? '1' : '0',
      isOther: h.is_other ? '1' : '0',
    })),
    hour: pricingHour(p.hour, p.minute),
    currentTime: now,
    day: venueDay(now, settings.timeZone),
    tipPresets: [...tipPresets],
    simulatedReader: settings.simulatedReader,
  };
}

/** POST /searchWyndham: guests by last name and/or room; rooms masked when a last name was given. */
export async function searchWyndham(
  deps: AppDeps,
  q: { hotelLastName: string; hotelRoomNumber: string; roomChargeHotel: number | null },
): Promise<SearchWyndhamResponse> {
  if (!q.hotelLastName && !q.hotelRoomNumber) return { guests: [], exactMatch: false };
  const rows = await repo.searchGuests(deps.db, {
    hotelId: q.roomChargeHotel,
    lastName: q.hotelLastName,
    room: q.hotelRoomNumber ? padRoom(q.hotelRoomNumber) : '',
    limit: 25,
  });
  const lastNameGiven = q.hotelLastName !== '';
  return {
    guests: rows.map((g) => ({
      Room: maskRoom(g.room, lastNameGiven && !q.hotelRoomNumber),
      Guest_Name: g.guest_name,
      Accompanying_Guest_Name: g.accompanying_guest_name,
      Additional: g.additional ? '1' : '0',
      hotelId: g.hotel_id,
    })),
    exactMatch: lastNameGiven && !!q.hotelRoomNumber && rows.length > 0,
  };
}

/** POST /checkItemPrice: the retail value of the chosen items (printed on receipts). */
export async function checkItemPrice(
  deps: AppDeps,
  body: { itemType: number[]; extraCharge: boolean; roomChargeHotel: number | null },
): Promise<CheckItemPriceResponse> {
  const items = await repo.catalogue(deps.db);
  const chosen = body.itemType.map((id) => findItem(items, id));
  const retail = chosen.reduce((s, i) => s + i.retailRateCents, 0);
  return { prices: { retailRate: centsToMoney(retail) }, pageName: 'newCustomer' };
}
