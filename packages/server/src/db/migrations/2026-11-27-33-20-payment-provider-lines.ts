import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen (issue 33 point 9, decision 305): the provider's balance lines as Sandbar last read them
// (a day's reconciliation, the Payments report on screen, the payments job for today and
// yesterday), so the report's fees and a reconciliation read earlier are there without the
// provider — the daily report e-mail is built inside a transaction and never calls out.
// - payment_provider_lines: one row per provider line (its id unique per provider), signed minor
//   units, the business day it was created on.
// - payment_provider_days: when a day was last read from the provider (a day never read has
//   unknown fees, not zero fees).
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('payment_provider_lines'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('line_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(255)')
    .addColumn('read_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_provider_lines_line')
    .on('payment_provider_lines')
    .columns(['provider', 'line_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payment_provider_lines_day')
    .on('payment_provider_lines')
    .columns(['day', 'provider'])
    .execute();

  await db.schema
    .createTable('payment_provider_days')
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('read_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_provider_days_pk', ['provider', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_provider_days').execute();
  await db.schema.dropTable('payment_provider_lines').execute();
}
