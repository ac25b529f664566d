import { centsToMoney } from '@sandbar/contract/common';
import { type CatalogueItem, equipmentData, pricingHour, tipPresets } from '@sandbar/contract/rules/pricing';
import { venueParts } from '@sandbar/contract/rules/time';
import type {
  CatalogueItemOut,
  CheckItemPriceResponse,
  EquipmentDataOut,
  SaleCatalogue,
} from '@sandbar/contract/sales';
import type { AppDeps } from '../../platform/deps';
import { readSettings } from '../settings/settings.repository';
import { findItem } from './sale-lines';
import { venueDay } from './sale-units';
import * as repo from './sales.repository';

// What the wizard sells from: the price list and hotels, a unit's items at a time, price checks.

/** A price list item as the API shows it (the catalogue and a unit's equipmentData alike). */
function catalogueItemOut(i: CatalogueItem): CatalogueItemOut {
  return {
    id: i.id,
    name: i.name,
    nameEs: i.nameEs ?? '',
    description: i.description ?? '',
    descriptionEs: i.descriptionEs ?? '',
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
