// What an online booking pays (issue 33 point 3; Config → Bookings; decision 281). The venue asks
// for nothing, a deposit (a fixed amount per booking, or a share of the booking's total) or the
// whole booking up front. The guest's page shows the amount with this rule before the guest books
// and the server charges with it, so the two cannot disagree. No zod here: the guest page's light
// bundle takes it. Money is integer minor units (cents) throughout.

export const bookingPaymentRules = ['none', 'deposit', 'full'] as const;
export type BookingPaymentRule = (typeof bookingPaymentRules)[number];

/** A deposit as typed: '10.00' or '25%' (anchored by the caller; spaces around are trimmed). */
export const depositPattern = /\d{1,6}(?:\.\d{1,2})?|\d{1,3}\s*%/;

/**
 * The rule of a location (decision 300): its own when it has one ('' follows the venue's), and its
 * deposit, else the venue's deposit.
 */
export function locationPaymentRule(
  venue: { rule: BookingPaymentRule; deposit: string },
  location: { payment: BookingPaymentRule | ''; deposit: string } | null | undefined,
): { rule: BookingPaymentRule; deposit: string } {
  if (!location || location.payment === '') return venue;
  return { rule: location.payment, deposit: location.deposit.trim() || venue.deposit };
}

/** The venue's deposit setting: '10.00' (that amount per booking) or '25%' (of the total). */
export type DepositSetting = { kind: 'fixed'; cents: number } | { kind: 'percent'; percent: number };

export function parseDeposit(setting: string): DepositSetting | null {
  const s = setting.trim();
  const pct = /^(\d{1,3})\s*%$/.exec(s);
  if (pct) {
    const percent = Number(pct[1]);
    return percent >= 1 && percent <= 100 ? { kind: 'percent', percent } : null;
  }
  const fixed = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(s);
  if (!fixed) return null;
  const cents = Number(fixed[1]) * 100 + Number((fixed[2] ?? '0').padEnd(2, '0'));
  return cents > 0 ? { kind: 'fixed', cents } : null;
}

/** A price of the day as the page and the server both read it (PublicPrice's fields, cents). */
export interface PriceForTotal {
  id: number;
  unitType: string;
  cents: number;
  addOn: boolean;
  startHour: number;
  endHour: number;
}

/**
 * A unit's price for a window: a full day or a morning costs the kind's highest everyone's price
 * that starts before the afternoon (the day's main price), an afternoon the price in effect in the
 * afternoon's first whole hour (the venue's "after 2 pm" price), else the main price.
 */
export function unitPriceCents(
  prices: readonly PriceForTotal[],
  unitType: string,
  window: 'full' | 'morning' | 'afternoon',
  splitHour: number,
): number {
  const own = prices.filter((p) => !p.addOn && p.unitType === unitType);
  const main = Math.max(0, ...own.filter((p) => p.startHour < splitHour).map((p) => p.cents));
  if (window !== 'afternoon') return main || Math.max(0, ...own.map((p) => p.cents));
  const hour = splitHour + 1;
  const afternoon = own.filter((p) => p.startHour <= hour && hour <= p.endHour && p.startHour > 0);
  // Of the prices covering that hour, the one that starts latest is the afternoon's own.
  afternoon.sort((a, b) => b.startHour - a.startHour);
  return afternoon[0]?.cents ?? main;
}

/** The booking's total: each unit for the window, and each extra once per unit-day of its kind. */
export function bookingTotalCents(b: {
  prices: readonly PriceForTotal[];
  unitTypes: readonly string[];
  days: number;
  window: 'full' | 'morning' | 'afternoon';
  splitHour: number;
  itemIds: readonly number[];
}): number {
  const units = b.unitTypes.reduce((s, type) => s + unitPriceCents(b.prices, type, b.window, b.splitHour), 0);
  const extras = b.itemIds.reduce((s, id) => s + (b.prices.find((p) => p.id === id && p.addOn)?.cents ?? 0), 0);
  return (units + extras) * b.days;
}

/** What the guest pays online now for a booking of `totalCents` (0: nothing, pay at arrival). */
export function amountDueCents(rule: BookingPaymentRule, deposit: string, totalCents: number): number {
  if (rule === 'none' || totalCents <= 0) return 0;
  if (rule === 'full') return totalCents;
  const d = parseDeposit(deposit);
  if (!d) return 0;
  if (d.kind === 'fixed') return Math.min(d.cents, totalCents);
  return Math.round((totalCents * d.percent) / 100);
}

/** The share of `paidCents` a cancel before the cut-off gets back (the venue's refund share, 0–100 %). */
export function refundShareCents(paidCents: number, refundPercent: string): number {
  const p = /^\d{1,3}$/.test(refundPercent.trim()) ? Math.min(100, Number(refundPercent.trim())) : 100;
  return Math.round((paidCents * p) / 100);
}

/** Minutes a booking waits for its payment (Config), 15 when the setting is not a number from 5 to 120. */
export function paymentHoldMinutes(setting: string): number {
  const n = Number(setting.trim());
  return Number.isInteger(n) && n >= 5 && n <= 120 ? n : 15;
}
