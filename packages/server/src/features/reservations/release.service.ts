import { releaseTimeOf } from '@sandbar/contract/rules/reservation';
import { venueParts } from '@sandbar/contract/rules/time';
import { businessDay } from '@sandbar/contract/rules/time';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';
import * as repo from './reservations.repository';
import { cancelHeld, markNoShow } from './reservations.service';

// Timed jobs of bookings (issue 24 point 6, DESIGN.md section 11 "Jobs"), run by the scheduler on
// every instance. Each release is the reservation's own state change, written only if the
// reservation is still at the version read: when two instances (or an instance and a tablet) try
// the same one, exactly one does it and the others get a 409, which is skipped. Every release
// publishes its board event, so the unit turns free on every tablet at the next event.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'events'>;

/**
 * At each location's release time, today's bookings not checked in become no-shows and their units
 * go back on sale: full-day and morning bookings at the release time, afternoon bookings at the
 * afternoon release time (decision 176). Returns how many this run released.
 */
export async function releaseNoShows(deps: Deps): Promise<number> {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const today = businessDay(now, settings.timeZone);
  const at = venueParts(now, settings.timeZone);
  const hhmm = (p: { hour: number; minute: number }) =>
    `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  const clock = hhmm(at);
  const due = await repo.confirmedOnDay(deps.db, today);
  let released = 0;
  for (const r of due) {
    const time = releaseTimeOf(settings, r.location_name, r.booking_window);
    if (!time || clock < time) continue;
    // A booking taken today after its release time (a guest booking at 13:00 for today's full
    // day) is not a no-show of this morning: it stays until the day ends.
    const created = Number(r.created_at);
    if (businessDay(created, settings.timeZone) === today && hhmm(venueParts(created, settings.timeZone)) > time)
      continue;
    try {
      await markNoShow(deps, null, { id: r.id, reason: `Not checked in by ${time}` });
      released++;
    } catch (err) {
      // Another instance (or a tablet) changed it first: nothing left to do here.
      if (err instanceof HttpError && err.statusCode === 409) continue;
      throw err;
    }
  }
  return released;
}

/** Held bookings (a guest mid-checkout, a waitlist offer) whose time ran out let their units go. */
export async function expireHeldBookings(deps: Deps): Promise<number> {
  const expired = await repo.expiredHeld(deps.db, deps.clock.now());
  let n = 0;
  for (const r of expired) {
    try {
      await cancelHeld(deps, r.id);
      n++;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) continue;
      throw err;
    }
  }
  return n;
}
