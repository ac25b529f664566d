import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import { messages } from '@sandbar/contract/messages';
import type { PriceFormInput, PriceListResponse, PriceResponse, PriceRow, PriceForm } from '@sandbar/contract/prices';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { PricesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { badRequest, notFound } from '../../platform/errors';
import * as repo from './prices.repository';
import { PRICES_EVENT } from '../../platform/events';

type Row = Selectable<PricesTable>;
type PriceFormData = z.output<typeof PriceForm>;
export type { PriceFormInput };

const toRow = (p: Row, hotels: number[]): PriceRow => ({
  id: p.id,
  name: p.name,
  nameEs: p.name_es,
  description: p.description,
  descriptionEs: p.description_es,
  price: centsToMoney(p.price_cents),
  retailRate: centsToMoney(p.retail_rate_cents),
  hotelRate: centsToMoney(p.hotel_rate_cents),
  addOn: p.add_on ? '1' : '0',
  sort: p.sort,
  startTime: p.start_time,
  endTime: p.end_time,
  unitType: p.unit_type,
  projectHotels: hotels.join(','),
  allHotels: p.all_hotels ? '1' : '0',
});

/** GET /getPriceList (admins): the whole price list in its sort order, and the hotels to link. */
export async function listPrices(deps: AppDeps): Promise<PriceListResponse> {
  const rows = await repo.listPrices(deps.db);
  const links = await repo.hotelLinks(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    prices: rows.map((r) => toRow(r, links.get(r.id) ?? [])),
    hotels: await repo.hotelOptions(deps.db),
  };
}

/** GET /getPriceList/{id}. */
export async function getPrice(deps: AppDeps, id: number): Promise<PriceResponse> {
  const p = await repo.findPrice(deps.db, id);
  if (!p) throw notFound('That price does not exist.');
  const links = await repo.hotelLinks(deps.db, [id]);
  return { price: toRow(p, links.get(id) ?? []), hotels: await repo.hotelOptions(deps.db) };
}

/**
 * POST /savePrice (admins). Add needs every field and no hotel link; edit needs only the name and
 * keeps any field left blank. Takes effect for the next sale: the catalogue is read per sale.
 */
export async function savePrice(deps: AppDeps, d: PriceFormData): Promise<{ success: 1; details: string; id: number }> {
  const cents = (v: string) => (v ? moneyToCents(v) : undefined);
  const int = (v: string) => (v ? Number(v) : undefined);
  const flag = (v: string) => (v ? (v === '1' ? 1 : 0) : undefined);
  const hotels = await repo.existingHotelIds(deps.db, d.projectHotels);
  if (hotels.length !== d.projectHotels.length) throw badRequest('The chosen hotel does not exist.');

  if (!d.id) {
    const id = await repo.insertPrice(deps.db, {
      name: d.name,
      name_es: d.nameEs ?? '',
      description: d.description ?? '',
      description_es: d.descriptionEs ?? '',
      price_cents: moneyToCents(d.price),
      retail_rate_cents: cents(d.retailRate) ?? 0,
      hotel_rate_cents: cents(d.hotelRate) ?? 0,
      add_on: flag(d.addOn) ?? 0,
      sort: int(d.sort) ?? 0,
      start_time: Number(d.startTime),
      end_time: Number(d.endTime),
      unit_type: d.unitType,
      all_hotels: 0,
      created_at: deps.clock.now(),
    });
    await pricesChanged(deps);
    return { success: 1, details: 'Price has been added!', id };
  }

  const existing = await repo.findPrice(deps.db, d.id);
  if (!existing) throw notFound('That price does not exist.');
  const start = int(d.startTime) ?? existing.start_time;
  const end = int(d.endTime) ?? existing.end_time;
  if (start > end) throw badRequest('The start time is after the end time.');
  const patch = Object.fromEntries(
    Object.entries({
      name: d.name,
      // Translations: '' clears, left out keeps (unlike the other fields, a blank is a real value).
      name_es: d.nameEs,
      description: d.description,
      description_es: d.descriptionEs,
      price_cents: cents(d.price),
      retail_rate_cents: cents(d.retailRate),
      hotel_rate_cents: cents(d.hotelRate),
      add_on: flag(d.addOn),
      sort: int(d.sort),
      start_time: int(d.startTime),
      end_time: int(d.endTime),
      unit_type: d.unitType || undefined,
      all_hotels: flag(d.allHotels),
    }).filter(([, v]) => v !== undefined),
  );
  await deps.db.transaction().execute(async (trx) => {
    await repo.updatePrice(trx, d.id, patch);
    // allHotels links the price to every hotel; otherwise the chosen hotel(s), or none.
    await repo.replaceHotelLinks(trx, d.id, d.allHotels === '1' ? [] : hotels);
  });
  await pricesChanged(deps);
  return { success: 1, details: 'Price has been saved!', id: d.id };
}

// The guest page's cached answers list the prices of the day.
const pricesChanged = (deps: AppDeps) => deps.events.publish({ type: PRICES_EVENT, day: '', unitIds: [] });

/** POST /deletePrice (admins). */
export async function deletePrice(deps: AppDeps, id: number): Promise<{ success: 1; details: string }> {
  if (!(await repo.findPrice(deps.db, id))) throw notFound('That price does not exist.');
  await deps.db.transaction().execute((trx) => repo.erasePrice(trx, id));
  await pricesChanged(deps);
  return { success: 1, details: messages.price.deleted };
}
