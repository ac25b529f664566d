import type { Kysely } from 'kysely';

// Frozen (issue 34, points 4 and 5): a correction of a posted room charge is a reversal posted to
// the same folio, so a posting remembers the guest it was posted for (the PMS's reservation and
// account) and a reversal names the charge it reverses.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pms_postings')
    .addColumn('voids_id', 'integer', (c) => c.references('pms_postings.id'))
    .execute();
  await db.schema.alterTable('pms_postings').addColumn('reservation_id', 'varchar(200)').execute();
  await db.schema.alterTable('pms_postings').addColumn('account_id', 'varchar(200)').execute();
  await db.schema.createIndex('pms_postings_voids').on('pms_postings').column('voids_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pms_postings_voids').execute();
  await db.schema.alterTable('pms_postings').dropColumn('account_id').execute();
  await db.schema.alterTable('pms_postings').dropColumn('reservation_id').execute();
  await db.schema.alterTable('pms_postings').dropColumn('voids_id').execute();
}
