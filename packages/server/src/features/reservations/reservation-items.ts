import { publicBookingTexts } from '@sandbar/contract/reservations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import * as repo from './reservations.repository';

// The extras a booking asks for (reservation_items, decision 174): the guest's page and a staff
// booking check them with the one rule below, and check-in offers them in the wizard.

/**
 * The extras a guest asks for are what the wizard would sell with these spots (offeredItems'
 * add-ons): add-ons of a booked spot's kind, regular or of the guest's hotel rate. Their hours
 * are the sale's business at check-in, where the wizard offers them by the hour like any sale.
 */
export async function checkItems(
  db: Kysely<DB>,
  body: { itemIds: number[]; hotelId?: number | null },
  positions: { unit_type: string }[],
): Promise<void> {
  if (body.itemIds.length === 0) return;
  const types = new Set(positions.map((p) => p.unit_type));
  const found = await repo.addOnsByIds(db, body.itemIds);
  const offered = (i: (typeof found)[number]) => {
    const regular = !i.all_hotels && i.hotelIds.length === 0;
    const ofHotel = !!body.hotelId && (!!i.all_hotels || i.hotelIds.includes(body.hotelId));
    return !!i.add_on && types.has(i.unit_type) && (regular || ofHotel);
  };
  if (found.length !== body.itemIds.length || !found.every(offered))
    throw badRequest(publicBookingTexts.itemNotOffered);
}
