import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// SQL for the board: positions (the permanent layout), per-day states, customers, logs and moves.
// Status changes themselves go through unit-state.repository.ts (compareAndSet).

export interface PositionRow {
  id: number;
  location_id: number;
  location_name: string;
  row: number;
  position: number;
  unit_type: string;
  unit_number: number;
  umbrella_type: string | null;
}

/** Location ids assigned to a user (user_locations). */
export async function userLocationIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_locations').select('location_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.location_id).sort((a, b) => a - b);
}

export async function listLocations(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'full_name', 'umbrellas', 'umbrella_rows', 'sort'])
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

const positionColumns = [
  'positions.id',
  'positions.location_id',
  'locations.name as location_name',
  'positions.row',
  'positions.position',
  'positions.unit_type',
  'positions.unit_number',
  'positions.umbrella_type',
] as const;

/** The positions of these locations (or only these position ids among them), row by row. */
export async function listPositions(
  db: Kysely<DB>,
  locationIds: number[],
  positionIds?: number[],
): Promise<PositionRow[]> {
  if (locationIds.length === 0 || positionIds?.length === 0) return [];
  let q = db
    .selectFrom('positions')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select(positionColumns)
    .where('positions.location_id', 'in', locationIds)
    .where('positions.removed', '=', 0);
  if (positionIds) q = q.where('positions.id', 'in', positionIds);
  return q.orderBy('positions.location_id').orderBy('positions.row').orderBy('positions.position').execute();
}

export async function findPosition(db: Kysely<DB>, id: number): Promise<PositionRow | undefined> {
  return db
    .selectFrom('positions')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select(positionColumns)
    .where('positions.id', '=', id)
    .where('positions.removed', '=', 0)
    .executeTakeFirst();
}

export async function updatePosition(
  db: Kysely<DB>,
  id: number,
  values: { unit_type: string; unit_number: number; umbrella_type: string | null },
): Promise<void> {
  await db.updateTable('positions').set(values).where('id', '=', id).execute();
}

/** Every state row of a day in the given locations (or of these positions), with the holder's name. */
export async function listStates(db: Kysely<DB>, day: string, locationIds: number[], positionIds?: number[]) {
  if (locationIds.length === 0 || positionIds?.length === 0) return [];
  let q = db
    .selectFrom('unit_states')
    .innerJoin('positions', 'positions.id', 'unit_states.position_id')
    .leftJoin('users', 'users.id', 'unit_states.hold_user_id')
    .select([
      'unit_states.position_id',
      'unit_states.status',
      'unit_states.version',
      'unit_states.hold_expires_at',
      'users.name as held_by',
    ])
    .where('unit_states.day', '=', day)
    .where('positions.location_id', 'in', locationIds);
  if (positionIds) q = q.where('unit_states.position_id', 'in', positionIds);
  return q.execute();
}

/**
 * Each unit's version on a day in these locations (units with no row yet are at 0): what a cached
 * board compares with its own to find the units changed since it was built.
 */
export async function dayVersions(db: Kysely<DB>, day: string, locationIds: number[]): Promise<Map<number, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('unit_states')
    .innerJoin('positions', 'positions.id', 'unit_states.position_id')
    .select(['unit_states.position_id', 'unit_states.version'])
    .where('unit_states.day', '=', day)
    .where('positions.location_id', 'in', locationIds)
    .execute();
  return new Map(rows.map((r) => [r.position_id, r.version]));
}

export type CustomerRow = Awaited<ReturnType<typeof listCustomers>>[number];

/** Customers of a day still on their unit (seated or left), oldest first. */
export async function listCustomers(
  db: Kysely<DB>,
  day: string,
  filter: { locationIds?: number[]; positionId?: number; positionIds?: number[] },
) {
  let q = db
    .selectFrom('unit_customers')
    .innerJoin('positions', 'positions.id', 'unit_customers.position_id')
    .leftJoin('sales', 'sales.id', 'unit_customers.sale_id')
    .leftJoin('users as deleter', 'deleter.id', 'sales.deleted_by')
    .select([
      'unit_customers.id',
      'unit_customers.position_id',
      'unit_customers.sale_id',
      'sales.deleted_at as sale_deleted_at',
      'deleter.name as sale_deleted_by',
      'unit_customers.customer_name',
      'unit_customers.payment_method',
      'unit_customers.price_cents',
      'unit_customers.receipt_type',
      'unit_customers.receipt_phone',
      'unit_customers.receipt_email',
      'unit_customers.state',
      'unit_customers.created_at',
    ])
    .where('unit_customers.day', '=', day)
    .where('unit_customers.state', 'in', ['seated', 'left']);
  if (filter.locationIds) {
    if (filter.locationIds.length === 0) return [];
    q = q.where('positions.location_id', 'in', filter.locationIds);
  }
  if (filter.positionId !== undefined) q = q.where('unit_customers.position_id', '=', filter.positionId);
  if (filter.positionIds) {
    if (filter.positionIds.length === 0) return [];
    q = q.where('unit_customers.position_id', 'in', filter.positionIds);
  }
  return q.orderBy('unit_customers.created_at').orderBy('unit_customers.id').execute();
}

export async function findCustomer(db: Kysely<DB>, id: number) {
  return db.selectFrom('unit_customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setCustomerState(db: Kysely<DB>, id: number, state: 'seated' | 'left' | 'moved'): Promise<void> {
  await db.updateTable('unit_customers').set({ state }).where('id', '=', id).execute();
}

/** A move carries the customer (and so their sale and payment) to the target unit. */
export async function moveCustomerRow(db: Kysely<DB>, id: number, toPositionId: number): Promise<void> {
  await db
    .updateTable('unit_customers')
    .set({ position_id: toPositionId, state: 'seated' })
    .where('id', '=', id)
    .execute();
}

export async function insertMove(
  db: Kysely<DB>,
  move: {
    day: string;
    customer_id: number | null;
    customer_name: string;
    from_position_id: number;
    to_position_id: number;
    from_label: string;
    to_label: string;
    user_id: number;
    at: number;
  },
): Promise<void> {
  await db.insertInto('unit_moves').values(move).execute();
}

/** Notes or logs of a unit on a day, newest first, with the writer's initials. */
export async function listEntries(db: Kysely<DB>, positionId: number, day: string, kind: 'log' | 'note') {
  return db
    .selectFrom('unit_logs')
    .leftJoin('users', 'users.id', 'unit_logs.user_id')
    .select(['unit_logs.id', 'unit_logs.text', 'unit_logs.at', 'users.initials'])
    .where('unit_logs.position_id', '=', positionId)
    .where('unit_logs.day', '=', day)
    .where('unit_logs.kind', '=', kind)
    .orderBy('unit_logs.at', 'desc')
    .orderBy('unit_logs.id', 'desc')
    .execute();
}

export async function findEntry(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('unit_logs')
    .leftJoin('users', 'users.id', 'unit_logs.user_id')
    .select([
      'unit_logs.id',
      'unit_logs.position_id',
      'unit_logs.day',
      'unit_logs.kind',
      'unit_logs.text',
      'unit_logs.at',
      'users.initials',
      'users.name',
    ])
    .where('unit_logs.id', '=', id)
    .executeTakeFirst();
}

export async function listHotels(db: Kysely<DB>) {
  return db.selectFrom('hotels').select(['id', 'name']).orderBy('id').execute();
}

/**
 * Changes whenever any unit of the day changes state: every compareAndSet bumps a version
 * (board and sales alike), so a cached board is checked against this before it is served.
 */
export async function dayFingerprint(db: Kysely<DB>, day: string): Promise<string> {
  const row = await db
    .selectFrom('unit_states')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('version').as('v')])
    .where('day', '=', day)
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${Number(row?.v ?? 0)}`;
}
