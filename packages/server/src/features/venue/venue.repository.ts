import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The venue's layout and who may work where: which units (positions) are where, and a user's
// locations. The lowest feature: selling, bookings, receipts, units and locations read it, and it
// imports no feature (issue 36: no arrow between two features runs both ways).

export interface PositionRow {
  id: number;
  location_id: number;
  row: number;
  position: number;
  unit_type: string;
  unit_number: number;
  removed: number;
  location_name: string;
}

export async function positionsByIds(db: Kysely<DB>, ids: number[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('positions')
    .innerJoin('locations', 'locations.id', 'positions.location_id')
    .select([
      'positions.id',
      'positions.location_id',
      'positions.row',
      'positions.position',
      'positions.unit_type',
      'positions.unit_number',
      'positions.removed',
      'locations.name as location_name',
    ])
    .where('positions.id', 'in', ids)
    .execute();
}

export async function userLocationIds(db: Kysely<DB>, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('user_locations').select('location_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.location_id));
}

/** The whole price list with each item's hotel links. */
