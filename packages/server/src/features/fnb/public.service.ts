import type { FnbPayment, PublicFnbPage } from '@sandbar/contract/fnb';
import { type FnbLanguage, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { venueDay } from '../sales/sale-units';
import { readSettings } from '../settings/settings.repository';
import { unitOfToken } from './codes.service';
import { menuOut } from './menu.service';
import * as repo from './orders.repository';
import { labelOf, ordersOut, publicOrder } from './orders.service';
import { provenTabGuest } from './tab-guest';
import { unitGuest } from './unit-guest';

// The guest's order page /order/<token> (issue 35 point 3): the unit from its code, the menu,
// the ways to pay at this unit now, and the guest's own orders' status. Nothing of the party's
// details goes out: not their name, not their phone; a tab only as its total.

/** The unit a guest's code opens; a rotated or made-up code is 404 in the guest's language. */
export async function unitForToken(deps: AppDeps, token: string, lang: FnbLanguage) {
  const unit = await unitOfToken(deps.db, token);
  if (!unit) throw notFound(fnbTextsIn(lang).errors.badToken);
  return unit;
}

/** GET /public/order/:token */
export async function guestPage(deps: AppDeps, token: string, lang: FnbLanguage): Promise<PublicFnbPage> {
  const unit = await unitForToken(deps, token, lang);
  const settings = await readSettings(deps.db);
  const day = venueDay(deps.clock.now(), settings.timeZone);
  const [menu, guest, hotels] = await Promise.all([
    menuOut(deps, { activeOnly: true }),
    unitGuest(deps.db, unit, day),
    deps.db.selectFrom('hotels').select(['id', 'name']).where('is_other', '=', 0).orderBy('name').execute(),
  ]);
  const payments: FnbPayment[] = [];
  if (deps.payments) payments.push('online');
  if (guest?.customerName && guest.phoneLast4.length) payments.push('tab');
  if (hotels.length) payments.push('room');
  const first = guest?.hotelId;
  return {
    venueName: settings.venueName,
    unitLabel: labelOf(unit),
    locationName: unit.location_full_name || unit.location_name,
    menu,
    payments,
    hotels: [...hotels.filter((h) => h.id === first), ...hotels.filter((h) => h.id !== first)],
  };
}

/**
 * POST /public/order/:token/tab : the unit's tab today, only for a guest who gives the last 4 of
 * the party's phone (decision 355: the code is on a sticker anyone passing can scan). A wrong
 * answer counts towards the unit's lock as an order's does, so this is no quicker way to guess.
 */
export async function guestTab(
  deps: AppDeps,
  unit: Awaited<ReturnType<typeof unitForToken>>,
  input: { phoneLast4: string; languageCode: FnbLanguage },
) {
  const texts = fnbTextsIn(input.languageCode);
  const { day } = await provenTabGuest(deps, unit, input.phoneLast4, texts);
  const tab = await repo.tabOf(deps.db, unit.id, day);
  if (!tab) return { tab: null };
  const orders = await ordersOut(deps.db, await repo.ordersByIds(deps.db, await repo.tabOrderIds(deps.db, tab.id)));
  const totalCents = orders.filter((o) => o.status !== 'voided' && !o.paid).reduce((n, o) => n + o.totalCents, 0);
  return { tab: { totalCents, settled: tab.status === 'settled' } };
}

/**
 * GET /public/order/:token/status?keys= : the guest's own orders of this unit, asked for by their
 * clientOrderIds (random, known only to the phone that placed them; never the sequential numbers,
 * decision 357). A key of another unit, a staff order's or one that matches nothing is left out.
 */
export async function guestStatus(deps: AppDeps, token: string, keys: string[], lang: FnbLanguage) {
  const unit = await unitForToken(deps, token, lang);
  const rows = await repo.guestOrdersByClientIds(deps.db, unit.id, [...new Set(keys)]);
  return { orders: (await ordersOut(deps.db, rows)).map(publicOrder) };
}
