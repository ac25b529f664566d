import crypto from 'node:crypto';
import {
  type PublicBooking,
  type PublicWaitlistInput,
  type PublicWaitlistResponse,
  publicBookingTexts,
} from '@sandbar/contract/reservations';
import { bookableFor, offerMinutesOf } from '@sandbar/contract/rules/reservation';
import { addDays, businessDay, dayStartMs } from '@sandbar/contract/rules/time';
import type { AppDeps } from '../../platform/deps';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors';
import { outboxRow } from '../../platform/outbox';
import { readSettings } from '../settings/settings.repository';
import {
  byToken,
  checkGuestDay,
  guestContactOf,
  onlineLocationIds,
  onlineRowsOf,
  takeGuestLimits,
  toPublic,
} from './public.service';
import { contactKey, phoneRegion, smsRecipient } from './guest-contact';
import { hashToken } from './booking-confirmation';
import { bookingGrid } from './reservations.board';
import * as repo from './reservations.repository';
import { createReservation, keepOfferByGuest } from './reservations.service';
import * as waitlist from './waitlist.repository';
import type { LimitDeps } from './public-limits';

// The waitlist (issue 24 point 7): a guest who finds a day full waits for a unit of a location
// (and type). A job (every 30 s, with the no-show release) offers each freed unit to the first
// matching request as a held booking that expires after a few minutes, with a text or e-mail
// whose link keeps it; an offer left to run out lets the unit go, and the next run offers it to
// the next request. Freed by a cancel, a no-show, a move, a voided sale: the job does not care how.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events'>;

/** POST /api/public/booking/waitlist: the guest joins the line for a day and location. */
export async function joinWaitlist(
  deps: LimitDeps,
  body: PublicWaitlistInput,
  ip: string,
): Promise<PublicWaitlistResponse> {
  const now = deps.clock.now();
  const settings = await readSettings(deps.db);
  const contact = guestContactOf(body, settings);
  await takeGuestLimits(deps, ip, contact.keys);
  checkGuestDay(body.day, settings, now);
  const online = await onlineLocationIds(deps.db, settings.bookingOnlineLocations);
  if (!online.includes(body.locationId)) throw notFound(publicBookingTexts.notOnline);
  // The line is for a day that is full (issue 32 defect 5): a kind of spot the page cannot book
  // here is refused, and so is a day with a free spot of that kind — the guest books it instead
  // (decision 264). So whatever the job offers later is a spot that freed up.
  const [grid] = await bookingGrid(deps.db, {
    day: body.day,
    locationIds: [body.locationId],
    withGuests: false,
    now,
    onlineRows: await onlineRowsOf(deps.db, settings, [body.locationId]),
  });
  const ofKind = (grid?.rows.flat() ?? []).filter(
    (u) => u.state !== 'dark' && !u.walkIn && (!body.unitType || u.unitType === body.unitType),
  );
  if (ofKind.length === 0) throw badRequest(publicBookingTexts.unitTypeNone);
  if (ofKind.some((u) => bookableFor(u, body.window))) throw conflict(publicBookingTexts.freeSpots);
  // A guest waits once per line, however the contact is spelled (the key of its normal form).
  const region = phoneRegion(settings.venueCountry);
  const key = contactKey(contact, region);
  const line = await waitlist.inLine(deps.db, body.day, body.locationId);
  if (line.some((r) => contactKey(r, region) === key)) throw conflict(publicBookingTexts.waitlistTwice);
  const id = await waitlist.insertRequest(deps.db, { ...body, phone: contact.phone, channel: 'online' }, now);
  return { status: 'waiting', position: line.filter((r) => r.id < id).length + 1 };
}

/** Thrown inside an offer's transaction when another instance offered that request first. */
class AlreadyOffered extends Error {}

/**
 * The job: settle offers (kept → booked, run out or cancelled → expired), then offer free units to
 * waiting requests, oldest first. Returns how many offers it made. Once across instances: a
 * request moves on only at the version read, in the offer's own transaction.
 */
export async function offerWaitlist(deps: Deps, base: string): Promise<number> {
  const now = deps.clock.now();
  for (const o of await waitlist.offered(deps.db)) {
    if (o.booking_status === 'held') continue;
    const done = o.booking_status === 'confirmed' || o.booking_status === 'checked_in';
    await waitlist.setStatus(deps.db, o.id, o.version, { status: done ? 'booked' : 'expired' }, now);
  }
  const settings = await readSettings(deps.db);
  const today = businessDay(now, settings.timeZone);
  const holdMinutes = offerMinutesOf(settings);
  let made = 0;
  for (const w of await waitlist.waiting(deps.db, today, 50)) {
    // A guest on the page's line is offered only what the page may book: never a walk-in row.
    const [location] = await bookingGrid(deps.db, {
      day: w.day,
      locationIds: [w.location_id],
      withGuests: false,
      now,
      onlineRows: await onlineRowsOf(deps.db, settings, [w.location_id]),
    });
    const unit = location?.rows
      .flat()
      .find(
        (u) => u.state !== 'dark' && (!w.unit_type || u.unitType === w.unit_type) && bookableFor(u, w.booking_window),
      );
    if (!unit) continue;
    const token = crypto.randomBytes(32).toString('base64url');
    const url = `${base}/book/manage/${token}`;
    const holdUntil = now + holdMinutes * 60_000;
    try {
      await createReservation(
        deps,
        null,
        {
          unitIds: [unit.unitId],
          days: [w.day],
          window: w.booking_window,
          guestName: w.guest_name,
          phone: w.phone,
          email: w.email,
          roomNumber: '',
          lastName: '',
          manualEntry: false,
          partySize: w.party_size,
          arrival: '',
          notes: `Waitlist request ${w.id}`,
          channel: 'online',
          languageCode: w.language_code === 'es' ? 'es' : 'en',
        },
        {
          status: 'held',
          holdExpiresAt: holdUntil,
          manageTokenHash: hashToken(token),
          manageExpiresAt: dayStartMs(addDays(w.day, 2), settings.timeZone),
          inTransaction: async (trx, rid, units, days) => {
            const moved = await waitlist.setStatus(
              trx,
              w.id,
              w.version,
              { status: 'offered', offer_reservation_id: rid },
              now,
            );
            if (!moved) throw new AlreadyOffered();
            const es = w.language_code === 'es';
            const text = (es ? publicBookingTexts.offerTextEs : publicBookingTexts.offerText)(
              settings.venueName,
              days[0]!,
              units.join(', '),
              holdMinutes,
              url,
            );
            const message = w.phone
              ? {
                  channel: 'sms' as const,
                  recipient: smsRecipient(w.phone, settings.venueCountry),
                  body: text,
                  purpose: 'waitlist',
                }
              : {
                  channel: 'email' as const,
                  recipient: w.email,
                  subject: publicBookingTexts.offerSubject(settings.venueName),
                  body: text,
                  purpose: 'waitlist',
                };
            await trx.insertInto('outbox').values(outboxRow(deps.clock, message)).execute();
          },
        },
      );
      made++;
    } catch (err) {
      // Another instance offered this request, or a sale or booking took the unit meanwhile: the
      // next run looks again.
      if (err instanceof AlreadyOffered) continue;
      if (err instanceof HttpError && err.statusCode === 409) continue;
      throw err;
    }
  }
  return made;
}

/** POST /api/public/booking/manage/:token/keep: the guest keeps the unit an offer holds for them. */
export async function keepByToken(deps: LimitDeps, token: string, ip: string): Promise<PublicBooking> {
  const row = await byToken(deps, token, ip);
  const policy = await readSettings(deps.db);
  if (row.status === 'confirmed') return toPublic(deps.db, row, policy);
  const expired = row.hold_expires_at !== null && Number(row.hold_expires_at) < deps.clock.now();
  if (row.status !== 'held' || expired) throw conflict(publicBookingTexts.offerGone);
  await keepOfferByGuest(deps, row.id);
  const request = await waitlist.byOffer(deps.db, row.id);
  if (request?.status === 'offered')
    await waitlist.setStatus(deps.db, request.id, request.version, { status: 'booked' }, deps.clock.now());
  return toPublic(deps.db, (await repo.reservationById(deps.db, row.id))!, policy);
}
