import { centsToMoney } from '@sandbar/contract/common';
import { pricingHour } from '@sandbar/contract/rules/pricing';
import { type SaveCustomerResponse, saleTexts } from '@sandbar/contract/sales';
import { defaultSettings } from '@sandbar/contract/settings';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { HttpError, conflict } from '../../platform/errors';
import type { BoardEvent } from '../../platform/events';
import { newReceiptId, receiptUrl } from '../receipts/receipts.service';
import { readSettings, settingsFromRows } from '../settings/settings.repository';
import { type UnitState, readState, stateFromRow } from '../units/unit-state.repository';
import * as offline from './offline-sale.service';
import type { LiveAnswer } from '../pms/lookup.service';
import { liveLookup } from './roster.service';
import { resolveBuyer } from './sale-buyer';
import { type CustomerDataOut, priceLines, validateLines } from './sale-lines';
import { isUniqueViolation, replayOf } from './sale-replay';
import { readForSale } from './sale-statement.pg';
import { readForSaleSqlite } from './sale-statement.sqlite';
import { catalogueCacheOf } from './sale-catalogue-cache';
import { authorisedPositions, lastSeenTimeZone, unitLabel, venueDay, venueMinute } from './sale-units';
import {
  HeldByBookingError,
  type SaleContext,
  checkClaimable,
  saleRows,
  writeSaleInOneStatement,
  writeSaleInTransaction,
} from './sale-write';
import * as repo from './sales.repository';
import { beginCheckIn, checkInContext, takeableByCheckIn } from '../reservations/check-in';
import { writeTurns } from '../../platform/write-turns';

// The sale itself, POST /saveCustomer, as its phases: 0 replay (sale-replay.ts), 1–2 lines and
// prices (sale-lines.ts, sale-buyer.ts), 3–4 claim and write (sale-write.ts), 5 answer, 6 publish.
// Holds and releases live in holds.service.ts, the price list in catalogue.service.ts, the hotel
// roster search in roster.service.ts.

/** The days a sale may count on, by the venue's zone as last seen (confirmed once settings are read). */
function likelyDays(data: CustomerDataOut, now: number): string[] {
  const zone = lastSeenTimeZone() ?? defaultSettings.timeZone;
  const days = new Set([venueDay(now, zone)]);
  if (data.takenAt !== undefined) days.add(venueDay(Math.min(data.takenAt, now), zone));
  return [...days];
}

/**
 * POST /saveCustomer: validate the lines, price them, claim the units, record the sale, queue the
 * receipt (in the same transaction), publish. Idempotent on ourTransactionId (see replayOf).
 * The whole sale runs on one connection: one read, one write (decision records 150 and 251).
 */
export async function saveCustomer(
  deps: AppDeps,
  user: SessionUser,
  data: CustomerDataOut,
  base: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<SaveCustomerResponse> {
  // A room charge to a hotel connected to a PMS asks the PMS first (issue 34), before the sale
  // takes its connection: a slow PMS never holds one (its lookup has a budget and a breaker).
  const live =
    data.paymentMethod === 'Room Charge' &&
    data.roomChargeHotel &&
    !data.manualEntry &&
    data.lastName &&
    data.roomNumber
      ? await liveLookup(deps, data.roomChargeHotel, data.roomNumber, data.lastName, log)
      : null;
  // A check-in also writes the booking's rows: the sale runs as small statements in one transaction.
  const write = () =>
    !data.reservationId
      ? deps.db.connection().execute((conn) => sell({ ...deps, db: conn }, user, data, base, true, live))
      : sell(deps, user, data, base, false, live);
  // On SQLite a sale takes its turn among the guests' bookings that race for unit-days (decision
  // 325): at once when none waits, else after the bookings that came before it, not ahead of them.
  const sold = deps.database.dialect === 'sqlite' ? await writeTurns(deps).run(write) : await write();
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
  live: LiveAnswer | null,
): Promise<{ response: SaveCustomerResponse; event: BoardEvent | null }> {
  const { db, clock } = deps;
  const { lines, multi, cardTransactionId } = validateLines(data);
  const unitIds = lines.map((l) => l.unitId);
  // Everything the sale is decided on in one read (a check-in reads it piece by piece).
  const days = likelyDays(data, clock.now());
  const q = {
    ourTransactionId: data.ourTransactionId,
    unitIds,
    userId: user.id,
    hotelId: data.paymentMethod === 'Room Charge' ? (data.roomChargeHotel ?? null) : null,
    days,
  };
  const sqlite = deps.database.sqlite;
  const reads = !oneStatement
    ? null
    : sqlite
      ? readForSaleSqlite(sqlite, q)
      : await readForSale(db, q, catalogueCacheOf(deps.database));
  if (!reads || reads.replayed) {
    const replayed = await replayOf(deps, user, data, base);
    if (replayed) return { response: replayed, event: null };
  }

  const positions = await authorisedPositions(db, user, unitIds, reads);
  const [buyer, items, settings] = await Promise.all([
    resolveBuyer(db, data, multi, reads, live),
    reads ? repo.catalogueFromRows(reads.prices, reads.links) : repo.catalogue(db),
    reads ? settingsFromRows(reads.settings) : readSettings(db),
  ]);
  const receivedAt = clock.now();
  // A sale queued offline counts when it was taken: that day, those prices (issue 13).
  const now = offline.saleMoment(data, receivedAt, settings.timeZone);
  const at = venueMinute(now, settings.timeZone);
  const day = venueDay(now, settings.timeZone);
  // Check-in (issue 24): the booking this sale seats, in the units' location.
  const checkIn = data.reservationId
    ? await checkInContext(db, data.reservationId, day, new Set(positions.map((p) => p.location_id)), {
        units: positions.map((p) => ({ id: p.id, label: unitLabel(p) })),
        customerName: buyer.customerName,
      })
    : null;
  const totals = priceLines(
    items,
    positions,
    lines,
    buyer,
    data,
    pricingHour(at.hour, at.minute),
    checkIn?.depositCents ?? 0,
  );
  const c: SaleContext = {
    user,
    data,
    positions,
    buyer,
    totals,
    cardTransactionId,
    multi,
    day,
    now,
    receivedAt,
    timeZone: settings.timeZone,
    receiptId: newReceiptId(),
    checkIn,
    depositApplied: totals.depositApplied,
  };

  const event: BoardEvent = {
    type: 'sale',
    day: c.day,
    unitIds: positions.map((p) => p.id),
    locationIds: [...new Set(positions.map((p) => p.location_id))],
  };
  // On PostgreSQL the write NOTIFYs its own event, delivered when it commits: no separate
  // statement (and round trip) after it.
  const carried = reads !== null && !sqlite && deps.events.viaDatabase === true;

  let result: { saleId: number; customerIds: number[] };
  let refusedByRead = false;
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
      const known = reads.days.includes(c.day) ? reads : undefined;
      // A unit the read found taken was taken by another sale: had it been this sale's own earlier
      // try, the same read would have found it (replayed) — no look-up for it (decision 331).
      refusedByRead = known !== undefined && !reads.replayed;
      await checkClaimable(db, c, states, known);
      refusedByRead = false;
      const w = saleRows(c, states, settings, clock, base);
      result = await writeSaleInOneStatement(db, sqlite ?? null, c, {
        ...w,
        notify: carried ? JSON.stringify(event) : null,
      });
      // Committed with its NOTIFY: this instance's own caches hear it now, not when LISTEN brings it back.
      if (carried) deps.events.sentWithWrite?.(event);
    } else {
      result = await db.transaction().execute(async (trx) => {
        if (checkIn) await beginCheckIn(trx, checkIn, c.receivedAt, user.id);
        const states: UnitState[] = [];
        for (const p of positions) states.push(await readState(trx, p.id, c.day, p.unit_type));
        if (checkIn) {
          c.checkInUnits = new Set();
          for (const s of states) if (await takeableByCheckIn(trx, checkIn, s)) c.checkInUnits.add(s.positionId);
        }
        await checkClaimable(trx, c, states);
        return writeSaleInTransaction(trx, c, saleRows(c, states, settings, clock, base));
      });
    }
  } catch (err) {
    // A concurrent save of the same ourTransactionId won: answer with its result.
    if (
      isUniqueViolation(err) ||
      (err instanceof HttpError && err.statusCode === 409 && !(err instanceof HeldByBookingError) && !refusedByRead)
    ) {
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
