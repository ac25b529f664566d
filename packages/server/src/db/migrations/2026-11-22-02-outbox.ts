import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: every outgoing e-mail and text, delivered by the outbox worker with retries.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('outbox'))
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('purpose', 'varchar(50)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', epochMs, (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('sent_at', epochMs)
    .execute();
  await db.schema.createIndex('outbox_status_next').on('outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
