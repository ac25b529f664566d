import { moneyToCents } from '@sandbar/contract/common';
import {
  type CatalogueItem,
  type Offer,
  chargeCents,
  computeSaleTotals,
  defaultTip,
  offeredItems,
  padRoom,
  pricedAsHotelGuest,
} from '@sandbar/contract/rules/pricing';
import type { CatalogueItemOut, SaleCatalogue } from '@sandbar/contract/sales';
import type { SaleState } from './machine';

// What the wizard shows and sends, derived from its state with the contract's pricing rules:
// the same calls the server makes when it records the sale.

export function toItem(i: CatalogueItemOut): CatalogueItem {
  return {
    id: i.id,
    name: i.name,
    nameEs: i.nameEs ?? '',
    description: i.description ?? '',
    descriptionEs: i.descriptionEs ?? '',
    priceCents: moneyToCents(i.price),
    retailRateCents: moneyToCents(i.retailRate),
    hotelRateCents: moneyToCents(i.hotelRate),
    addOn: i.addOn === '1',
    sort: i.sort,
    startTime: i.startTime,
    endTime: i.endTime,
    unitType: i.unitType,
    allHotels: i.allHotels === '1',
    hotelIds: i.projectHotels,
  };
}

/** A unit already in the order (from the cart). */
export interface OrderLine {
  unitId: number;
  label: string;
  selectedUnit: number;
  selectedAddons: number[];
  lineCents: number;
}

export interface Quote {
  hotelGuestOf: number | null;
  offer: Offer;
  chosenUnit: CatalogueItem | undefined;
  chosenAddons: CatalogueItem[];
  /** This unit's line (0 in checkout, where every line is in the order). */
  thisLineCents: number;
  addonCents: number;
  subtotalCents: number;
  /** The tip step's preset: the state's tip, or the default for this method and price. */
  tipDollars: number;
  tipCents: number;
  totalCents: number;
}

export function quoteSale(
  s: SaleState,
  catalogue: SaleCatalogue,
  items: CatalogueItem[],
  unitType: string,
  orderLines: OrderLine[],
): Quote {
  const hotel = catalogue.hotels.find((h) => h.id === s.hotelId) ?? null;
  const hotelGuestOf =
    hotel &&
    pricedAsHotelGuest({
      paymentMethod: s.paymentMethod ?? '',
      hotel: { id: hotel.id, vacationOwnerRule: hotel.vacationOwnerRule === '1', isOther: hotel.isOther === '1' },
      roomNumber: padRoom(s.roomNumber),
    })
      ? hotel.id
      : null;
  const offer = offeredItems(items, { unitType, hour: catalogue.hour, hotelGuestOf });
  const chosenUnit = s.selectedUnit === null ? undefined : items.find((i) => i.id === s.selectedUnit);
  const chosenAddons = s.addons.map((id) => items.find((i) => i.id === id)).filter((i): i is CatalogueItem => !!i);
  const pricing = { hotelGuestOf, extraCharge: s.extraCharge };
  const thisLineCents =
    s.mode !== 'checkout' && chosenUnit
      ? computeSaleTotals([{ positionId: 0, unit: chosenUnit, addons: chosenAddons }], { ...pricing, tipCents: 0 })
          .subtotalCents
      : 0;
  const subtotalCents = thisLineCents + orderLines.reduce((sum, l) => sum + l.lineCents, 0);
  const tipDollars = s.tip ?? defaultTip(s.paymentMethod ?? '', subtotalCents);
  const tipCents = Math.round(tipDollars * 100);
  return {
    hotelGuestOf,
    offer,
    chosenUnit,
    chosenAddons,
    thisLineCents,
    addonCents: chosenAddons.reduce((sum, a) => sum + chargeCents(a, pricing), 0),
    subtotalCents,
    tipDollars,
    tipCents,
    totalCents: subtotalCents + tipCents,
  };
}
