import { padRoom, rosterGuest } from '@sandbar/contract/rules/pricing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './hotels.repository';

/**
 * The room-charge check on the server, in one place: is a guest of this surname staying in this
 * room on the hotel's list (the contract's rosterGuest rule)? A sale's room charge, a staff
 * booking's hotel guest and a guest's hotel rate on the public page all ask this. Null: no such
 * guest (an unknown room and a wrong surname are the same answer). Names nothing of the roster.
 */
export async function findRosterGuest(
  db: Kysely<DB>,
  hotelId: number,
  roomNumber: string,
  lastName: string,
): Promise<{ extraCharge: boolean } | null> {
  const room = padRoom(roomNumber);
  if (!room || !lastName.trim()) return null;
  const rows = await repo.guestsInRoom(db, hotelId, room);
  return rosterGuest(
    rows.map((g) => ({
      room: g.room,
      guestName: g.guest_name,
      accompanyingGuestName: g.accompanying_guest_name,
      additional: Number(g.additional) === 1,
    })),
    lastName,
    room,
  );
}
