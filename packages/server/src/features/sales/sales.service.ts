import { normalisePhone } from '@sandbar/contract/rules/phone';
import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import {
  type CatalogueItem,
  type SaleLineInput,
  type SaleTotals,
  computeSaleTotals,
  equipmentData,
  holdMs,
  inWindow,
  isHotelItem,
  maskRoom,
  padRoom,
  pricedAsHotelGuest,
  pricingHour,
  rosterGuest,
  tipPresets,
} from '@sandbar/contract/rules/pricing';
import { addDays, businessDay, dayStartMs, venueParts } from '@sandbar/contract/rules/time';
import {
  type CatalogueItemOut,
  CustomerData,
  type CheckItemPriceResponse,
  type EquipmentDataOut,
  type HoldUnitResponse,
  type ReleaseUnitsResponse,
  type SaleCatalogue,
  type SaveCustomerResponse,
  type SearchWyndhamResponse,
  saleTexts,
} from '@sandbar/contract/sales';
import { type Settings, defaultSettings } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { BoardEvent } from '../../platform/events';
import { outboxRow } from '../../platform/outbox';
import type { SessionUser } from '../auth/auth.service';
import { newReceiptId, receiptLanguage, receiptMessages, receiptUrl } from '../receipts/receipts.service';
import { readSettings, settingsFromRows } from '../settings/settings.repository';
import { type UnitState, addUnitLog, compareAndSet, readState, stateFromRow } from '../units/unit-state.repository';
import { insertAttention } from './offline-sale.repository';
import * as offline from './offline-sale.service';
import { type SaleReads, type SaleWrite, UnitTakenError, readForSale, writeSale } from './sale-statement.pg';
import * as repo from './sales.repository';
import { formatCents } from '@sandbar/contract/rules/money';
import { compactSignature } from './signature-png';

// Phones are saved as digits so a search finds them however they were typed (issue 14).
const savedPhone = (typed: string) => normalisePhone(typed) ?? typed.trim();

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
async function authorisedPositions(
  db: Kysely<DB>,
  user: SessionUser,
  ids: number[],
  reads: SaleReads | null = null,
): Promise<repo.PositionRow[]> {
  const [rows, allowed] = reads
    ? [reads.positions, reads.allowedLocations]
    : await Promise.all([repo.positionsByIds(db, ids), repo.userLocationIds(db, user.id)]);
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

/** '10:05 AM' in the venue's zone: what a 409 says about when something happened. */
function clockTime(ms: number, timeZone: string): string {
  const p = venueParts(ms, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Why a unit cannot be taken, told truthfully: who sold it, when and how, or whose order holds
 * it since when (never "on another tablet" when it was this user, half an hour ago).
 */
async function takenMessage(db: Kysely<DB>, p: repo.PositionRow, state: UnitState, timeZone: string): Promise<string> {
  const unit = unitLabel(p);
  if (state.status === 6) return saleTexts.unitNotForSale(unit);
  if (state.status === 1) {
    const who = state.holdUserId ? await repo.userName(db, state.holdUserId) : null;
    const since = state.holdExpiresAt !== null ? state.holdExpiresAt - holdMs : (state.updatedAt ?? 0);
    return saleTexts.unitHeldBy(unit, who ?? 'another', clockTime(since, timeZone));
  }
  const sold = state.customerId ? await repo.customerSaleInfo(db, state.customerId) : undefined;
  if (!sold) return saleTexts.unitTaken(unit, 'was just sold on another tablet');
  return saleTexts.unitSoldBy(
    unit,
    sold.user_name ?? 'someone',
    clockTime(Number(sold.created_at), timeZone),
    `${sold.payment_method} ${formatCents(sold.price_cents)}`,
  );
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

// ---------- saveCustomer, phase by phase ----------

interface Line {
  unitId: number;
  selectedUnit: number | undefined;
  addons: number[];
}

/** What a sale is, independent of how the tablet spelled it: a retry must say exactly this again. */
function fingerprint(f: {
  method: string;
  hotelId: number | null;
  room: string;
  lines: { unitId: number; selectedUnit: number; addons: number[] }[];
  subtotalCents: number;
  tipCents: number;
  receiptType: string;
  phone: string;
  email: string;
}): string {
  const lines = [...f.lines]
    .sort((a, b) => a.unitId - b.unitId)
    .map((l) => `${l.unitId}:${l.selectedUnit}:${[...l.addons].sort((a, b) => a - b).join('+')}`);
  return JSON.stringify([
    f.method,
    f.hotelId,
    f.room,
    lines,
    f.subtotalCents,
    f.tipCents,
    f.receiptType,
    f.receiptType === 'phone' ? f.phone : '',
    f.receiptType === 'email' ? f.email : '',
  ]);
}

/**
 * Phase 0, the idempotency key: a retry of a recorded sale gets the first answer, but only from
 * its own caller (the same user, or one working the sale's location), and only when it asks for
 * the same sale; a different body under a used id is a 409, never a silent first result.
 */
async function replayOf(
  deps: AppDeps,
  user: SessionUser,
  data: CustomerDataOut,
  base: string,
): Promise<SaveCustomerResponse | null> {
  const earlier = await repo.saleByTransactionId(deps.db, data.ourTransactionId);
  if (!earlier) return null;
  if (earlier.user_id !== user.id) {
    const allowed = await repo.userLocationIds(deps.db, user.id);
    if (earlier.location_id === null || !allowed.has(earlier.location_id)) throw conflict(saleTexts.replayNotYours);
  }
  const items = await repo.itemsOfSale(deps.db, earlier.id);
  const byUnit = new Map<number, { unitId: number; selectedUnit: number; addons: number[] }>();
  for (const i of items) {
    const line = byUnit.get(i.position_id ?? 0) ?? { unitId: i.position_id ?? 0, selectedUnit: 0, addons: [] };
    if (i.kind === 'unit') line.selectedUnit = i.price_id ?? 0;
    else line.addons.push(i.price_id ?? 0);
    byUnit.set(line.unitId, line);
  }
  const recorded = fingerprint({
    method: earlier.payment_method,
    hotelId: earlier.hotel_id,
    room: earlier.room_number,
    lines: [...byUnit.values()],
    subtotalCents: earlier.subtotal_cents,
    tipCents: earlier.tip_cents,
    receiptType: earlier.receipt_type,
    phone: earlier.customer_phone,
    email: earlier.customer_email,
  });
  const asked = fingerprint({
    method: data.paymentMethod,
    hotelId: data.paymentMethod === 'Room Charge' ? (data.roomChargeHotel ?? null) : null,
    room: data.paymentMethod === 'Room Charge' ? padRoom(data.roomNumber) : '',
    lines: linesOf(data).map((l) => ({ unitId: l.unitId, selectedUnit: l.selectedUnit ?? 0, addons: l.addons })),
    subtotalCents: toCents(data.orderTotal),
    tipCents: toCents(data.tipAmount),
    receiptType: data.receiptType,
    phone: savedPhone(data.customerPhone),
    email: data.customerEmail,
  });
  if (recorded !== asked) throw conflict(saleTexts.replayMismatch);
  return replay(deps, earlier, base);
}

/** A cart names every unit; a single sale names one. */
function linesOf(data: CustomerDataOut): Line[] {
  return data.cartUnits.length > 0
    ? data.cartUnits.map((u) => ({ unitId: u.unitId, selectedUnit: u.selectedUnit, addons: u.selectedAddons }))
    : [{ unitId: data.unitId, selectedUnit: data.selectedUnit, addons: data.selectedAddons }];
}

/** Phase 1, validate the lines: units once each, a card sale carries the reader's id. */
function validateLines(data: CustomerDataOut): { lines: Line[]; multi: boolean; cardTransactionId: string | null } {
  const lines = linesOf(data);
  const unitIds = lines.map((l) => l.unitId);
  if (new Set(unitIds).size !== unitIds.length) throw badRequest(saleTexts.unitInOrderTwice);
  const cardTransactionId = data.transactionID || data.cardTransactionId || null;
  if (data.paymentMethod === 'Credit Card' && !cardTransactionId) throw badRequest(saleTexts.cardNeedsTransaction);
  return { lines, multi: lines.length > 1, cardTransactionId };
}

interface Buyer {
  hotel: Awaited<ReturnType<typeof repo.hotelById>> | null;
  roomNumber: string;
  lastName: string;
  customerName: string;
  /** From the hotel's list (named hotels, not manual entry); null: the tablet's flag stands. */
  rosterExtraCharge: boolean | null;
  hotelGuestOf: number | null;
}

/**
 * Who pays: for a room charge the hotel and the guest, found on the hotel's list by the
 * contract's rosterGuest rule (the wizard prices by the same rule, so its total matches).
 */
async function resolveBuyer(
  db: Kysely<DB>,
  data: CustomerDataOut,
  multi: boolean,
  reads: SaleReads | null = null,
): Promise<Buyer> {
  if (data.paymentMethod !== 'Room Charge') {
    if (!multi && !data.customerName) throw badRequest(saleTexts.customerNameBlank);
    return {
      hotel: null,
      roomNumber: '',
      lastName: data.lastName,
      customerName: data.customerName,
      rosterExtraCharge: null,
      hotelGuestOf: null,
    };
  }
  if (!data.roomChargeHotel) throw badRequest(saleTexts.roomChargeNeedsHotel);
  const hotel = reads ? reads.hotel : ((await repo.hotelById(db, data.roomChargeHotel)) ?? null);
  if (!hotel) throw badRequest(saleTexts.roomChargeNeedsHotel);
  if (!data.lastName || !data.roomNumber) throw badRequest(saleTexts.roomChargeNeedsGuest);
  const roomNumber = padRoom(data.roomNumber);
  let rosterExtraCharge: boolean | null = null;
  if (!hotel.is_other && !data.manualEntry) {
    const inRoom = await repo.searchGuests(db, { hotelId: hotel.id, lastName: '', room: roomNumber, limit: 50 });
    const guest = rosterGuest(
      inRoom.map((g) => ({
        room: g.room,
        guestName: g.guest_name,
        accompanyingGuestName: g.accompanying_guest_name,
        additional: Number(g.additional) === 1,
      })),
      data.lastName,
      roomNumber,
    );
    if (!guest) throw badRequest(saleTexts.guestNotFound);
    rosterExtraCharge = guest.extraCharge;
  }
  const hotelGuestOf = pricedAsHotelGuest({
    paymentMethod: data.paymentMethod,
    hotel: { id: hotel.id, vacationOwnerRule: hotel.vacation_owner_rule === 1, isOther: hotel.is_other === 1 },
    roomNumber,
  })
    ? hotel.id
    : null;
  return {
    hotel,
    roomNumber,
    lastName: data.lastName,
    customerName: data.customerName || data.lastName,
    rosterExtraCharge,
    hotelGuestOf,
  };
}

/** Phase 2, price them: the items must be offered to this buyer now; the client's total must agree. */
function priceLines(
  items: CatalogueItem[],
  positions: repo.PositionRow[],
  lines: Line[],
  buyer: Buyer,
  data: CustomerDataOut,
  hour: number,
): SaleTotals {
  const saleLines: SaleLineInput[] = lines.map((l, i) => {
    const p = positions[i]!;
    const unit = findItem(items, l.selectedUnit);
    checkEligible(unit, p, buyer.hotelGuestOf, false, hour);
    const addons = l.addons.map((id) => {
      const a = findItem(items, id);
      checkEligible(a, p, buyer.hotelGuestOf, true, hour);
      return a;
    });
    return { positionId: p.id, unit, addons };
  });
  const totals = computeSaleTotals(saleLines, {
    hotelGuestOf: buyer.hotelGuestOf,
    extraCharge: buyer.rosterExtraCharge ?? (data.wyndhamExtraCharge || data.extraCharge),
    tipCents: toCents(data.tipAmount),
  });
  if (toCents(data.orderTotal) !== totals.subtotalCents) {
    throw badRequest(saleTexts.wrongTotal(centsToMoney(totals.subtotalCents)));
  }
  return totals;
}

function summaryOf(method: string, buyer: Buyer, positions: repo.PositionRow[], totals: SaleTotals, voucher: string) {
  return [
    `${method}${buyer.hotel ? ` ${buyer.hotel.name} room ${buyer.roomNumber}` : ''}${voucher ? ` #${voucher}` : ''}:`,
    totals.lines
      .map(
        (l, i) =>
          `${unitLabel(positions[i]!)} ${l.items.map((x) => x.item.name).join(' + ')} ${formatCents(l.totalCents)}`,
      )
      .join('; '),
    totals.tipCents ? `tip ${formatCents(totals.tipCents)}` : '',
    `total ${formatCents(totals.totalCents)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

interface SaleContext {
  user: SessionUser;
  data: CustomerDataOut;
  positions: repo.PositionRow[];
  buyer: Buyer;
  totals: SaleTotals;
  cardTransactionId: string | null;
  multi: boolean;
  day: string;
  now: number;
  /** When the server got the sale: later than `now` for one queued offline (issue 13). */
  receivedAt: number;
  timeZone: string;
  receiptId: string;
}

/**
 * Phase 3, may the units be claimed: each must still be free, or held by this cart or user. A sale
 * queued offline keeps a unit sold meanwhile: the money was taken (its customer waits unseated).
 */
async function checkClaimable(db: Kysely<DB>, c: SaleContext, states: UnitState[]): Promise<void> {
  for (const [i, p] of c.positions.entries()) {
    const s = states[i]!;
    if (!takeable(s, c.data.cartId ?? null, c.user.id, c.now) && !offline.isOfflineSale(c.data)) {
      throw conflict(await takenMessage(db, p, s, c.timeZone));
    }
  }
}

/**
 * Phase 4, what the sale writes: the sale and its items, a seated customer (or, for an offline
 * sale whose unit was sold meanwhile, an unseated one and a "Needs attention" item), a log line
 * per unit, the claimed unit states and the receipt (none when the customer declined one). Both
 * databases write exactly these rows (writeSaleInTransaction, or one statement on PostgreSQL).
 */
function saleRows(c: SaleContext, states: UnitState[], settings: Settings, clock: Clock, base: string): SaleWrite {
  const { data, buyer, totals, user, day, now } = c;
  const method = data.paymentMethod;
  const voucherNumber = method === 'Voucher' ? data.voucherNumber : '';
  const status = method === 'Room Charge' ? 4 : 2;
  const receipts =
    data.receiptType === 'none'
      ? []
      : receiptMessages(settings, base, {
          language: receiptLanguage(data.languageCode, settings),
          receiptId: c.receiptId,
          day,
          totalCents: totals.totalCents,
          customerName: buyer.customerName,
          receiptType: data.receiptType,
          phone: data.customerPhone,
          email: data.customerEmail,
        });
  return {
    sale: {
      our_transaction_id: data.ourTransactionId,
      receipt_id: c.receiptId,
      day,
      user_id: user.id,
      location_id: c.positions[0]!.location_id,
      payment_method: method,
      hotel_id: buyer.hotel?.id ?? null,
      room_number: buyer.roomNumber,
      last_name: buyer.lastName,
      customer_name: buyer.customerName,
      manual_entry: data.manualEntry ? 1 : 0,
      list_cents: totals.listCents,
      subtotal_cents: totals.subtotalCents,
      addon_cents: totals.addonCents,
      extra_cents: totals.extraCents,
      tip_cents: totals.tipCents,
      total_cents: totals.totalCents,
      retail_cents: totals.retailCents,
      card_transaction_id: c.cardTransactionId,
      receipt_type: data.receiptType,
      customer_phone: savedPhone(data.customerPhone),
      customer_email: data.customerEmail,
      summary: summaryOf(method, buyer, c.positions, totals, voucherNumber),
      notes: data.notes,
      multi: c.multi ? 1 : 0,
      voucher_number: voucherNumber,
      language_code: data.languageCode ?? null,
      created_at: now,
    },
    // The signature goes to its own table, compacted to a 1-bit PNG (≈1 KB instead of ≈19 KB).
    signature: compactSignature(data.signature ?? null),
    items: totals.lines.flatMap((l) =>
      l.items.map((x) => ({
        position_id: l.positionId,
        price_id: x.item.id,
        kind: x.kind,
        name: x.item.name,
        list_cents: x.listCents,
        charged_cents: x.chargedCents,
        retail_cents: x.retailCents,
      })),
    ),
    units: c.positions.map((p, i) => {
      const line = totals.lines[i]!;
      const take = takeable(states[i]!, data.cartId ?? null, user.id, now);
      // Offline sale, unit sold meanwhile: the customer waits unseated in "Needs attention".
      const attention = take
        ? null
        : offline.attentionOf({
            position: p,
            day,
            customerName: buyer.customerName,
            paymentMethod: method,
            amountCents: line.totalCents,
            takenAt: now,
            user,
            receivedAt: c.receivedAt,
          });
      return {
        positionId: p.id,
        version: states[i]!.version,
        take,
        status,
        customer: {
          customer_name: buyer.customerName,
          payment_method: method,
          price_cents: line.totalCents,
          receipt_type: data.receiptType,
          receipt_phone: savedPhone(data.customerPhone),
          receipt_email: data.customerEmail,
          state: take ? 'seated' : 'unseated',
        },
        log: attention
          ? attention.log
          : {
              text: `Sold to ${buyer.customerName || 'customer'} (${method}) ${formatCents(line.totalCents)} by ${user.initials}`,
              at: now,
            },
        attention: attention?.row ?? null,
      };
    }),
    outbox: receipts.map((m) => outboxRow(clock, m)),
    day,
    now,
    userId: user.id,
  };
}

/** Phase 4 on SQLite (in-process, a statement costs microseconds): small statements in one transaction. */
async function writeSaleInTransaction(trx: Kysely<DB>, c: SaleContext, w: SaleWrite) {
  const { id: saleId } = await trx
    .insertInto('sales')
    .values({ ...w.sale, deleted_at: null, deleted_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (w.signature) await trx.insertInto('sale_signatures').values({ sale_id: saleId, png: w.signature }).execute();
  await repo.insertSaleItems(
    trx,
    w.items.map((i) => ({ ...i, sale_id: saleId })),
  );
  const customerIds: number[] = [];
  for (const [i, u] of w.units.entries()) {
    const p = c.positions[i]!;
    const customerId = await repo.insertCustomer(trx, {
      ...u.customer,
      position_id: u.positionId,
      day: w.day,
      sale_id: saleId,
      created_at: w.now,
      created_by: w.userId,
    });
    customerIds.push(customerId);
    if (u.take) {
      const won = await compareAndSet(
        trx,
        u.positionId,
        w.day,
        u.version,
        { status: u.status, customerId },
        { userId: w.userId, now: w.now },
      );
      // Lost the race: say what the winner did (sold it, or put it in an order).
      if (!won) throw conflict(await takenMessage(trx, p, await readState(trx, p.id, w.day, p.unit_type), c.timeZone));
    } else {
      await insertAttention(trx, { ...u.attention!, sale_id: saleId, customer_id: customerId });
    }
    await addUnitLog(trx, {
      positionId: u.positionId,
      day: w.day,
      kind: 'log',
      text: u.log.text,
      userId: w.userId,
      at: u.log.at,
    });
  }
  for (const m of w.outbox) await trx.insertInto('outbox').values(m).execute();
  return { saleId, customerIds };
}

/** Phase 4 on PostgreSQL: one statement; a unit lost meanwhile undoes it and answers who took it. */
async function writeSaleInOneStatement(db: Kysely<DB>, c: SaleContext, w: SaleWrite) {
  try {
    return await writeSale(db, w);
  } catch (err) {
    if (!(err instanceof UnitTakenError)) throw err;
    for (const [i, u] of w.units.entries()) {
      if (!u.take) continue;
      const p = c.positions[i]!;
      const s = await readState(db, p.id, w.day, p.unit_type);
      if (s.version !== u.version) throw conflict(await takenMessage(db, p, s, c.timeZone));
    }
    throw conflict(saleTexts.unitTaken(unitLabel(c.positions[0]!), 'was just sold on another tablet'));
  }
}

/** The days a sale may count on, by the venue's zone as last seen (confirmed once settings are read). */
function likelyDays(data: CustomerDataOut, now: number): string[] {
  const zone = dayMemo?.timeZone ?? defaultSettings.timeZone;
  const days = new Set([venueDay(now, zone)]);
  if (data.takenAt !== undefined) days.add(venueDay(Math.min(data.takenAt, now), zone));
  return [...days];
}

/**
 * POST /saveCustomer: validate the lines, price them, claim the units, record the sale, queue the
 * receipt (in the same transaction), publish. Idempotent on ourTransactionId (see replayOf).
 * On PostgreSQL the whole sale runs on one connection: one read, one write (decision record 150).
 */
export async function saveCustomer(
  deps: AppDeps,
  user: SessionUser,
  data: CustomerDataOut,
  base: string,
): Promise<SaveCustomerResponse> {
  const sold =
    deps.database.dialect === 'postgres'
      ? await deps.db.connection().execute((conn) => sell({ ...deps, db: conn }, user, data, base, true))
      : await sell(deps, user, data, base, false);
  // Phase 6, publish (after the commit, the connection given back): every board shows the units sold.
  if (sold.event) await deps.events.publish(sold.event);
  return sold.response;
}

async function sell(
  deps: AppDeps,
  user: SessionUser,
  data: CustomerDataOut,
  base: string,
  oneStatement: boolean,
): Promise<{ response: SaveCustomerResponse; event: BoardEvent | null }> {
  const { db, clock } = deps;
  const { lines, multi, cardTransactionId } = validateLines(data);
  const unitIds = lines.map((l) => l.unitId);
  // PostgreSQL: everything the sale is decided on in one read (SQLite reads it piece by piece).
  const days = likelyDays(data, clock.now());
  const reads = oneStatement
    ? await readForSale(db, {
        ourTransactionId: data.ourTransactionId,
        unitIds,
        userId: user.id,
        hotelId: data.paymentMethod === 'Room Charge' ? (data.roomChargeHotel ?? null) : null,
        days,
      })
    : null;
  if (!reads || reads.replayed) {
    const replayed = await replayOf(deps, user, data, base);
    if (replayed) return { response: replayed, event: null };
  }

  const positions = await authorisedPositions(db, user, unitIds, reads);
  const [buyer, items, settings] = await Promise.all([
    resolveBuyer(db, data, multi, reads),
    reads ? repo.catalogueFromRows(reads.prices, reads.links) : repo.catalogue(db),
    reads ? settingsFromRows(reads.settings) : readSettings(db),
  ]);
  const receivedAt = clock.now();
  // A sale queued offline counts when it was taken: that day, those prices (issue 13).
  const now = offline.saleMoment(data, receivedAt, settings.timeZone);
  const at = venueParts(now, settings.timeZone);
  const totals = priceLines(items, positions, lines, buyer, data, pricingHour(at.hour, at.minute));
  const c: SaleContext = {
    user,
    data,
    positions,
    buyer,
    totals,
    cardTransactionId,
    multi,
    day: venueDay(now, settings.timeZone),
    now,
    receivedAt,
    timeZone: settings.timeZone,
    receiptId: newReceiptId(),
  };

  const event: BoardEvent = {
    type: 'sale',
    day: c.day,
    unitIds: positions.map((p) => p.id),
    locationIds: [...new Set(positions.map((p) => p.location_id))],
  };
  // On PostgreSQL the write NOTIFYs its own event, delivered when it commits: no separate
  // statement (and round trip) after it.
  const carried = reads !== null && deps.events.viaDatabase === true;

  let result: { saleId: number; customerIds: number[] };
  try {
    if (reads) {
      // The read's states, unless the venue's zone changed since the last sale (then read again).
      const states: UnitState[] = [];
      for (const p of positions) {
        states.push(
          reads.days.includes(c.day)
            ? stateFromRow(
                reads.states.find((s) => s.position_id === p.id && s.day === c.day),
                p.id,
                c.day,
                p.unit_type,
              )
            : await readState(db, p.id, c.day, p.unit_type),
        );
      }
      await checkClaimable(db, c, states);
      const w = saleRows(c, states, settings, clock, base);
      result = await writeSaleInOneStatement(db, c, { ...w, notify: carried ? JSON.stringify(event) : null });
    } else {
      result = await db.transaction().execute(async (trx) => {
        const states: UnitState[] = [];
        for (const p of positions) states.push(await readState(trx, p.id, c.day, p.unit_type));
        await checkClaimable(trx, c, states);
        return writeSaleInTransaction(trx, c, saleRows(c, states, settings, clock, base));
      });
    }
  } catch (err) {
    // A concurrent save of the same ourTransactionId won: answer with its result.
    if (isUniqueViolation(err) || (err instanceof HttpError && err.statusCode === 409)) {
      const first = await replayOf(deps, user, data, base);
      if (first) return { response: first, event: null };
    }
    if (isUniqueViolation(err)) throw conflict(saleTexts.savingElsewhere);
    throw err;
  }

  return {
    event: carried ? null : event,
    response: {
      status: 1,
      saleId: result.saleId,
      ourTransactionId: data.ourTransactionId,
      receiptId: c.receiptId,
      receiptUrl: receiptUrl(base, c.receiptId),
      unitIds: positions.map((p) => p.id),
      customerIds: result.customerIds,
      orderTotal: centsToMoney(totals.subtotalCents),
      tipAmount: centsToMoney(totals.tipCents),
      total: centsToMoney(totals.totalCents),
      retailRate: centsToMoney(totals.retailCents),
      replayed: false,
    },
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
    if (!takeable(s, body.cartId, -1, now)) throw conflict(await takenMessage(trx, p!, s, settings.timeZone));
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

/** A price list item as the API shows it (the catalogue and a unit's equipmentData alike). */
function catalogueItemOut(i: CatalogueItem): CatalogueItemOut {
  return {
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
  };
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
    items: items.map(catalogueItemOut),
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

/**
 * A unit's equipmentData at a time (spec section 3, GET /getUnit/{id}/{currentTime}): the same
 * price list, item shape and pricing hour as the catalogue. On today's board the time is now
 * (the board names a day by its midnight, and sales happen now); on another day, the time given.
 */
export async function equipmentDataAt(deps: AppDeps, unitType: string, atMs: number): Promise<EquipmentDataOut> {
  const [items, settings] = await Promise.all([repo.catalogue(deps.db), readSettings(deps.db)]);
  const now = deps.clock.now();
  const when = venueDay(atMs, settings.timeZone) === venueDay(now, settings.timeZone) ? now : atMs;
  const p = venueParts(when, settings.timeZone);
  const data = equipmentData(items, { unitType, hour: pricingHour(p.hour, p.minute) });
  return {
    equipment: data.equipment.map(catalogueItemOut),
    hotelEquipment: data.hotelEquipment.map(catalogueItemOut),
    addons: data.addons.map(catalogueItemOut),
    hotelAddons: data.hotelAddons.map(catalogueItemOut),
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
  // exactMatch is the rule saveCustomer charges by: this surname in this room.
  const match =
    lastNameGiven && q.hotelRoomNumber
      ? rosterGuest(
          rows.map((g) => ({
            room: g.room,
            guestName: g.guest_name,
            accompanyingGuestName: g.accompanying_guest_name,
            additional: Number(g.additional) === 1,
          })),
          q.hotelLastName,
          q.hotelRoomNumber,
        )
      : null;
  return {
    guests: rows.map((g) => ({
      Room: maskRoom(g.room, lastNameGiven && !q.hotelRoomNumber),
      Guest_Name: g.guest_name,
      Accompanying_Guest_Name: g.accompanying_guest_name,
      Additional: g.additional ? '1' : '0',
      hotelId: g.hotel_id,
    })),
    exactMatch: match !== null,
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
