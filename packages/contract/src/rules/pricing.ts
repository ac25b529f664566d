/**
 * Price catalogue and sale totals (spec sections 5 and 9, DESIGN.md section 6). Pure: the web
 * wizard uses it to show what may be sold, the server uses the same code to compute the totals
 * it records, so the two cannot disagree. Money is integer cents.
 */

export const paymentMethods = ['Credit Card', 'Room Charge', 'Voucher', 'Cash'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const receiptTypes = ['phone', 'email'] as const;
export type ReceiptType = (typeof receiptTypes)[number];

/** Tip presets in dollars, in the order the wizard shows them ($3, $5, $10, no tip). */
export const tipPresets = [3, 5, 10, 0] as const;

/** Spec section 9: the last two digits of a room at or above this mark a vacation owner (WVO). */
export const vacationOwnerThreshold = 70;

/** A cart holds a unit for this long (DESIGN.md section 5). */
export const holdMs = 10 * 60 * 1000;

/** The wizard polls the card reader and restarts the guest search timer at these intervals. */
export const readerPollMs = 1000;
export const guestSearchDelayMs = 1000;

export interface CatalogueItem {
  id: number;
  name: string;
  /** Issue 26: the Spanish name and the descriptions, '' or absent when none. */
  nameEs?: string;
  description?: string;
  descriptionEs?: string;
  priceCents: number;
  retailRateCents: number;
  hotelRateCents: number;
  addOn: boolean;
  sort: number;
  startTime: number;
  endTime: number;
  unitType: string;
  allHotels: boolean;
  /** Hotels the item is linked to (price_hotels). */
  hotelIds: number[];
}

export interface HotelRule {
  id: number;
  vacationOwnerRule: boolean;
  isOther: boolean;
}

/**
 * The venue hour used for time windows. Hours from 14:45 count as 15: the afternoon prices
 * start before the hour turns (spec section 5).
 */
export function pricingHour(hour: number, minute: number): number {
  return hour === 14 && minute >= 45 ? 15 : hour;
}

/** An item is offered when the pricing hour lies inside [startTime, endTime], both inclusive. */
export function inWindow(item: Pick<CatalogueItem, 'startTime' | 'endTime'>, hour: number): boolean {
  return hour >= item.startTime && hour <= item.endTime;
}

/** True for items meant for hotel guests only (linked to a hotel or to all hotels). */
export function isHotelItem(item: Pick<CatalogueItem, 'allHotels' | 'hotelIds'>): boolean {
  return item.allHotels || item.hotelIds.length > 0;
}

function linkedTo(item: CatalogueItem, hotelId: number): boolean {
  return item.allHotels || item.hotelIds.includes(hotelId);
}

/** Vacation owners: last two digits of the room 70 or higher (only where the hotel has the rule). */
export function isVacationOwner(hotel: Pick<HotelRule, 'vacationOwnerRule'>, roomNumber: string): boolean {
  if (!hotel.vacationOwnerRule) return false;
  const digits = roomNumber.replace(/\D/g, '');
  if (digits.length === 0) return false;
  return Number(digits.slice(-2)) >= vacationOwnerThreshold;
}

/**
 * Whether the buyer is priced as a hotel guest: a room charge to a named hotel (not Other),
 * unless the hotel's vacation-owner rule sends this room to the regular items.
 */
export function pricedAsHotelGuest(opts: {
  paymentMethod: string;
  hotel: HotelRule | null | undefined;
  roomNumber: string;
}): boolean {
  if (opts.paymentMethod !== 'Room Charge' || !opts.hotel || opts.hotel.isOther) return false;
  return !isVacationOwner(opts.hotel, opts.roomNumber);
}

export interface Offer {
  equipment: CatalogueItem[];
  addons: CatalogueItem[];
}

/**
 * What may be sold for a unit type to this buyer. Hotel guests get their hotel's items (at the
 * hotel rate, see chargeCents); if the hotel has none for this unit type, the regular ones.
 * Add-ons: the hotel's add-ons plus the regular ones. `hour` null skips the time window (the
 * server accepts an item chosen a minute before its window closed).
 */
export function offeredItems(
  items: CatalogueItem[],
  opts: { unitType: string; hour: number | null; hotelGuestOf: number | null },
): Offer {
  const usable = items
    .filter((i) => i.unitType === opts.unitType && (opts.hour === null || inWindow(i, opts.hour)))
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const regular = usable.filter((i) => !isHotelItem(i));
  const hotelId = opts.hotelGuestOf;
  if (hotelId === null) {
    return { equipment: regular.filter((i) => !i.addOn), addons: regular.filter((i) => i.addOn) };
  }
  const hotel = usable.filter((i) => linkedTo(i, hotelId));
  const hotelEquipment = hotel.filter((i) => !i.addOn);
  return {
    equipment: hotelEquipment.length > 0 ? hotelEquipment : regular.filter((i) => !i.addOn),
    addons: [...hotel.filter((i) => i.addOn), ...regular.filter((i) => i.addOn)],
  };
}

/**
 * When nothing is on sale for a unit type now (issue 26, "the first five minutes"): the next venue
 * hour today at which something is, or null when nothing opens again today.
 */
export function nextOpeningHour(
  items: CatalogueItem[],
  opts: { unitType: string; hour: number; hotelGuestOf: number | null },
): number | null {
  for (let h = opts.hour + 1; h <= 23; h++) {
    if (offeredItems(items, { ...opts, hour: h }).equipment.length > 0) return h;
  }
  return null;
}

/** "09:00", or "14:45" for hour 15 (hours from 14:45 count as 15). */
export function openingTime(hour: number): string {
  return hour === 15 ? '14:45' : `${String(hour).padStart(2, '0')}:00`;
}

/**
 * The price charged for one item: hotel items cost a hotel guest the hotel rate, or the full
 * price when the guest owes the extra charge (an additional guest); everything else its price.
 */
export function chargeCents(item: CatalogueItem, opts: { hotelGuestOf: number | null; extraCharge: boolean }): number {
  if (opts.hotelGuestOf !== null && isHotelItem(item) && linkedTo(item, opts.hotelGuestOf)) {
    return opts.extraCharge ? item.priceCents : item.hotelRateCents;
  }
  return item.priceCents;
}

/** Room numbers are masked except when no last name is given (the guest must say the room). */
export function maskRoom(room: string, lastNameGiven: boolean): string {
  if (!lastNameGiven || room.length <= 1) return room;
  return '*'.repeat(room.length - 1) + room.slice(-1);
}

/** Room numbers are padded to four characters in the cart ('305' → '0305'). */
export function padRoom(room: string): string {
  const r = room.trim();
  return r === '' ? r : r.padStart(4, '0');
}

/**
 * Tip defaults to $5 unless payment is Voucher or Cash (spec section 5). A sale that costs the
 * guest nothing (a hotel package at a $0 hotel rate) defaults to no tip too: staff asked for it,
 * and a $5 preset on a $0 sale reads as a charge. `subtotalCents` undefined: not known yet.
 */
export function defaultTip(paymentMethod: string, subtotalCents?: number): number {
  if (paymentMethod === 'Voucher' || paymentMethod === 'Cash') return 0;
  return subtotalCents === 0 ? 0 : 5;
}

/** One row of a hotel's guest list, as both sides see it. */
export interface RosterGuest {
  room: string;
  guestName: string;
  accompanyingGuestName: string;
  additional: boolean;
}

/** The surname of a roster name ('Garcia, Luis' → 'garcia'), lower case. */
function surnameOf(name: string): string {
  return name.split(',')[0]!.trim().toLowerCase();
}

/**
 * The guest a room charge is for: someone on the hotel's list in that room whose surname (or
 * whose accompanying guest's) is exactly the last name given: a typed prefix finds guests, it
 * does not charge a room. The additional-guest surcharge follows the matching rows. Null: no
 * such guest. The wizard prices by this and the server records by it, so they cannot disagree.
 */
export function rosterGuest(
  rows: RosterGuest[],
  lastName: string,
  roomNumber: string,
): { extraCharge: boolean } | null {
  const wanted = lastName.trim().toLowerCase();
  const room = padRoom(roomNumber);
  if (!wanted || !room) return null;
  const found = rows.filter(
    (g) =>
      padRoom(g.room) === room && (surnameOf(g.guestName) === wanted || surnameOf(g.accompanyingGuestName) === wanted),
  );
  if (found.length === 0) return null;
  return { extraCharge: found.some((g) => g.additional) };
}

/** Spec section 3's equipmentData of a unit at a time: what may be sold, regular and hotel. */
export interface EquipmentData<T> {
  equipment: T[];
  hotelEquipment: T[];
  addons: T[];
  hotelAddons: T[];
}

/** The unit type's items offered at `hour`, split as the spec's equipmentData (sorted like the wizard). */
export function equipmentData(
  items: CatalogueItem[],
  opts: { unitType: string; hour: number },
): EquipmentData<CatalogueItem> {
  const usable = items
    .filter((i) => i.unitType === opts.unitType && inWindow(i, opts.hour))
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  return {
    equipment: usable.filter((i) => !i.addOn && !isHotelItem(i)),
    hotelEquipment: usable.filter((i) => !i.addOn && isHotelItem(i)),
    addons: usable.filter((i) => i.addOn && !isHotelItem(i)),
    hotelAddons: usable.filter((i) => i.addOn && isHotelItem(i)),
  };
}

export interface SaleLineInput {
  positionId: number;
  unit: CatalogueItem;
  addons: CatalogueItem[];
}

export interface SaleTotals {
  lines: {
    positionId: number;
    items: {
      item: CatalogueItem;
      kind: 'unit' | 'addon';
      listCents: number;
      chargedCents: number;
      retailCents: number;
    }[];
    unitCents: number;
    addonCents: number;
    totalCents: number;
  }[];
  /** Price-list value of everything, at regular prices. */
  listCents: number;
  /** What the items cost this buyer (orderTotal, before tip). */
  subtotalCents: number;
  addonCents: number;
  /** Part of the subtotal that is an extra charge over the hotel rate. */
  extraCents: number;
  tipCents: number;
  totalCents: number;
  /** Retail value printed on receipts for included items. */
  retailCents: number;
  /** Gratuity as a whole percent of the subtotal (0 when there is no subtotal). */
  tipPercent: number;
}

/** Totals of a sale, in cents, exactly as the server records them. */
export function computeSaleTotals(
  lines: SaleLineInput[],
  opts: { hotelGuestOf: number | null; extraCharge: boolean; tipCents: number },
): SaleTotals {
  let listCents = 0;
  let subtotalCents = 0;
  let addonCents = 0;
  let extraCents = 0;
  let retailCents = 0;
  const out: SaleTotals['lines'] = [];
  for (const line of lines) {
    const items = [
      { item: line.unit, kind: 'unit' as const },
      ...line.addons.map((item) => ({ item, kind: 'addon' as const })),
    ].map(({ item, kind }) => {
      const charged = chargeCents(item, opts);
      const hotelCharge = chargeCents(item, { hotelGuestOf: opts.hotelGuestOf, extraCharge: false });
      extraCents += charged - hotelCharge;
      return { item, kind, listCents: item.priceCents, chargedCents: charged, retailCents: item.retailRateCents };
    });
    const unitCents = items[0]!.chargedCents;
    const lineAddons = items.slice(1).reduce((s, i) => s + i.chargedCents, 0);
    for (const i of items) {
      listCents += i.listCents;
      retailCents += i.retailCents;
    }
    subtotalCents += unitCents + lineAddons;
    addonCents += lineAddons;
    out.push({
      positionId: line.positionId,
      items,
      unitCents,
      addonCents: lineAddons,
      totalCents: unitCents + lineAddons,
    });
  }
  const tipCents = Math.max(0, Math.round(opts.tipCents));
  return {
    lines: out,
    listCents,
    subtotalCents,
    addonCents,
    extraCents,
    tipCents,
    totalCents: subtotalCents + tipCents,
    retailCents,
    tipPercent: subtotalCents > 0 ? Math.round((tipCents * 100) / subtotalCents) : 0,
  };
}

/**
 * An item's name (or description) in a language (issue 26): the Spanish text when Spanish is
 * asked for and there is one, else the English.
 */
export function itemName(i: Pick<CatalogueItem, 'name' | 'nameEs'>, language: string): string {
  return language === 'es' && i.nameEs?.trim() ? i.nameEs : i.name;
}

export function itemDescription(i: Pick<CatalogueItem, 'description' | 'descriptionEs'>, language: string): string {
  return (language === 'es' && i.descriptionEs?.trim() ? i.descriptionEs : i.description) ?? '';
}
