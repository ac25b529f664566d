import { type Kysely, type Selectable, sql } from 'kysely';
import { type Dialect, PREPARED } from '../../db/connect';
import type { DB } from '../../db/schema';

/**
 * Serialises the rest of a transaction per key across all instances (PostgreSQL advisory lock,
 * released at commit). On SQLite the one connection already runs a transaction alone.
 */
export async function lockKey(trx: Kysely<DB>, dialect: Dialect, key: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export function findUserByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username.toLowerCase())
    .where('active', '=', 1)
    .executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countRecentFailures(db: Kysely<DB>, by: 'username' | 'ip', value: string, since: number) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(by, '=', value)
    .where('at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function oldestRecentFailure(db: Kysely<DB>, by: 'username' | 'ip', value: string, since: number) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.min<number>('at').as('at'))
    .where(by, '=', value)
    .where('at', '>=', since)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** Records an attempt (a failure until the password proves right); returns its id. */
export async function recordFailure(db: Kysely<DB>, username: string, ip: string, at: number): Promise<number> {
  const row = await db
    .insertInto('login_failures')
    .values({ username: username.toLowerCase(), ip, at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFailure(db: Kysely<DB>, id: number) {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

export async function countRecentChallenges(db: Kysely<DB>, userId: number, since: number) {
  const row = await db
    .selectFrom('auth_challenges')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), oldest: row.oldest == null ? null : Number(row.oldest) };
}

/** Takes one try of a challenge if any are left (one conditional update: atomic under any concurrency). */
export async function takeChallengeTry(db: Kysely<DB>, id: string, maxTries: number): Promise<boolean> {
  const r = await db
    .updateTable('auth_challenges')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Counts a code check against the user before it runs; false when the two-factor step is locked. */
export async function takeTwoFactorTry(db: Kysely<DB>, userId: number, maxFailures: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set((eb) => ({ two_factor_failures: eb('two_factor_failures', '+', 1) }))
    .where('id', '=', userId)
    .where('two_factor_failures', '<', maxFailures)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function resetTwoFactorFailures(db: Kysely<DB>, userId: number) {
  await db.updateTable('users').set({ two_factor_failures: 0 }).where('id', '=', userId).execute();
}

export async function clearFailures(db: Kysely<DB>, username: string) {
  await db.deleteFrom('login_failures').where('username', '=', username.toLowerCase()).execute();
}

export async function insertSession(
  db: Kysely<DB>,
  s: { token_hash: string; user_id: number; now: number; app_version: string | null; ip: string | null },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: s.token_hash,
      user_id: s.user_id,
      created_at: s.now,
      last_seen_at: s.now,
      revoked_at: null,
      app_version: s.app_version,
      ip: s.ip,
    })
    .execute();
}

/** A live session and its user, as findLiveSession reads it. */
export interface LiveSessionRow {
  session_id: number;
  last_seen_at: number | string;
  id: number;
  username: string;
  name: string;
  initials: string;
  user_type: Selectable<DB['users']>['user_type'];
  language_code: string;
  active: number;
}

/**
 * Every signed-in request runs this first. Plain SQL marked PREPARED: PostgreSQL parses and plans
 * it once per connection instead of once per request (issue 15, selling speed).
 */
export async function findLiveSession(db: Kysely<DB>, tokenHash: string): Promise<LiveSessionRow | undefined> {
  const { rows } = await sql<LiveSessionRow>`${sql.raw(PREPARED)}
    SELECT s.id AS session_id, s.last_seen_at, u.id, u.username, u.name, u.initials, u.user_type,
      u.language_code, u.active
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL`.execute(db);
  return rows[0];
}

export async function touchSession(db: Kysely<DB>, sessionId: number, now: number) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: number, now: number) {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

export async function insertChallenge(
  db: Kysely<DB>,
  c: { id: string; user_id: number; code_hash: string; expires_at: number; now: number },
) {
  await db
    .insertInto('auth_challenges')
    .values({
      id: c.id,
      user_id: c.user_id,
      code_hash: c.code_hash,
      expires_at: c.expires_at,
      tries: 0,
      used_at: null,
      created_at: c.now,
    })
    .execute();
}

export function findChallenge(db: Kysely<DB>, id: string) {
  return db.selectFrom('auth_challenges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the challenge used; false if another request used it first. */
export async function useChallenge(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function audit(db: Kysely<DB>, userId: number | null, kind: string, detail: string, at: number) {
  await db.insertInto('audit_log').values({ user_id: userId, kind, detail, at }).execute();
}

export async function setLanguage(db: Kysely<DB>, userId: number, languageCode: string): Promise<void> {
  await db.updateTable('users').set({ language_code: languageCode }).where('id', '=', userId).execute();
}
