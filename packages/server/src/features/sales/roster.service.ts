import { maskRoom, padRoom, rosterGuest } from '@sandbar/contract/rules/pricing';
import type { SearchWyndhamResponse } from '@sandbar/contract/sales';
import type { AppDeps } from '../../platform/deps';
import { type LiveAnswer, lookupGuest } from '../pms/lookup.service';
import { findConnection } from '../pms/pms.repository';
import * as repo from './sales.repository';

/**
 * POST /searchWyndham: guests by last name and/or room; rooms masked when a last name was given.
 * For a hotel connected to a PMS, with both a surname and a room, the PMS is asked live too
 * (issue 34): its answer decides the match; when it cannot answer, the roster does, with a warning.
 */
export async function searchWyndham(
  deps: AppDeps,
  q: { hotelLastName: string; hotelRoomNumber: string; roomChargeHotel: number | null },
  log?: { warn(obj: object, msg: string): void },
): Promise<SearchWyndhamResponse> {
  if (!q.hotelLastName && !q.hotelRoomNumber) return { guests: [], exactMatch: false };
  const liveWanted = !!(q.roomChargeHotel && q.hotelLastName && q.hotelRoomNumber);
  const [rows, live] = await Promise.all([
    repo.searchGuests(deps.db, {
      hotelId: q.roomChargeHotel,
      lastName: q.hotelLastName,
      room: q.hotelRoomNumber ? padRoom(q.hotelRoomNumber) : '',
      limit: 25,
    }),
    liveWanted ? liveLookup(deps, q.roomChargeHotel!, q.hotelRoomNumber, q.hotelLastName, log) : null,
  ]);
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
    exactMatch: live?.status === 'found' ? true : live?.status === 'notInHouse' ? false : match !== null,
    ...(live && live.status !== 'roster'
      ? { live: { status: live.status, guest: live.guest, vacationOwner: live.vacationOwner, warning: live.warning } }
      : {}),
  };
}

/** The PMS's live answer for a named hotel (not Other), or null. */
export async function liveLookup(
  deps: AppDeps,
  hotelId: number,
  room: string,
  surname: string,
  log?: { warn(obj: object, msg: string): void },
): Promise<LiveAnswer | null> {
  // One read for the hotels without a PMS (most room charges): nothing more is asked of them.
  const conn = await findConnection(deps.db, hotelId);
  if (!conn || conn.kind === 'roster') return null;
  const hotel = await repo.hotelById(deps.db, hotelId);
  if (!hotel || hotel.is_other) return null;
  return lookupGuest(deps, hotel, padRoom(room), surname.trim(), log);
}
