import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: every customer move (DESIGN.md section 10, the "move" report: time, agent, customer,
// from, to). The customer row itself moves to the target unit; this keeps the trail.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('unit_moves'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('customer_id', 'integer')
    .addColumn('customer_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('from_position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('to_position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('from_label', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('to_label', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unit_moves_day').on('unit_moves').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unit_moves').execute();
}
