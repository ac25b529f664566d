import type { Database } from '../packages/server/src/db/connect';

/** An all-day $30 umbrella that every bench sale sells, whatever the hour the bench runs at. */
export async function insertBenchPrice(db: Database['db'], now: number): Promise<number> {
  const { id } = await db
    .insertInto('prices')
    .values({
      name: 'Bench Umbrella',
      price_cents: 3000,
      retail_rate_cents: 3000,
      hotel_rate_cents: 0,
      add_on: 0,
      sort: 0,
      start_time: 0,
      end_time: 24,
      unit_type: 'U',
      all_hotels: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The unit (position) ids of a location, in grid order. */
export async function positionIdsOf(db: Database['db'], locationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('positions')
    .select('id')
    .where('location_id', '=', locationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
