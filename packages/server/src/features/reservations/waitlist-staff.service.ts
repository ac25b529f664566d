import {
  type StaffWaitlistInput,
  type WaitlistChangeResponse,
  type WaitlistQuery,
  type WaitlistRequest,
  type WaitlistResponse,
  reservationTexts,
  staffWaitlistTexts,
} from '@sandbar/contract/reservations';
import { normalisePhone } from '@sandbar/contract/rules/phone';
import { addDays, businessDay } from '@sandbar/contract/rules/time';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';
import * as repo from './reservations.repository';
import { bookingRules } from './reservations.service';
import * as waitlist from './waitlist.repository';
import { contactKey, phoneRegion } from './guest-contact';

// The waitlist at the desk (issue 24 point 7): staff put a guest who found a day or a location full
// in the same line as the page's guests (the bookings job offers them a freed unit the same way),
// list a day's line and take a request out of it. Every call is limited to the user's locations.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events'>;
type Actor = Pick<SessionUser, 'id' | 'name' | 'userType'>;
type Row = NonNullable<Awaited<ReturnType<typeof waitlist.requestById>>>;

const inLine = (status: string) => status === 'waiting' || status === 'offered';

function describe(r: Row, line: Row[]): WaitlistRequest {
  const ahead = line.filter((o) => o.location_id === r.location_id && inLine(o.status) && o.id <= r.id);
  return {
    id: r.id,
    day: r.day,
    locationId: r.location_id,
    location: r.location_name,
    unitType: r.unit_type,
    window: r.booking_window,
    guestName: r.guest_name,
    phone: r.phone,
    email: r.email,
    partySize: r.party_size,
    channel: r.channel,
    status: r.status,
    position: inLine(r.status) ? ahead.length : 0,
    createdAt: Number(r.created_at),
  };
}

async function allowedLocation(deps: Deps, user: Actor, locationId: number) {
  const allowed = await repo.userLocationIds(deps.db, user.id);
  if (!allowed.has(locationId)) throw forbidden(reservationTexts.notYourLocation);
}

/** POST /saveWaitlistRequest: a desk or phone guest joins the line for a day and location. */
export async function addToWaitlist(
  deps: Deps,
  user: Actor,
  body: StaffWaitlistInput,
): Promise<WaitlistChangeResponse> {
  await allowedLocation(deps, user, body.locationId);
  const now = deps.clock.now();
  const settings = await readSettings(deps.db);
  const today = businessDay(now, settings.timeZone);
  const rules = bookingRules(settings);
  if (body.day < today) throw badRequest(reservationTexts.dayPast);
  if (body.day > addDays(today, rules.windowDays)) throw badRequest(reservationTexts.dayTooFar(rules.windowDays));
  const region = phoneRegion(settings.venueCountry);
  const contact = contactKey(body, region);
  const line = await waitlist.inLine(deps.db, body.day, body.locationId);
  if (line.some((r) => contactKey(r, region) === contact)) throw conflict(staffWaitlistTexts.twice);
  const phone = body.phone ? (normalisePhone(body.phone) ?? body.phone) : '';
  const id = await deps.db.transaction().execute(async (trx) => {
    const rid = await waitlist.insertRequest(trx, { ...body, phone }, now);
    await repo.audit(
      trx,
      user.id,
      'waitlist.add',
      `Waitlist ${rid}: ${body.guestName} for ${body.day}, location ${body.locationId}${body.unitType ? ` (${body.unitType})` : ''} (${user.name})`,
      now,
    );
    return rid;
  });
  const request = await describeOne(deps, id, body.day, body.locationId);
  return { success: 1, details: staffWaitlistTexts.added(request.position), request };
}

async function describeOne(deps: Deps, id: number, day: string, locationId: number): Promise<WaitlistRequest> {
  const line = await waitlist.requestsOnDay(deps.db, day, [locationId]);
  return describe(
    line.find((r) => r.id === id)!,
    line,
  );
}

/** GET /getWaitlist: a day's waitlist in the user's locations (or one), first come first. */
export async function listWaitlist(deps: Deps, user: Actor, q: WaitlistQuery): Promise<WaitlistResponse> {
  const allowed = await repo.userLocationIds(deps.db, user.id);
  if (q.locationId && !allowed.has(q.locationId)) throw forbidden(reservationTexts.notYourLocation);
  const rows = await waitlist.requestsOnDay(deps.db, q.day, q.locationId ? [q.locationId] : [...allowed]);
  return { requests: rows.map((r) => describe(r, rows)) };
}

/** POST /removeWaitlistRequest: takes a waiting request out of line (an offer in progress runs its course). */
export async function removeFromWaitlist(deps: Deps, user: Actor, id: number): Promise<WaitlistChangeResponse> {
  const row = await waitlist.requestById(deps.db, id);
  if (!row) throw notFound(staffWaitlistTexts.notFound);
  await allowedLocation(deps, user, row.location_id);
  if (row.status !== 'waiting') throw conflict(staffWaitlistTexts.notWaiting);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // At the version read: the bookings job offering it meanwhile wins, and this answers 409.
    const moved = await waitlist.setStatus(trx, row.id, row.version, { status: 'cancelled' }, now);
    if (moved !== 1) throw conflict(staffWaitlistTexts.notWaiting);
    await repo.audit(
      trx,
      user.id,
      'waitlist.remove',
      `Waitlist ${row.id}: ${row.guest_name} removed (${user.name})`,
      now,
    );
  });
  return {
    success: 1,
    details: staffWaitlistTexts.removed,
    request: await describeOne(deps, row.id, row.day, row.location_id),
  };
}
