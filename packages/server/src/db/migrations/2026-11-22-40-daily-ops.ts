import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: daily-log field definitions (log details), daily logs (one per date, values as JSON
// keyed by field name with the last editor's initials), and report e-mail runs (one per day).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('log_details'))
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('placeholder', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('field_sort', 'integer', (c) => c.notNull())
    .addColumn('field_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('daily_logs'))
    .addColumn('log_date', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();

  await db.schema
    .createTable('report_email_runs')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_email_runs').execute();
  await db.schema.dropTable('daily_logs').execute();
  await db.schema.dropTable('log_details').execute();
}
