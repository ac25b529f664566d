import { holdMs } from '@sandbar/contract/rules/pricing';
import { addDays } from '@sandbar/contract/rules/time';
import { type HoldUnitResponse, type ReleaseUnitsResponse, saleTexts } from '@sandbar/contract/sales';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { conflict, forbidden } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';
import { addUnitLog, compareAndSet, readState } from '../units/unit-state.repository';
import { authorisedPositions, takeable, takenMessage, unitLabel, venueDay } from './sale-units';
import * as repo from './sales.repository';

// A cart's holds: taken for ten minutes, given back by the tablet, or freed by the scheduler.

/** 'Add More Unit(s)': holds a unit for a cart (status 1) for ten minutes; refreshes its own hold. */
export async function holdUnit(
  deps: AppDeps,
  user: SessionUser,
  body: { unitId: number; cartId: string },
): Promise<HoldUnitResponse> {
  const [p] = await authorisedPositions(deps.db, user, [body.unitId]);
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const day = venueDay(now, settings.timeZone);
  const expires = now + holdMs;
  await deps.db.transaction().execute(async (trx) => {
    const s = await readState(trx, p!.id, day, p!.unit_type);
    if (!takeable(s, body.cartId, -1, now)) throw conflict(await takenMessage(trx, p!, s, settings.timeZone));
    const won = await compareAndSet(
      trx,
      p!.id,
      day,
      s.version,
      { status: 1, holdCartId: body.cartId, holdUserId: user.id, holdExpiresAt: expires },
      { userId: user.id, now },
    );
    if (!won) throw conflict(saleTexts.unitTaken(unitLabel(p!), 'is in an order on another tablet'));
    if (s.holdCartId !== body.cartId) {
      await addUnitLog(trx, {
        positionId: p!.id,
        day,
        kind: 'log',
        text: `Held for an order by ${user.initials}`,
        userId: user.id,
        at: now,
      });
    }
  });
  await deps.events.publish({ type: 'hold', day, unitIds: [p!.id], locationIds: [p!.location_id] });
  return {
    status: 1,
    details: saleTexts.holdOk,
    unit: {
      unitId: p!.id,
      unitType: p!.unit_type,
      unitNumber: p!.unit_number,
      unitLocation: p!.location_name,
      locationId: p!.location_id,
      unitRow: p!.row,
      unitPosition: p!.position,
      holdExpiresAt: expires,
    },
  };
}

/** 'Cancel Order' or removing a unit from the cart: its holds go back to empty (3 if it had customers). */
export async function releaseUnits(
  deps: AppDeps,
  user: SessionUser,
  body: { cartId: string; unitIds?: number[] },
): Promise<ReleaseUnitsResponse> {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const day = venueDay(now, settings.timeZone);
  const allowed = await repo.userLocationIds(deps.db, user.id);
  let held = await repo.heldByCart(deps.db, body.cartId, day);
  if (body.unitIds) held = held.filter((h) => body.unitIds!.includes(h.position_id));
  const released: number[] = [];
  const locationIds = new Set<number>();
  for (const h of held) {
    if (!allowed.has(h.location_id)) throw forbidden(saleTexts.notYourLocation);
    const ok = await deps.db.transaction().execute(async (trx) => {
      const back = (await repo.hasCustomersToday(trx, h.position_id, day)) ? 3 : 0;
      const won = await compareAndSet(trx, h.position_id, day, h.version, { status: back }, { userId: user.id, now });
      if (won) {
        await addUnitLog(trx, {
          positionId: h.position_id,
          day,
          kind: 'log',
          text: `Released from an order by ${user.initials}`,
          userId: user.id,
          at: now,
        });
      }
      return won;
    });
    if (ok) {
      released.push(h.position_id);
      locationIds.add(h.location_id);
    }
  }
  if (released.length)
    await deps.events.publish({ type: 'release', day, unitIds: released, locationIds: [...locationIds] });
  return { status: 1, released };
}

/**
 * Frees holds whose ten minutes ran out (a tablet closed or lost mid-cart), so every board shows
 * the unit free again instead of green until somebody touches it. Run by the scheduler on every
 * instance: compareAndSet makes a second instance's attempt a no-op.
 */
export async function releaseExpiredHolds(deps: Pick<AppDeps, 'db' | 'clock' | 'events'>): Promise<number> {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const today = venueDay(now, settings.timeZone);
  const expired = await repo.expiredHolds(deps.db, [addDays(today, -1), today], now);
  const byDay = new Map<string, { unitIds: number[]; locationIds: Set<number> }>();
  for (const h of expired) {
    const won = await deps.db.transaction().execute(async (trx) => {
      const back = (await repo.hasCustomersToday(trx, h.position_id, h.day)) ? 3 : 0;
      const ok = await compareAndSet(trx, h.position_id, h.day, h.version, { status: back }, { userId: null, now });
      if (ok) {
        await addUnitLog(trx, {
          positionId: h.position_id,
          day: h.day,
          kind: 'log',
          text: 'Hold ran out after ten minutes: unit released',
          userId: null,
          at: now,
        });
      }
      return ok;
    });
    if (!won) continue;
    const entry = byDay.get(h.day) ?? { unitIds: [], locationIds: new Set<number>() };
    entry.unitIds.push(h.position_id);
    entry.locationIds.add(h.location_id);
    byDay.set(h.day, entry);
  }
  for (const [day, e] of byDay)
    await deps.events.publish({ type: 'release', day, unitIds: e.unitIds, locationIds: [...e.locationIds] });
  return [...byDay.values()].reduce((n, e) => n + e.unitIds.length, 0);
}
