import { maskRoom, padRoom, rosterGuest } from '@sandbar/contract/rules/pricing';
import type { SearchWyndhamResponse } from '@sandbar/contract/sales';
import type { AppDeps } from '../../platform/deps';
import * as repo from './sales.repository';

/** POST /searchWyndham: guests by last name and/or room; rooms masked when a last name was given. */
export async function searchWyndham(
  deps: AppDeps,
  q: { hotelLastName: string; hotelRoomNumber: string; roomChargeHotel: number | null },
): Promise<SearchWyndhamResponse> {
  if (!q.hotelLastName && !q.hotelRoomNumber) return { guests: [], exactMatch: false };
  const rows = await repo.searchGuests(deps.db, {
    hotelId: q.roomChargeHotel,
    lastName: q.hotelLastName,
    room: q.hotelRoomNumber ? padRoom(q.hotelRoomNumber) : '',
    limit: 25,
  });
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
    exactMatch: match !== null,
  };
}
