import type { HotelForm, HotelResponse, HotelRow, HotelsResponse } from '@sandbar/contract/hotels';
import { PmsKind } from '@sandbar/contract/pms';
import { messages } from '@sandbar/contract/messages';
import { rosterFolderId, uploadLimits } from '@sandbar/contract/uploads';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { HotelsTable } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import * as repo from './hotels.repository';
import { readRoster } from './roster-csv';
import { PRICES_EVENT } from '../../platform/events';

type Row = Omit<HotelsTable, 'id'> & { id: number; pms_kind: string | null };
type HotelFormData = z.output<typeof HotelForm>;

const toRow = (h: Row, guests: number): HotelRow => ({
  id: h.id,
  name: h.name,
  contactName: h.contact_name,
  contactEmail: h.contact_email,
  roomRange: h.room_range,
  vacationOwnerRule: h.vacation_owner_rule ? '1' : '0',
  isOther: h.is_other ? '1' : '0',
  guestCount: guests,
  pms: PmsKind.catch('roster').parse(h.pms_kind ?? 'roster'),
});

/** GET /getHotelList (admins). */
export async function listHotels(deps: AppDeps): Promise<{ hotels: HotelRow[] }> {
  const counts = await repo.guestCounts(deps.db);
  return { hotels: (await repo.listHotels(deps.db)).map((h) => toRow(h, counts.get(h.id) ?? 0)) };
}

/** GET /getHotels: every signed-in user (sale wizard, reports); only what they need. */
export async function hotelsForSale(deps: AppDeps): Promise<HotelsResponse> {
  return {
    hotels: (await repo.listHotels(deps.db)).map((h) => ({
      id: h.id,
      name: h.name,
      isOther: h.is_other ? '1' : '0',
      vacationOwnerRule: h.vacation_owner_rule ? '1' : '0',
    })),
  };
}

/** GET /getHotelList/{id}: the hotel, its guest roster and the roster files uploaded for it. */
export async function getHotel(deps: AppDeps, id: number): Promise<HotelResponse> {
  const h = await repo.findHotel(deps.db, id);
  if (!h) throw notFound('That hotel does not exist.');
  const guests = await repo.guestsOf(deps.db, id);
  const files = await repo.rosterUploads(deps.db, id, rosterFolderId);
  return {
    hotel: toRow(h, guests.length),
    guests: guests.map((g) => ({
      id: g.id,
      Room: g.room,
      Guest_Name: g.guest_name,
      Accompanying_Guest_Name: g.accompanying_guest_name,
      Additional: g.additional ? '1' : '0',
    })),
    rosterFiles: files.map((f) => ({
      id: f.id,
      fileName: f.file_name,
      status: f.status,
      statusReason: f.status_reason,
      uploadedAt: new Date(Number(f.created_at)).toISOString(),
    })),
  };
}

/** POST /saveHotel (admins): new needs name, contact name and e-mail; edit only the name. */
export async function saveHotel(deps: AppDeps, d: HotelFormData): Promise<{ success: 1; details: string; id: number }> {
  // The unique index on lower(name) is the source of truth (issue 11, defect 6).
  return writeHotel(deps, d).catch((err: unknown) => {
    throw isUniqueViolation(err, 'hotels_name_unique') ? conflict(`A hotel named "${d.name}" already exists.`) : err;
  });
}

async function writeHotel(deps: AppDeps, d: HotelFormData): Promise<{ success: 1; details: string; id: number }> {
  const values = {
    name: d.name,
    contact_name: d.contactName,
    contact_email: d.contactEmail,
    room_range: d.roomRange,
    vacation_owner_rule: d.vacationOwnerRule === '1' ? 1 : 0,
  };
  if (!d.id) {
    const id = await repo.insertHotel(deps.db, { ...values, created_at: deps.clock.now() });
    await hotelsChanged(deps);
    return { success: 1, details: 'Hotel has been added!', id };
  }
  const existing = await repo.findHotel(deps.db, d.id);
  if (!existing) throw notFound('That hotel does not exist.');
  await repo.updateHotel(deps.db, d.id, {
    ...values,
    vacation_owner_rule: d.vacationOwnerRule ? values.vacation_owner_rule : existing.vacation_owner_rule,
  });
  await hotelsChanged(deps);
  return { success: 1, details: 'Hotel has been saved!', id: d.id };
}

// The guest page's cached answers name the hotels its hotel rates are for.
const hotelsChanged = (deps: AppDeps) => deps.events.publish({ type: PRICES_EVENT, day: '', unitIds: [] });

/** POST /deleteHotel (admins): refused (409) for the Other choice and for hotels with room charges. */
export async function deleteHotel(deps: AppDeps, id: number): Promise<{ success: 1; details: string }> {
  const h = await repo.findHotel(deps.db, id);
  if (!h) throw notFound('That hotel does not exist.');
  if (h.is_other) throw conflict('"Other" is the walk-in choice of the sale wizard and cannot be deleted.');
  const refuse = () => conflict(`${h.name} has room charges on record and cannot be deleted; its reports need it.`);
  if (await repo.hasSales(deps.db, id)) throw refuse();
  try {
    await deps.db.transaction().execute((trx) => repo.eraseHotel(trx, id));
  } catch {
    throw refuse();
  }
  await hotelsChanged(deps);
  return { success: 1, details: messages.hotel.deleted };
}

/**
 * Imports a guest roster CSV for a hotel, replacing its roster: all lines or none.
 * Returns the outcome for the upload's row (status 1, or 0 with the reason).
 */
export async function importRoster(
  deps: AppDeps,
  hotelId: number,
  text: string,
): Promise<{ status: 0 | 1; statusReason: string }> {
  const h = await repo.findHotel(deps.db, hotelId);
  if (!h) return { status: 0, statusReason: 'That hotel does not exist.' };
  if (h.is_other) return { status: 0, statusReason: '"Other" has no guest roster.' };
  const read = readRoster(text, uploadLimits.rosterRows);
  if ('error' in read) return { status: 0, statusReason: read.error };
  await deps.db.transaction().execute((trx) => repo.replaceRoster(trx, hotelId, read.lines));
  return { status: 1, statusReason: `${read.lines.length} guests loaded.` };
}
