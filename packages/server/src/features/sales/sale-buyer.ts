import { padRoom, pricedAsHotelGuest } from '@sandbar/contract/rules/pricing';
import { pmsLookupTexts } from '@sandbar/contract/pms-lookup';
import { saleTexts } from '@sandbar/contract/sales';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findRosterGuest } from '../hotels/roster-guest';
import { badRequest } from '../../platform/errors';
import type { LiveAnswer } from '../pms/lookup.service';
import type { CustomerDataOut } from './sale-lines';
import type { SaleReads } from './sale-statement.pg';
import * as repo from './sales.repository';

export interface Buyer {
  hotel: Awaited<ReturnType<typeof repo.hotelById>> | null;
  roomNumber: string;
  lastName: string;
  customerName: string;
  /** From the hotel's list (named hotels, not manual entry); null: the tablet's flag stands. */
  rosterExtraCharge: boolean | null;
  hotelGuestOf: number | null;
}

/**
 * Who pays: for a room charge the hotel and the guest, found on the hotel's list by the
 * contract's rosterGuest rule (the wizard prices by the same rule, so its total matches).
 */
export async function resolveBuyer(
  db: Kysely<DB>,
  data: CustomerDataOut,
  multi: boolean,
  reads: SaleReads | null = null,
  live: LiveAnswer | null = null,
): Promise<Buyer> {
  if (data.paymentMethod !== 'Room Charge') {
    if (!multi && !data.customerName) throw badRequest(saleTexts.customerNameBlank);
    return {
      hotel: null,
      roomNumber: '',
      lastName: data.lastName,
      customerName: data.customerName,
      rosterExtraCharge: null,
      hotelGuestOf: null,
    };
  }
  if (!data.roomChargeHotel) throw badRequest(saleTexts.roomChargeNeedsHotel);
  const hotel = reads ? reads.hotel : ((await repo.hotelById(db, data.roomChargeHotel)) ?? null);
  if (!hotel) throw badRequest(saleTexts.roomChargeNeedsHotel);
  if (!data.lastName || !data.roomNumber) throw badRequest(saleTexts.roomChargeNeedsGuest);
  const roomNumber = padRoom(data.roomNumber);
  let rosterExtraCharge: boolean | null = null;
  if (!hotel.is_other && !data.manualEntry) {
    // A PMS that answered decides (issue 34); the additional-guest surcharge is the roster's
    // (a PMS knows nothing of it). A PMS that did not answer leaves the roster to decide.
    if (live?.status === 'notInHouse') throw badRequest(pmsLookupTexts.notInHouse);
    const guest = await findRosterGuest(db, hotel.id, roomNumber, data.lastName);
    if (live?.status === 'found') rosterExtraCharge = guest?.extraCharge ?? false;
    else {
      if (!guest) throw badRequest(saleTexts.guestNotFound);
      rosterExtraCharge = guest.extraCharge;
    }
  }
  const hotelGuestOf = pricedAsHotelGuest({
    paymentMethod: data.paymentMethod,
    hotel: { id: hotel.id, vacationOwnerRule: hotel.vacation_owner_rule === 1, isOther: hotel.is_other === 1 },
    roomNumber,
  })
    ? hotel.id
    : null;
  return {
    hotel,
    roomNumber,
    lastName: data.lastName,
    customerName: data.customerName || data.lastName,
    rosterExtraCharge,
    hotelGuestOf,
  };
}
