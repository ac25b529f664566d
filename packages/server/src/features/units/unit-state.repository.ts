import type { Kysely, Selectable } from 'kysely';
import type { DB, UnitStatesTable } from '../../db/schema';

// The one way to change a unit on a day (DESIGN.md section 5: no double booking, no overwrite).
// Board operations and sales both use it: read the state, decide, then compareAndSet with the
// version that was read. Exactly one of several concurrent writers wins; the others get `false`
// and answer 409. Works the same on SQLite and PostgreSQL (a conditional UPDATE, or an INSERT
// that does nothing on conflict, are each atomic).

export interface UnitState {
  positionId: number;
  day: string;
  status: number;
  /** 0 when the unit has no row yet for that day (its default status). */
  version: number;
  holdCartId: string | null;
  holdUserId: number | null;
  holdExpiresAt: number | null;
  customerId: number | null;
  updatedAt: number | null;
  updatedBy: number | null;
}

/** A new day starts with every unit empty (0); pier and tower spots are dark (6). */
export function defaultStatus(unitType: string): number {
  return unitType === 'P' || unitType === 'T' ? 6 : 0;
}

export async function readState(db: Kysely<DB>, positionId: number, day: string, unitType: string): Promise<UnitState> {
  const row = await db
    .selectFrom('unit_states')
    .selectAll()
    .where('position_id', '=', positionId)
    .where('day', '=', day)
    .executeTakeFirst();
  return stateFromRow(row, positionId, day, unitType);
}

/** A unit's state from its row of the day (none: the day's default), however it was read. */
export function stateFromRow(
  row: Selectable<UnitStatesTable> | undefined,
  positionId: number,
  day: string,
  unitType: string,
): UnitState {
  if (!row) {
    return {
      positionId,
      day,
      status: defaultStatus(unitType),
      version: 0,
      holdCartId: null,
      holdUserId: null,
      holdExpiresAt: null,
      customerId: null,
      updatedAt: null,
      updatedBy: null,
    };
  }
  return {
    positionId,
    day,
    status: row.status,
    version: row.version,
    holdCartId: row.hold_cart_id,
    holdUserId: row.hold_user_id,
    holdExpiresAt: row.hold_expires_at == null ? null : Number(row.hold_expires_at),
    customerId: row.customer_id,
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export interface StatePatch {
  status: number;
  holdCartId?: string | null;
  holdUserId?: number | null;
  holdExpiresAt?: number | null;
  customerId?: number | null;
}

/**
 * Writes the new state only if the unit is still at `expectedVersion` (the version read).
 * Returns false when another writer got there first. Hold and customer fields not given are cleared.
 */
export async function compareAndSet(
  db: Kysely<DB>,
  positionId: number,
  day: string,
  expectedVersion: number,
  patch: StatePatch,
  by: { userId: number | null; now: number },
): Promise<boolean> {
  const values = {
    status: patch.status,
    hold_cart_id: patch.holdCartId ?? null,
    hold_user_id: patch.holdUserId ?? null,
    hold_expires_at: patch.holdExpiresAt ?? null,
    customer_id: patch.customerId ?? null,
    updated_at: by.now,
    updated_by: by.userId,
  };
  if (expectedVersion === 0) {
    const r = await db
      .insertInto('unit_states')
      .values({ position_id: positionId, day, version: 1, ...values })
      .onConflict((oc) => oc.columns(['position_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const r = await db
    .updateTable('unit_states')
    .set({ ...values, version: expectedVersion + 1 })
    .where('position_id', '=', positionId)
    .where('day', '=', day)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every transition writes a unit log line: who, when, what. */
export async function addUnitLog(
  db: Kysely<DB>,
  entry: { positionId: number; day: string; kind: 'log' | 'note'; text: string; userId: number | null; at: number },
): Promise<number> {
  const row = await db
    .insertInto('unit_logs')
    .values({
      position_id: entry.positionId,
      day: entry.day,
      kind: entry.kind,
      text: entry.text,
      user_id: entry.userId,
      at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
