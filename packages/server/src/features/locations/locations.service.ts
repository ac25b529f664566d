import type { LocationRow } from '@sandbar/contract/locations';
import { messages } from '@sandbar/contract/messages';
import { businessDay } from '@sandbar/contract/rules/time';
import type { AppDeps } from '../../platform/deps';
import type { LocationsTable } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../auth/auth.service';
import { readSettings } from '../settings/settings.repository';
import * as repo from './locations.repository';

type Row = Omit<LocationsTable, 'id' | 'booking_payment' | 'booking_deposit'> & {
  id: number;
  booking_payment: '' | 'none' | 'deposit' | 'full';
  booking_deposit: string;
};

/** What the location form sends: the spec's four fields, and its own payment rule (issue 33; left out, kept). */
type LocationData = {
  id: number;
  name: string;
  fullName: string;
  umbrellas: number;
  umbrellaRows: number;
  bookingPayment?: '' | 'none' | 'deposit' | 'full';
  bookingDeposit?: string;
};

const toRow = (l: Row): LocationRow => ({
  id: l.id,
  locationId: l.id,
  name: l.name,
  fullName: l.full_name,
  umbrellas: l.umbrellas,
  umbrellaRows: l.umbrella_rows,
  sort: l.sort,
  bookingPayment: l.booking_payment,
  bookingDeposit: l.booking_deposit,
});

/** Admins see every location; supervisors only those assigned to them (spec section 6). */
async function visibleIds(deps: AppDeps, user: SessionUser): Promise<number[] | undefined> {
  return user.userType === 'A' ? undefined : repo.userLocationIds(deps.db, user.id);
}

/** GET /getLocationList. */
export async function listLocations(deps: AppDeps, user: SessionUser): Promise<{ locations: LocationRow[] }> {
  return { locations: (await repo.listLocations(deps.db, await visibleIds(deps, user))).map(toRow) };
}

/** GET /getLocationList/{id}. */
export async function getLocation(deps: AppDeps, user: SessionUser, id: number): Promise<{ location: LocationRow }> {
  const loc = await repo.findLocation(deps.db, id);
  if (!loc) throw notFound('That location does not exist.');
  const visible = await visibleIds(deps, user);
  if (visible && !visible.includes(id)) throw forbidden('This location is not assigned to you.');
  return { location: toRow(loc) };
}

async function publish(deps: AppDeps, id: number) {
  await deps.events.publish({ type: 'locations', day: '', unitIds: [], locationIds: [id] });
}

/**
 * POST /saveLocation (admins). A new location gets its umbrellaRows × umbrellas positions (unset
 * units) and is assigned to every admin; a resize adds positions or marks the surplus removed, so
 * no position and none of its history is ever deleted. A surplus position in use today → 409.
 */
export async function saveLocation(
  deps: AppDeps,
  data: LocationData,
): Promise<{ success: 1; details: string; id: number }> {
  // Unique indexes are the source of truth (issue 11, defect 6): two saves cannot both pass a check.
  return writeLocation(deps, data).catch((err: unknown) => {
    if (isUniqueViolation(err, 'locations_name_unique')) {
      throw conflict(`A location with the initials "${data.name}" already exists.`);
    }
    if (isUniqueViolation(err, 'positions_location_number_unique')) {
      throw conflict(
        'A unit coming back into the grid has a number another unit of this location now uses. Renumber one of them first.',
      );
    }
    throw err;
  });
}

async function writeLocation(deps: AppDeps, data: LocationData): Promise<{ success: 1; details: string; id: number }> {
  const now = deps.clock.now();
  const values = {
    name: data.name,
    full_name: data.fullName,
    umbrellas: data.umbrellas,
    umbrella_rows: data.umbrellaRows,
    ...(data.bookingPayment === undefined
      ? {}
      : { booking_payment: data.bookingPayment, booking_deposit: data.bookingDeposit ?? '' }),
  };
  const cells = (rows: number, per: number) =>
    Array.from({ length: rows * per }, (_, i) => ({ row: Math.floor(i / per) + 1, position: (i % per) + 1 }));

  if (!data.id) {
    const id = await deps.db.transaction().execute(async (trx) => {
      const id = await repo.insertLocation(trx, { ...values, sort: await repo.nextSort(trx), created_at: now });
      await repo.insertPositions(trx, id, cells(data.umbrellaRows, data.umbrellas));
      await repo.assign(trx, await repo.activeAdminIds(trx), id);
      return id;
    });
    await publish(deps, id);
    return { success: 1, details: 'Location has been added!', id };
  }

  const existing = await repo.findLocation(deps.db, data.id);
  if (!existing) throw notFound('That location does not exist.');
  const { timeZone } = await readSettings(deps.db);
  const today = businessDay(now, timeZone);
  await deps.db.transaction().execute(async (trx) => {
    const positions = await repo.positionsOf(trx, data.id);
    const inGrid = (p: { row: number; position: number }) => p.row <= data.umbrellaRows && p.position <= data.umbrellas;
    const surplus = positions.filter((p) => !inGrid(p) && p.removed === 0);
    const revive = positions.filter((p) => inGrid(p) && p.removed === 1);
    const have = new Set(positions.map((p) => `${p.row}:${p.position}`));
    const missing = cells(data.umbrellaRows, data.umbrellas).filter((c) => !have.has(`${c.row}:${c.position}`));
    const busy = await repo.positionsInUse(
      trx,
      surplus.map((p) => p.id),
      today,
    );
    if (busy.length) {
      const p = surplus.find((s) => s.id === busy[0])!;
      throw conflict(
        `Row ${p.row}, position ${p.position} has a customer or a hold today, so the grid cannot shrink past it. Empty it first.`,
      );
    }
    await repo.updateLocation(trx, data.id, values);
    await repo.setRemoved(
      trx,
      surplus.map((p) => p.id),
      1,
    );
    await repo.setRemoved(
      trx,
      revive.map((p) => p.id),
      0,
    );
    await repo.insertPositions(trx, data.id, missing);
  });
  await publish(deps, data.id);
  return { success: 1, details: 'Location has been saved!', id: data.id };
}

/** POST /deleteLocation (admins): only a location with no history at all can go (else 409). */
export async function deleteLocation(deps: AppDeps, id: number): Promise<{ success: 1; details: string }> {
  const loc = await repo.findLocation(deps.db, id);
  if (!loc) throw notFound('That location does not exist.');
  const refuse = () =>
    conflict(`${loc.full_name} has sales or unit history and cannot be deleted; its records stay in the reports.`);
  if (await repo.hasHistory(deps.db, id)) throw refuse();
  try {
    await deps.db.transaction().execute((trx) => repo.eraseLocation(trx, id));
  } catch {
    throw refuse();
  }
  await publish(deps, id);
  return { success: 1, details: messages.location.deleted };
}
