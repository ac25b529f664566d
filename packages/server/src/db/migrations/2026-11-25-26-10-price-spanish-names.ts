import type { Kysely } from 'kysely';

// Frozen: a price in both languages (issue 26). The catalogue shows `name_es` in Spanish mode and
// on Spanish receipts, and a description (English and Spanish) under the name in the wizard;
// an empty Spanish text falls back to the English one.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, size] of [
    ['name_es', 200],
    ['description', 500],
    ['description_es', 500],
  ] as const) {
    await db.schema
      .alterTable('prices')
      .addColumn(column, `varchar(${size})`, (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['description_es', 'description', 'name_es'])
    await db.schema.alterTable('prices').dropColumn(column).execute();
}
