import type { Kysely } from 'kysely';

// Frozen: wrong two-factor codes in a row per user; at twoFactorLock.maxFailures the step is locked
// until an admin unlocks it (issue 11, defect 3; decision 061).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('auth_challenges_user_created')
    .on('auth_challenges')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_challenges_user_created').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_failures').execute();
}
