import { phoneMatches, phoneSearchDigits } from '@sandbar/contract/rules/phone';
import { centsToMoney } from '@sandbar/contract/common';
import { addDays, businessDay, dayOfYear, dayStartMs, toTimestamp, venueParts } from '@sandbar/contract/rules/time';
import {
  type BoardLocation,
  type DashboardData,
  type Unit,
  type UnitDetail,
  type UnitEntry,
  unitStatus,
  unitTypeLabels,
} from '@sandbar/contract/units';
import type { UserType } from '@sandbar/contract/roles';
import type { UnitReservation } from '@sandbar/contract/reservations';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB } from '../../db/schema';
import { escposDocument } from '../../platform/escpos';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../auth/auth.service';
import { equipmentDataAt } from '../sales/catalogue.service';
import { readSettings } from '../settings/settings.repository';
import {
  type BoardEncoding,
  boardCache,
  encodePieces,
  encodedBody,
  encodingFor,
  etagOf,
  patchPieces,
  withSearch,
} from './board-cache';
import { type UnitState, addUnitLog, compareAndSet, defaultStatus, readState } from './unit-state.repository';
import { reservationsByUnit } from './board-reservations';
import * as repo from './units.repository';

type Actor = Pick<SessionUser, 'id' | 'userType' | 'name' | 'initials'>;

// ---------- days and the editing window (DESIGN.md section 5) ----------

/** U and M edit today only; S today and yesterday; A any day. */
export function canEditDay(userType: UserType, day: string, today: string): boolean {
  if (userType === 'A') return true;
  if (userType === 'S') return day === today || day === addDays(today, -1);
  return day === today;
}

/** U and M see today's board only; S and A may look at any day (S read-only beyond yesterday). */
export function canViewDay(userType: UserType, day: string, today: string): boolean {
  return userType === 'A' || userType === 'S' || day === today;
}

export function editWindowMessage(userType: UserType): string {
  if (userType === 'S') return 'Supervisors can change units for today and yesterday only.';
  return "You can only change units on today's board.";
}

interface Venue {
  timeZone: string;
  today: string;
  seasonStart: string;
  seasonEnd: string;
}

const venueCache = new WeakMap<AppDeps, { at: number; venue: Venue }>();

/** The venue's zone, today and season; read at most once a second (every board request needs it). */
async function venue(deps: AppDeps): Promise<Venue> {
  const now = deps.clock.now();
  const hit = venueCache.get(deps);
  if (hit && now - hit.at >= 0 && now - hit.at < 1000) return hit.venue;
  const s = await readSettings(deps.db);
  const v = {
    timeZone: s.timeZone,
    today: businessDay(now, s.timeZone),
    seasonStart: s.seasonStart,
    seasonEnd: s.seasonEnd,
  };
  venueCache.set(deps, { at: now, venue: v });
  return v;
}

const dayOf = (v: Venue, timeStamp?: number) => (timeStamp ? businessDay(timeStamp * 1000, v.timeZone) : v.today);

// ---------- building units ----------

const label = (p: { location_name: string; unit_number: number; row: number; position: number }) =>
  p.unit_number ? `${p.location_name} ${p.unit_number}` : `${p.location_name} row ${p.row} position ${p.position}`;

interface StateLite {
  status: number;
  version: number;
  heldBy: string | null;
}

function toCustomer(c: repo.CustomerRow) {
  return {
    id: c.id,
    epoc: Number(c.created_at),
    customerName: c.customer_name,
    paymentMethod: c.payment_method,
    price: centsToMoney(c.price_cents),
    receiptType: c.receipt_type,
    receiptPhone: c.receipt_phone,
    receiptEmail: c.receipt_email,
    state: c.state,
    saleId: c.sale_id,
    // Who deleted the sale and when (issue 32): the unit modal says so instead of "Paid · Seated".
    ...(c.sale_deleted_at != null
      ? { deleted: true, deletedAt: Number(c.sale_deleted_at), deletedBy: c.sale_deleted_by ?? null }
      : {}),
  };
}

function toUnit(
  p: repo.PositionRow,
  st: StateLite | undefined,
  customers: repo.CustomerRow[],
  reservations?: UnitReservation[],
): Unit {
  const status = st?.status ?? defaultStatus(p.unit_type);
  // The tile shows the current customer's amount and payment: the seated one, else the last to leave.
  const current = [...customers].reverse().find((c) => c.state === 'seated') ?? customers[customers.length - 1];
  const showsPayment = status !== unitStatus.empty && status !== unitStatus.held && status !== unitStatus.dark;
  return {
    id: p.id,
    unitType: p.unit_type,
    unitNumber: p.unit_number,
    unitStatus: status,
    location: p.location_name,
    locationId: p.location_id,
    row: p.row,
    position: p.position,
    totalPrice: centsToMoney(showsPayment && current ? current.price_cents : 0),
    paymentMethod: showsPayment && current ? current.payment_method : '',
    umbrellaType: p.umbrella_type,
    version: st?.version ?? 0,
    customers: customers.map(toCustomer),
    heldBy: status === unitStatus.held ? (st?.heldBy ?? null) : null,
    ...(showsPayment && current?.sale_deleted_at != null ? { saleDeleted: true } : {}),
    ...(reservations?.length ? { reservations } : {}),
  };
}

/** A location's tile counts and takings (the strip's heading), from its units. */
function locationTotals(all: Unit[]): BoardLocation['totals'] {
  const occupied = all.filter((u) => u.unitStatus >= 1 && u.unitStatus <= 5 && u.unitStatus !== 3).length;
  const revenue = all.reduce(
    (sum, u) => sum + u.customers.reduce((s, c) => s + (c.deleted ? 0 : Math.round(Number(c.price) * 100)), 0),
    0,
  );
  return {
    units: all.length,
    occupied,
    empty: all.filter((u) => u.unitStatus === 0 || u.unitStatus === 3).length,
    revenue: centsToMoney(revenue),
  };
}

interface ReadUnits {
  /** In board order: location, row, position. */
  positions: repo.PositionRow[];
  /** Each unit and its version that day (0: no state row yet). */
  units: Map<number, { unit: Unit; version: number }>;
}

/** The units of a day in these locations, or only these positions among them (a patch). */
async function readUnits(
  db: Kysely<DB>,
  day: string,
  locationIds: number[],
  positionIds?: number[],
): Promise<ReadUnits> {
  const [positions, states, customers, booked] = await Promise.all([
    repo.listPositions(db, locationIds, positionIds),
    repo.listStates(db, day, locationIds, positionIds),
    repo.listCustomers(db, day, positionIds ? { locationIds, positionIds } : { locationIds }),
    reservationsByUnit(db, day, locationIds),
  ]);
  const stateBy = new Map<number, StateLite>(
    states.map((s) => [s.position_id, { status: s.status, version: s.version, heldBy: s.held_by ?? null }]),
  );
  const customersBy = new Map<number, repo.CustomerRow[]>();
  for (const c of customers) {
    const list = customersBy.get(c.position_id) ?? [];
    list.push(c);
    customersBy.set(c.position_id, list);
  }
  const units = new Map<number, { unit: Unit; version: number }>();
  for (const p of positions) {
    const st = stateBy.get(p.id);
    units.set(p.id, { unit: toUnit(p, st, customersBy.get(p.id) ?? [], booked.get(p.id)), version: st?.version ?? 0 });
  }
  return { positions, units };
}

async function buildBoard(
  deps: AppDeps,
  v: Venue,
  day: string,
  locationIds: number[],
  editable: boolean,
): Promise<{ data: DashboardData; versions: Map<number, number>; venueStamp: string }> {
  const [locations, { positions, units }, hotels] = await Promise.all([
    repo.listLocations(deps.db, locationIds),
    readUnits(deps.db, day, locationIds),
    repo.listHotels(deps.db),
  ]);
  const venueStamp = stampOf(v, locations, hotels);
  const unitsByLocation = new Map<number, Unit[][]>();
  for (const p of positions) {
    const rows = unitsByLocation.get(p.location_id) ?? [];
    unitsByLocation.set(p.location_id, rows);
    const rowIndex = p.row - 1;
    while (rows.length <= rowIndex) rows.push([]);
    rows[rowIndex]!.push(units.get(p.id)!.unit);
  }
  const totalLocationUnits: Record<string, number> = {};
  const boardLocations: BoardLocation[] = locations.map((l) => {
    const rows = (unitsByLocation.get(l.id) ?? []).filter((r) => r.length > 0);
    const all = rows.flat();
    totalLocationUnits[String(l.id)] = all.length;
    return {
      id: l.id,
      locationId: l.id,
      name: l.name,
      fullName: l.full_name,
      umbrellas: l.umbrellas,
      umbrellaRows: l.umbrella_rows,
      units: rows,
      totals: locationTotals(all),
    };
  });
  const versions = new Map([...units].map(([id, u]) => [id, u.version]));
  const startMs = dayStartMs(v.seasonStart, v.timeZone);
  const endMs = dayStartMs(v.seasonEnd, v.timeZone);
  const data: DashboardData = {
    locations: boardLocations,
    hotels: hotels.map((h) => ({ id: h.id, name: h.name })),
    startTime: toTimestamp(startMs),
    endTime: toTimestamp(endMs),
    startDate: v.seasonStart,
    endDate: v.seasonEnd,
    startDOY: dayOfYear(v.seasonStart),
    endDOY: dayOfYear(v.seasonEnd),
    currentDay: day,
    currentTime: toTimestamp(dayStartMs(day, v.timeZone)),
    dom: Number(day.slice(8, 10)),
    doy: dayOfYear(day),
    today: v.today,
    totalUnits: Object.values(totalLocationUnits).reduce((a, b) => a + b, 0),
    totalLocationUnits,
    noLocations: locationIds.length === 0,
    editable,
    search: null,
  };
  return { data, versions, venueStamp };
}

/** What a board shows that no unit event announces: its locations' fields, the hotels, the season. */
function stampOf(v: Venue, locations: unknown[], hotels: unknown[]): string {
  return JSON.stringify([locations, hotels, v.seasonStart, v.seasonEnd, v.timeZone]);
}

/** Those parts as they are now (two small queries), for a board kept up by patches. */
async function venueStampNow(deps: AppDeps, v: Venue, locationIds: number[]): Promise<string> {
  const [locations, hotels] = await Promise.all([repo.listLocations(deps.db, locationIds), repo.listHotels(deps.db)]);
  return stampOf(v, locations, hotels);
}

/** A unit matches a search by its number ("12", "MB 12", "MB12") or a customer's name, phone or e-mail. */
export function unitMatches(u: Unit, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return false;
  const n = String(u.unitNumber);
  if (u.unitNumber && (t === n || t === `${u.location} ${n}`.toLowerCase() || t === `${u.location}${n}`.toLowerCase()))
    return true;
  // "305-555-0122" and "(305) 555-0122" find the same customer: phones are compared by digits.
  const digits = phoneSearchDigits(t);
  return u.customers.some(
    (c) =>
      c.customerName.toLowerCase().includes(t) ||
      (digits !== null && phoneMatches(c.receiptPhone, digits)) ||
      (c.receiptEmail && c.receiptEmail.toLowerCase().includes(t)),
  );
}

/**
 * GET /getUnits: the dashboard data of a business day for the user's assigned locations.
 * Answers the JSON text (built once per day and location set, see board-cache.ts).
 */
export async function getDashboardBody(
  deps: AppDeps,
  user: Actor,
  opts: { timestamp?: number; searchTerm?: string },
): Promise<Buffer> {
  return (await getDashboardResponse(deps, user, opts)).body;
}

/**
 * The board's bytes, compressed from the day cache in the first of `encodings` the board suits
 * (encodingFor: gzip from pieces for a big day) when it is the plain one (a search result is
 * built per request and left to the HTTP layer's compression). `locationIds`: part of the board.
 */
export async function getDashboardResponse(
  deps: AppDeps,
  user: Actor,
  opts: { timestamp?: number; searchTerm?: string; encodings?: readonly BoardEncoding[]; locationIds?: number[] },
): Promise<{ body: Buffer; encoding?: BoardEncoding; etag?: string }> {
  const v = await venue(deps);
  const day = dayOf(v, opts.timestamp);
  if (!canViewDay(user.userType, day, v.today)) throw forbidden("You can only see today's board.");
  const assigned = await repo.userLocationIds(deps.db, user.id);
  // A tablet may ask for part of the board (issue 25): only locations the user is assigned.
  const locationIds = opts.locationIds ? [...new Set(opts.locationIds)].sort((a, b) => a - b) : assigned;
  const foreign = locationIds.find((id) => !assigned.includes(id));
  if (foreign !== undefined) throw forbidden(`Location ${foreign} is not in your assigned locations.`);
  const editable = canEditDay(user.userType, day, v.today);
  const key = `${day}|${locationIds.join(',')}|${editable ? 1 : 0}|${v.today}`;
  const cache = boardCache(deps.events);
  const now = deps.clock.now();
  const fingerprint = await repo.dayFingerprint(deps.db, day);
  const hit = await cache.getOrBuild(
    key,
    now,
    fingerprint,
    async () => {
      const { data, versions, venueStamp } = await buildBoard(deps, v, day, locationIds, editable);
      const { body, pieces } = encodePieces(data, versions);
      return { data, body, pieces, at: now, fingerprint, venueStamp };
    },
    // Only the units that changed since the board was made: the ones events named, and the ones
    // whose version moved (written by another instance whose event has not arrived yet).
    async (previous, named) => {
      const pieces = previous.pieces!;
      // Units of other locations are someone else's board.
      const changed = new Set([...named].filter((id) => pieces.at.has(id)));
      if (previous.fingerprint !== fingerprint) {
        const versions = await repo.dayVersions(deps.db, day, locationIds);
        for (const [id, version] of pieces.versions) if ((versions.get(id) ?? 0) !== version) changed.add(id);
        // A unit the board does not have: the layout changed.
        for (const id of versions.keys()) if (!pieces.versions.has(id)) return undefined;
      }
      // Past a quarter of the board, building it whole is no dearer.
      if (changed.size > Math.max(64, pieces.versions.size / 4)) return undefined;
      const { units } = changed.size ? await readUnits(deps.db, day, locationIds, [...changed]) : { units: new Map() };
      // A unit gone from these locations (removed): the layout changed.
      for (const id of changed) if (!units.has(id)) return undefined;
      const patched = patchPieces(previous, units, locationTotals);
      return (
        patched && {
          ...patched,
          at: previous.at,
          checkedAt: previous.checkedAt,
          venueStamp: previous.venueStamp,
          fingerprint,
        }
      );
    },
    // Every few seconds: a renamed location, a new hotel or new season dates rebuild the board.
    async (previous) => previous.venueStamp === (await venueStampNow(deps, v, locationIds)),
  );
  const term = opts.searchTerm?.trim();
  if (!term) {
    const encoding = encodingFor(hit, opts.encodings ?? []);
    const etag = etagOf(hit);
    return encoding ? { body: encodedBody(hit, encoding), encoding, etag } : { body: hit.body, etag };
  }
  const unitIds = hit.data.locations.flatMap((l) =>
    l.units
      .flat()
      .filter((u) => unitMatches(u, term))
      .map((u) => u.id),
  );
  return { body: withSearch(hit, { searchTerm: term, count: unitIds.length, unitIds }) };
}

export async function getDashboard(
  deps: AppDeps,
  user: Actor,
  opts: { timestamp?: number; searchTerm?: string },
): Promise<DashboardData> {
  return JSON.parse((await getDashboardBody(deps, user, opts)).toString('utf8')) as DashboardData;
}

// ---------- one unit ----------

interface UnitContext {
  pos: repo.PositionRow;
  v: Venue;
  day: string;
  locationIds: number[];
}

async function unitContext(deps: AppDeps, user: Actor, unitId: number, timeStamp?: number): Promise<UnitContext> {
  const pos = await repo.findPosition(deps.db, unitId);
  if (!pos) throw notFound(`There is no unit ${unitId}.`);
  const locationIds = await repo.userLocationIds(deps.db, user.id);
  if (!locationIds.includes(pos.location_id)) {
    throw forbidden(`Unit ${label(pos)} is not in your assigned locations.`);
  }
  const v = await venue(deps);
  return { pos, v, day: dayOf(v, timeStamp), locationIds };
}

async function editableContext(deps: AppDeps, user: Actor, unitId: number, timeStamp?: number) {
  const ctx = await unitContext(deps, user, unitId, timeStamp);
  if (!canEditDay(user.userType, ctx.day, ctx.v.today)) throw forbidden(editWindowMessage(user.userType));
  return ctx;
}

async function currentUnit(db: Kysely<DB>, pos: repo.PositionRow, day: string): Promise<Unit> {
  const fresh = (await repo.findPosition(db, pos.id)) ?? pos;
  const st = await readState(db, pos.id, day, fresh.unit_type);
  const heldBy =
    st.holdUserId != null
      ? ((await db.selectFrom('users').select('name').where('id', '=', st.holdUserId).executeTakeFirst())?.name ?? null)
      : null;
  const customers = await repo.listCustomers(db, day, { positionId: pos.id });
  const booked = await reservationsByUnit(db, day, [], pos.id);
  return toUnit(fresh, { status: st.status, version: st.version, heldBy }, customers, booked.get(pos.id));
}

const toEntry = (e: { id: number; text: string; at: number; initials: string | null }): UnitEntry => ({
  id: e.id,
  admin: e.initials ?? '',
  epoc: Number(e.at),
  note: e.text,
});

/** GET /getUnit/{id}[/{currentTime}]: one unit on a day, with its notes and logs. */
export async function getUnit(deps: AppDeps, user: Actor, unitId: number, timeStamp?: number): Promise<UnitDetail> {
  const { pos, v, day } = await unitContext(deps, user, unitId, timeStamp);
  if (!canViewDay(user.userType, day, v.today)) throw forbidden("You can only see today's board.");
  const [unit, notes, logs, equipmentData] = await Promise.all([
    currentUnit(deps.db, pos, day),
    repo.listEntries(deps.db, pos.id, day, 'note'),
    repo.listEntries(deps.db, pos.id, day, 'log'),
    // The spec's getUnit/{id}/{currentTime} carries what may be sold then (section 3).
    timeStamp === undefined ? undefined : equipmentDataAt(deps, pos.unit_type, timeStamp * 1000),
  ]);
  return {
    ...unit,
    ...(equipmentData ? { equipmentData } : {}),
    day,
    currentTime: toTimestamp(dayStartMs(day, v.timeZone)),
    loadTime: deps.clock.now(),
    editable: canEditDay(user.userType, day, v.today),
    notes: notes.map(toEntry),
    logs: logs.map(toEntry),
  };
}

// ---------- transitions ----------

/** PostgreSQL may abort one of two crossing writers (deadlock, serialisation): that is a 409 too. */
async function inTransaction<T>(deps: AppDeps, staleText: string, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction().execute(fn);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '40P01' || code === '40001' || code === '23505') throw conflict(staleText);
    throw err;
  }
}

const staleMessage = (pos: repo.PositionRow) =>
  `Unit ${label(pos)} was just changed on another tablet. The board has been refreshed; try again.`;

function checkVersion(pos: repo.PositionRow, st: UnitState, version: number | undefined) {
  if (version !== undefined && version !== st.version) throw conflict(staleMessage(pos));
}

function heldMessage(pos: repo.PositionRow, heldBy: string | null) {
  return `Unit ${label(pos)} is held in a cart${heldBy ? ` by ${heldBy}` : ''}.`;
}

async function holderName(db: Kysely<DB>, st: UnitState): Promise<string | null> {
  if (st.holdUserId == null) return null;
  const row = await db.selectFrom('users').select('name').where('id', '=', st.holdUserId).executeTakeFirst();
  return row?.name ?? null;
}

/** A hold that has run out, or is the user's own, does not block the board's own actions. */
function holdIsLive(st: UnitState, user: Actor, now: number): boolean {
  if (st.status !== unitStatus.held) return false;
  if (st.holdUserId === user.id) return false;
  return st.holdExpiresAt == null || st.holdExpiresAt > now;
}

async function announce(deps: AppDeps, type: string, day: string, positions: repo.PositionRow[]) {
  // Patched on this instance's next request, before the event comes back through PostgreSQL.
  boardCache(deps.events).touch(
    day,
    positions.map((p) => p.id),
  );
  await deps.events.publish({
    type,
    day,
    unitIds: positions.map((p) => p.id),
    locationIds: [...new Set(positions.map((p) => p.location_id))],
  });
}

interface ActionInput {
  unitId: number;
  customerId?: number;
  timeStamp?: number;
  version?: number;
}

const by = (deps: AppDeps, user: Actor) => ({ userId: user.id, now: deps.clock.now() });

function logLine(deps: AppDeps, trx: Kysely<DB>, pos: repo.PositionRow, day: string, user: Actor, text: string) {
  return addUnitLog(trx, {
    positionId: pos.id,
    day,
    kind: 'log',
    text: `${text} (${user.name})`,
    userId: user.id,
    at: deps.clock.now(),
  });
}

/** POST /markOccupied: 0, 1 (own or expired hold) or 3 → 5. */
export async function markOccupied(deps: AppDeps, user: Actor, input: ActionInput): Promise<Unit> {
  const { pos, day } = await editableContext(deps, user, input.unitId, input.timeStamp);
  const unit = await inTransaction(deps, staleMessage(pos), async (trx) => {
    const st = await readState(trx, pos.id, day, pos.unit_type);
    checkVersion(pos, st, input.version);
    const now = deps.clock.now();
    if (st.status === unitStatus.dark)
      throw conflict(`Unit ${label(pos)} is a pier or tower spot and cannot be occupied.`);
    if (st.status === unitStatus.held && holdIsLive(st, user, now))
      throw conflict(heldMessage(pos, await holderName(trx, st)));
    if (![unitStatus.empty, unitStatus.held, unitStatus.left].includes(st.status as 0 | 1 | 3)) {
      throw conflict(`Unit ${label(pos)} is already occupied.`);
    }
    if (!(await compareAndSet(trx, pos.id, day, st.version, { status: unitStatus.occupied }, by(deps, user)))) {
      throw conflict(`Unit ${label(pos)} is already occupied.`);
    }
    await logLine(deps, trx, pos, day, user, 'Marked occupied');
    return currentUnit(trx, pos, day);
  });
  await announce(deps, 'markOccupied', day, [pos]);
  return unit;
}

/** POST /markEmpty: a paid customer leaves (2/4 → 3), or an occupied unit empties (5 → 0). */
export async function markEmpty(deps: AppDeps, user: Actor, input: ActionInput): Promise<Unit> {
  const { pos, day } = await editableContext(deps, user, input.unitId, input.timeStamp);
  const unit = await inTransaction(deps, staleMessage(pos), async (trx) => {
    const st = await readState(trx, pos.id, day, pos.unit_type);
    checkVersion(pos, st, input.version);
    if (st.status === unitStatus.paid || st.status === unitStatus.roomCharge) {
      const seated = (await repo.listCustomers(trx, day, { positionId: pos.id })).filter((c) => c.state === 'seated');
      const customer = input.customerId ? seated.find((c) => c.id === input.customerId) : seated[seated.length - 1];
      if (input.customerId && !customer) throw conflict(`That customer is not seated at unit ${label(pos)}.`);
      if (!(await compareAndSet(trx, pos.id, day, st.version, { status: unitStatus.left }, by(deps, user)))) {
        throw conflict(staleMessage(pos));
      }
      if (customer) await repo.setCustomerState(trx, customer.id, 'left');
      await logLine(
        deps,
        trx,
        pos,
        day,
        user,
        `Marked empty${customer?.customer_name ? `: ${customer.customer_name} left` : ''}`,
      );
    } else if (st.status === unitStatus.occupied) {
      if (!(await compareAndSet(trx, pos.id, day, st.version, { status: unitStatus.empty }, by(deps, user)))) {
        throw conflict(staleMessage(pos));
      }
      await logLine(deps, trx, pos, day, user, 'Marked empty');
    } else if (st.status === unitStatus.held) {
      throw conflict(heldMessage(pos, await holderName(trx, st)));
    } else if (st.status === unitStatus.dark) {
      throw conflict(`Unit ${label(pos)} is a pier or tower spot and cannot be marked empty.`);
    } else {
      throw conflict(`Unit ${label(pos)} is already empty.`);
    }
    return currentUnit(trx, pos, day);
  });
  await announce(deps, 'markEmpty', day, [pos]);
  return unit;
}

/** POST /markOccupiedEmpty: an occupied unit without a sale empties (5 → 0), keeping a log line. */
export async function markOccupiedEmpty(deps: AppDeps, user: Actor, input: ActionInput): Promise<Unit> {
  const { pos, day } = await editableContext(deps, user, input.unitId, input.timeStamp);
  const unit = await inTransaction(deps, staleMessage(pos), async (trx) => {
    const st = await readState(trx, pos.id, day, pos.unit_type);
    checkVersion(pos, st, input.version);
    if (st.status !== unitStatus.occupied) throw conflict(`Unit ${label(pos)} is not marked occupied.`);
    if (!(await compareAndSet(trx, pos.id, day, st.version, { status: unitStatus.empty }, by(deps, user)))) {
      throw conflict(staleMessage(pos));
    }
    await logLine(deps, trx, pos, day, user, 'Occupied unit marked empty');
    return currentUnit(trx, pos, day);
  });
  await announce(deps, 'markOccupiedEmpty', day, [pos]);
  return unit;
}

const isRoomCharge = (method: string) => method.toLowerCase().replace(/\s+/g, '') === 'roomcharge';

/** POST /reseatCustomer: a paid customer who left comes back (3 → 2, room charge 3 → 4). */
export async function reseatCustomer(
  deps: AppDeps,
  user: Actor,
  input: ActionInput & { customerId: number },
): Promise<Unit> {
  const { pos, day } = await editableContext(deps, user, input.unitId, input.timeStamp);
  const unit = await inTransaction(deps, staleMessage(pos), async (trx) => {
    const st = await readState(trx, pos.id, day, pos.unit_type);
    checkVersion(pos, st, input.version);
    const customer = await repo.findCustomer(trx, input.customerId);
    if (!customer || customer.position_id !== pos.id || customer.day !== day) {
      throw notFound(`That customer was not at unit ${label(pos)} on ${day}.`);
    }
    if (st.status !== unitStatus.left) {
      if (st.status === unitStatus.held) throw conflict(heldMessage(pos, await holderName(trx, st)));
      if (st.status === unitStatus.empty) throw conflict(`Unit ${label(pos)} has no customer to re-seat.`);
      throw conflict(`Unit ${label(pos)} is already occupied.`);
    }
    if (customer.state !== 'left')
      throw conflict(`${customer.customer_name || 'That customer'} is not marked as left.`);
    const status = isRoomCharge(customer.payment_method) ? unitStatus.roomCharge : unitStatus.paid;
    if (!(await compareAndSet(trx, pos.id, day, st.version, { status, customerId: customer.id }, by(deps, user)))) {
      throw conflict(staleMessage(pos));
    }
    await repo.setCustomerState(trx, customer.id, 'seated');
    await logLine(deps, trx, pos, day, user, `Re-seated ${customer.customer_name || 'customer'}`);
    return currentUnit(trx, pos, day);
  });
  await announce(deps, 'reseatCustomer', day, [pos]);
  return unit;
}

interface MoveSide {
  unitId: number;
  customerId?: number | null;
  version?: number;
}

/**
 * POST /moveCustomer: the customer (payment and sale with them) goes to the target, which must be
 * empty (0) or left (3); the target takes the source's status and the source is left empty (0).
 */
export async function moveCustomer(
  deps: AppDeps,
  user: Actor,
  input: { oldUnitData: MoveSide; newUnitData: MoveSide; timeStamp?: number },
): Promise<{ oldUnit: Unit; newUnit: Unit }> {
  if (input.oldUnitData.unitId === input.newUnitData.unitId)
    throw badRequest('Choose a different unit to move the customer to.');
  const src = await editableContext(deps, user, input.oldUnitData.unitId, input.timeStamp);
  const dst = await editableContext(deps, user, input.newUnitData.unitId, input.timeStamp);
  const day = src.day;
  const from = src.pos;
  const to = dst.pos;
  if (to.unit_type === 'P' || to.unit_type === 'T')
    throw conflict(`Unit ${label(to)} is a pier or tower spot; customers cannot move there.`);
  const result = await inTransaction(deps, staleMessage(to), async (trx) => {
    // Lock in position order so two crossing moves cannot deadlock.
    const [first, second] = from.id < to.id ? [from, to] : [to, from];
    const stFirst = await readState(trx, first.id, day, first.unit_type);
    const stSecond = await readState(trx, second.id, day, second.unit_type);
    const stFrom = first === from ? stFirst : stSecond;
    const stTo = first === from ? stSecond : stFirst;
    checkVersion(from, stFrom, input.oldUnitData.version);
    checkVersion(to, stTo, input.newUnitData.version);
    if (![unitStatus.paid, unitStatus.roomCharge, unitStatus.occupied].includes(stFrom.status as 2 | 4 | 5)) {
      throw conflict(`Unit ${label(from)} has no seated customer to move.`);
    }
    if (stTo.status === unitStatus.held && holdIsLive(stTo, user, deps.clock.now())) {
      throw conflict(heldMessage(to, await holderName(trx, stTo)));
    }
    if (stTo.status !== unitStatus.empty && stTo.status !== unitStatus.left) {
      throw conflict(`Unit ${label(to)} is already occupied.`);
    }
    let customer: repo.CustomerRow | undefined;
    if (stFrom.status !== unitStatus.occupied) {
      const seated = (await repo.listCustomers(trx, day, { positionId: from.id })).filter((c) => c.state === 'seated');
      customer = input.oldUnitData.customerId
        ? seated.find((c) => c.id === input.oldUnitData.customerId)
        : seated[seated.length - 1];
      if (!customer) throw conflict(`That customer is not seated at unit ${label(from)}.`);
    }
    const who = by(deps, user);
    const sets: [repo.PositionRow, UnitState, Parameters<typeof compareAndSet>[4]][] = [
      [from, stFrom, { status: unitStatus.empty }],
      [to, stTo, { status: stFrom.status, customerId: customer?.id ?? null }],
    ];
    sets.sort((a, b) => a[0].id - b[0].id);
    for (const [p, st, patch] of sets) {
      if (!(await compareAndSet(trx, p.id, day, st.version, patch, who))) throw conflict(staleMessage(p));
    }
    if (customer) await repo.moveCustomerRow(trx, customer.id, to.id);
    const name = customer?.customer_name || 'Customer';
    await repo.insertMove(trx, {
      day,
      customer_id: customer?.id ?? null,
      customer_name: customer?.customer_name ?? '',
      from_position_id: from.id,
      to_position_id: to.id,
      from_label: label(from),
      to_label: label(to),
      user_id: user.id,
      at: who.now,
    });
    await logLine(deps, trx, from, day, user, `${name} moved to ${label(to)}`);
    await logLine(deps, trx, to, day, user, `${name} moved here from ${label(from)}`);
    return { oldUnit: await currentUnit(trx, from, day), newUnit: await currentUnit(trx, to, day) };
  });
  await announce(deps, 'moveCustomer', day, [from, to]);
  return result;
}

/** POST /saveUmbrellaNumber: the Set Unit form (the layout persists from day to day). */
export async function saveUmbrellaNumber(
  deps: AppDeps,
  user: Actor,
  input: { unitId: number; unitNumber: number; unitType: string; version?: number },
): Promise<Unit> {
  const { pos, v } = await unitContext(deps, user, input.unitId);
  const day = v.today;
  const taken = await deps.db
    .selectFrom('positions')
    .select('id')
    .where('location_id', '=', pos.location_id)
    .where('unit_number', '=', input.unitNumber)
    .where('removed', '=', 0)
    .where('id', '!=', pos.id)
    .executeTakeFirst();
  const numberTaken = `Unit number ${input.unitNumber} is already used in ${pos.location_name}.`;
  if (taken) throw conflict(numberTaken);
  const unit = await inTransaction(deps, staleMessage(pos), async (trx) => {
    const st = await readState(trx, pos.id, day, pos.unit_type);
    checkVersion(pos, st, input.version);
    const oldDefault = defaultStatus(pos.unit_type);
    const newDefault = defaultStatus(input.unitType);
    if (oldDefault !== newDefault) {
      // Becoming (or ceasing to be) a pier/tower spot changes today's resting status too.
      if (st.status !== oldDefault) {
        throw conflict(`Unit ${label(pos)} has customers today; mark it empty before changing its type.`);
      }
      if (
        st.version > 0 &&
        !(await compareAndSet(trx, pos.id, day, st.version, { status: newDefault }, by(deps, user)))
      ) {
        throw conflict(staleMessage(pos));
      }
    }
    const isDark = input.unitType === 'P' || input.unitType === 'T';
    // The partial unique index on (location, number) holds when two tablets race past the check
    // above (issue 11, defect 6).
    await repo
      .updatePosition(trx, pos.id, {
        unit_type: input.unitType,
        unit_number: input.unitNumber,
        umbrella_type: isDark ? null : input.unitType,
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'positions') ? conflict(numberTaken) : err;
      });
    const typeName = unitTypeLabels[input.unitType as keyof typeof unitTypeLabels] ?? input.unitType;
    await logLine(deps, trx, pos, day, user, `Set unit number ${input.unitNumber}, type ${typeName}`);
    return currentUnit(trx, pos, day);
  });
  // The layout is the same every day: every day's board must drop this unit.
  boardCache(deps.events).clear();
  await deps.events.publish({ type: 'saveUmbrellaNumber', day: '', unitIds: [pos.id], locationIds: [pos.location_id] });
  return unit;
}

/** POST /logAction and /saveUnitNotes: a log line or a note on a unit's day. */
export async function addEntry(
  deps: AppDeps,
  user: Actor,
  input: { unitId: number; text: string; kind: 'log' | 'note'; timeStamp?: number },
): Promise<UnitEntry> {
  const { pos, day } = await editableContext(deps, user, input.unitId, input.timeStamp);
  const at = deps.clock.now();
  const id = await addUnitLog(deps.db, {
    positionId: pos.id,
    day,
    kind: input.kind,
    text: input.text,
    userId: user.id,
    at,
  });
  await deps.events.publish({
    type: input.kind === 'note' ? 'unitNote' : 'unitLog',
    day,
    unitIds: [pos.id],
    locationIds: [pos.location_id],
  });
  return { id, admin: user.initials, epoc: at, note: input.text };
}

/** POST /printUnitNotes: one note (or log line) as an ESC/POS slip for the Android printer. */
export async function printUnitNote(deps: AppDeps, user: Actor, noteId: number): Promise<string> {
  const entry = await repo.findEntry(deps.db, noteId);
  if (!entry) throw notFound('That note does not exist.');
  const { pos } = await unitContext(deps, user, entry.position_id);
  const s = await readSettings(deps.db);
  const t = venueParts(Number(entry.at), s.timeZone);
  const when = `${entry.day} ${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  return escposDocument([
    s.venueName,
    entry.kind === 'note' ? 'Unit note' : 'Unit log',
    `Unit ${label(pos)} (row ${pos.row}, position ${pos.position})`,
    when,
    `By ${entry.name ?? ''}${entry.initials ? ` (${entry.initials})` : ''}`,
    '--------------------------------',
    entry.text,
  ]);
}
