import type { Kysely } from 'kysely';
import { epochMs } from '../migration-helpers';

// Frozen (issue 34): when a hotel was connected to its PMS; room charges taken from then on post.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('hotel_pms')
    .addColumn('connected_at', epochMs, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hotel_pms').dropColumn('connected_at').execute();
}
