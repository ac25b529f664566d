import type { Kysely } from 'kysely';
import { epochMs } from '../migration-helpers';

// Frozen: a supervisor or admin voids a wrong drop-off with a reason (DESIGN.md section 8). The row
// stays (struck through in the log, left out of the totals); the audit log keeps the action too.
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('dropoffs').addColumn('voided_at', epochMs).execute();
  await db.schema
    .alterTable('dropoffs')
    .addColumn('voided_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('dropoffs').addColumn('void_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['void_reason', 'voided_by', 'voided_at'])
    await db.schema.alterTable('dropoffs').dropColumn(c).execute();
}
