import { type Kysely, sql } from 'kysely';

// Frozen: uniqueness the spec needs, kept by the database so parallel saves cannot both pass a
// check (issue 11, defect 6; decision 062). Services map a violation to 409 with their message.
// - location initials and hotel names, ignoring case;
// - a unit number within a location, among units in the grid (removed = 0) that have a number.
export async function up(db: Kysely<any>): Promise<void> {
  const dupes = async (query: string) => (await sql.raw<{ v: string }>(query).execute(db)).rows.map((r) => r.v);
  const problems = [
    ...(await dupes(`select lower(name) as v from locations group by lower(name) having count(*) > 1`)).map(
      (v) => `location initials "${v}"`,
    ),
    ...(await dupes(`select lower(name) as v from hotels group by lower(name) having count(*) > 1`)).map(
      (v) => `hotel name "${v}"`,
    ),
    ...(
      await dupes(
        `select location_id || ':' || unit_number as v from positions where removed = 0 and unit_number > 0
         group by location_id, unit_number having count(*) > 1`,
      )
    ).map((v) => `unit number ${v.split(':')[1]} in location ${v.split(':')[0]}`),
  ];
  if (problems.length) {
    throw new Error(`These duplicates must be renamed or renumbered before upgrading: ${problems.join('; ')}.`);
  }
  await db.schema
    .createIndex('locations_name_unique')
    .on('locations')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createIndex('hotels_name_unique')
    .on('hotels')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createIndex('positions_location_number_unique')
    .on('positions')
    .unique()
    .columns(['location_id', 'unit_number'])
    .where(sql.raw<boolean>('removed = 0 and unit_number > 0'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('positions_location_number_unique').execute();
  await db.schema.dropIndex('hotels_name_unique').execute();
  await db.schema.dropIndex('locations_name_unique').execute();
}
