import type { FnbTexts } from '@sandbar/contract/fnb-texts';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, tooManyRequests } from '../../platform/errors';
import { venueDay } from '../sales/sale-units';
import { readSettings } from '../settings/settings.repository';
import { countWrongTry, triesLeft } from './tab-tries';
import { unitGuest } from './unit-guest';

/**
 * The guest at a unit today, once the phone proved the party's last 4 digits (decision 355): the
 * one check in front of a guest reading or paying the unit's tab. A wrong answer counts towards the
 * unit's lock; the venue's settings, day and time come back for the caller's next steps.
 */
export async function provenTabGuest(
  deps: AppDeps,
  unit: Parameters<typeof unitGuest>[1],
  phoneLast4: string,
  texts: FnbTexts,
) {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const day = venueDay(now, settings.timeZone);
  const guest = await unitGuest(deps.db, unit, day);
  if (!guest || !guest.customerName) throw conflict(texts.errors.unitNotSold);
  if (!(await triesLeft(deps, unit.id, now))) throw tooManyRequests(texts.errors.tabLast4Locked);
  if (guest.phoneLast4.length === 0) throw conflict(texts.errors.tabNoPhone);
  if (!guest.phoneLast4.includes(phoneLast4)) {
    await countWrongTry(deps, unit.id, now);
    throw badRequest(texts.errors.tabLast4Wrong);
  }
  return { settings, now, day, guest };
}
