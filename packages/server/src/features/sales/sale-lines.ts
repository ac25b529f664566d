import { normalisePhone } from '@sandbar/contract/rules/phone';
import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import {
  type CatalogueItem,
  type SaleLineInput,
  type SaleTotals,
  computeSaleTotals,
  inWindow,
  isHotelItem,
} from '@sandbar/contract/rules/pricing';
import { type CustomerData, saleTexts } from '@sandbar/contract/sales';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors';
import type * as repo from './sales.repository';

// The sale's lines, phases 1 and 2 of saveCustomer: what the tablet asked for, checked against
// the price list (also checkItemPrice's item lookup).

// Phones are saved as digits so a search finds them however they were typed (issue 14).
export const savedPhone = (typed: string) => normalisePhone(typed) ?? typed.trim();

export type CustomerDataOut = z.output<typeof CustomerData>;

export function toCents(v: number | string | undefined): number {
  return v === undefined ? 0 : moneyToCents(v);
}

export function findItem(items: CatalogueItem[], id: number | undefined): CatalogueItem {
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

export interface Line {
  unitId: number;
  selectedUnit: number | undefined;
  addons: number[];
}

/** A cart names every unit; a single sale names one. */
export function linesOf(data: CustomerDataOut): Line[] {
  return data.cartUnits.length > 0
    ? data.cartUnits.map((u) => ({ unitId: u.unitId, selectedUnit: u.selectedUnit, addons: u.selectedAddons }))
    : [{ unitId: data.unitId, selectedUnit: data.selectedUnit, addons: data.selectedAddons }];
}

/** Phase 1, validate the lines: units once each, a card sale carries the reader's id. */
export function validateLines(data: CustomerDataOut): {
  lines: Line[];
  multi: boolean;
  cardTransactionId: string | null;
} {
  const lines = linesOf(data);
  const unitIds = lines.map((l) => l.unitId);
  if (new Set(unitIds).size !== unitIds.length) throw badRequest(saleTexts.unitInOrderTwice);
  const cardTransactionId = data.transactionID || data.cardTransactionId || null;
  if (data.paymentMethod === 'Credit Card' && !cardTransactionId) throw badRequest(saleTexts.cardNeedsTransaction);
  return { lines, multi: lines.length > 1, cardTransactionId };
}

/** Phase 2, price them: the items must be offered to this buyer now; the client's total must agree. */
export function priceLines(
  items: CatalogueItem[],
  positions: repo.PositionRow[],
  lines: Line[],
  buyer: { hotelGuestOf: number | null; rosterExtraCharge: boolean | null },
  data: CustomerDataOut,
  hour: number,
  /** Check-in (issue 24): the booking's deposit on account, taken off the total (never below zero). */
  depositCents = 0,
): SaleTotals & { depositApplied: number } {
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
  const depositApplied = Math.min(depositCents, totals.subtotalCents);
  const due = totals.subtotalCents - depositApplied;
  if (toCents(data.orderTotal) !== due) {
    throw badRequest(saleTexts.wrongTotal(centsToMoney(due)));
  }
  return depositApplied
    ? { ...totals, subtotalCents: due, totalCents: totals.totalCents - depositApplied, depositApplied }
    : { ...totals, depositApplied };
}
