import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: users, their locations (added once locations exist), sessions, 2FA, throttling, audit.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('initials', 'varchar(20)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('user_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language_code', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('last_seen_at', epochMs, (c) => c.notNull())
    .addColumn('revoked_at', epochMs)
    .addColumn('app_version', 'varchar(50)')
    .addColumn('ip', 'varchar(100)')
    .execute();

  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_username_at').on('login_failures').columns(['username', 'at']).execute();
  await db.schema.createIndex('login_failures_ip_at').on('login_failures').columns(['ip', 'at']).execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'varchar(50)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['audit_log', 'login_failures', 'auth_challenges', 'sessions', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
