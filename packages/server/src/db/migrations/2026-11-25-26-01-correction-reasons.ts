import type { Kysely } from 'kysely';

// Frozen: corrections an attendant can trust (issue 26). Every correction keeps why it was made
// and how much it changed the money the sale counts for (after − before, in cents, tip included):
// the agent's Notes/Drops shows each line, and cash on hand stays the cash actually taken, the
// corrections of cash sales shown beside it as a difference to settle.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sale_corrections')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sale_corrections')
    .addColumn('delta_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sale_corrections').dropColumn('delta_cents').execute();
  await db.schema.alterTable('sale_corrections').dropColumn('reason').execute();
}
