import { serverTexts, toLanguage } from '@sandbar/contract/i18n';
import crypto from 'node:crypto';
import {
  type AuthUser,
  type LoginBody,
  type LoginData,
  type TwoFactorChallenge,
  loginThrottle,
  twoFactor,
  twoFactorLock,
} from '@sandbar/contract/auth';
import type { UserType } from '@sandbar/contract/roles';
import { businessDay, dayOfYear } from '@sandbar/contract/rules/time';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { locked, tooManyRequests, unauthorized } from '../../platform/errors';
import { enqueue } from '../../platform/outbox';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/passwords';
import { readSettings } from '../settings/settings.repository';
import * as repo from './auth.repository';
import { sessionCacheOf } from './session-cache';

/** Sessions idle-expire after 12 hours (DESIGN.md section 4). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export type { SessionUser };

/** The live session of a token: from the last few seconds' answers (session-cache.ts), else the database. */
export async function findSessionUser(deps: AppDeps, token: string): Promise<SessionUser | null> {
  const cache = sessionCacheOf(deps.events, SESSIONS_EVENT);
  const cached = cache.get(token, deps.clock.now(), SESSION_IDLE_MS, TOUCH_EVERY_MS);
  if (cached) return cached;
  const row = await repo.findLiveSession(deps.db, sha256(token));
  const now = deps.clock.now();
  if (!row || row.active !== 1 || now - Number(row.last_seen_at) > SESSION_IDLE_MS) {
    cache.delete(token);
    return null;
  }
  let lastSeenAt = Number(row.last_seen_at);
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    await repo.touchSession(deps.db, row.session_id, now);
    lastSeenAt = now;
  }
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    name: row.name,
    initials: row.initials,
    userType: row.user_type,
    languageCode: row.language_code,
    sessionId: row.session_id,
  };
  cache.set(token, user, now, lastSeenAt);
  return user;
}

/** The signed-in user as the app sees it, with today's day of year in the venue zone. */
export async function describeUser(deps: AppDeps, u: Omit<SessionUser, 'sessionId'>): Promise<AuthUser> {
  const { timeZone } = await readSettings(deps.db);
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    userType: u.userType,
    initials: u.initials,
    languageCode: u.languageCode,
    DOY: dayOfYear(businessDay(deps.clock.now(), timeZone)),
    timeZone,
  };
}

/** POST /setMyLanguage: only the caller's own row changes. */
export async function setMyLanguage(deps: AppDeps, u: SessionUser, languageCode: 'en' | 'es'): Promise<AuthUser> {
  await repo.setLanguage(deps.db, u.id, languageCode);
  await usersChanged(deps, [u.id]);
  return describeUser(deps, { ...u, languageCode });
}

const waitText = (what: string, oldest: number | null, windowMs: number, now: number) => {
  const minutes = Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 60_000));
  return `${what} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

/**
 * Reserves one sign-in attempt against the username and IP limits before the password is checked
 * (issue 11, defect 2; decision 061). The count and the insert run in one transaction serialised
 * per username and per IP, so a parallel burst gets exactly the allowed number of checks. The
 * reserved row is the failure if the password is wrong; a right password deletes it.
 */
async function reserveAttempt(deps: AppDeps, username: string, ip: string): Promise<number> {
  const windowMs = loginThrottle.windowMinutes * 60_000;
  const now = deps.clock.now();
  const since = now - windowMs;
  const name = username.toLowerCase();
  return deps.db.transaction().execute(async (trx) => {
    // Always the username first, then the IP: one order, so two attempts cannot deadlock.
    await repo.lockKey(trx, deps.database.dialect, `sandbar:login:user:${name}`);
    await repo.lockKey(trx, deps.database.dialect, `sandbar:login:ip:${ip}`);
    const checks = [
      ['username', name, loginThrottle.maxPerUsername],
      ['ip', ip, loginThrottle.maxPerIp],
    ] as const;
    for (const [by, value, max] of checks) {
      if ((await repo.countRecentFailures(trx, by, value, since)) >= max) {
        const oldest = await repo.oldestRecentFailure(trx, by, value, since);
        throw tooManyRequests(waitText('Too many failed sign-in attempts.', oldest, windowMs, now));
      }
    }
    return repo.recordFailure(trx, name, ip, now);
  });
}

/**
 * An unknown username still costs one scrypt, so the answer's timing does not tell whether the
 * name exists (issue 11, defect 10). Made once, with the same parameters as real hashes.
 */
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomToken(16)));

async function startSession(
  deps: AppDeps,
  user: { id: number; username: string; name: string; initials: string; user_type: UserType; language_code: string },
  meta: { appVersion: string | null; ip: string },
): Promise<LoginData> {
  const token = randomToken(32);
  const now = deps.clock.now();
  await repo.insertSession(deps.db, {
    token_hash: sha256(token),
    user_id: user.id,
    now,
    app_version: meta.appVersion,
    ip: meta.ip,
  });
  await repo.audit(deps.db, user.id, 'signin', meta.appVersion ? `app ${meta.appVersion}` : 'web', now);
  const described = await describeUser(deps, {
    id: user.id,
    username: user.username,
    name: user.name,
    initials: user.initials,
    userType: user.user_type,
    languageCode: user.language_code,
  });
  return { ...described, token };
}

function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return `***${address.slice(-4)}`;
}

/** POST /auth/login: a session, or a two-factor challenge whose code goes through the outbox. */
export async function login(deps: AppDeps, body: LoginBody, ip: string): Promise<LoginData | TwoFactorChallenge> {
  const username = body.username.trim();
  const attempt = await reserveAttempt(deps, username, ip);
  const user = await repo.findUserByUsername(deps.db, username);
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummy()));
  // The reserved attempt stays as the failure.
  if (!user || !ok) throw unauthorized('Your username or password is not correct.');
  await repo.deleteFailure(deps.db, attempt);
  await repo.clearFailures(deps.db, user.username);
  if (user.two_factor !== 1) return startSession(deps, user, { appVersion: body.appVersion ?? null, ip });
  if (user.two_factor_failures >= twoFactorLock.maxFailures) throw locked(twoFactorLock.lockedText);

  const channel = user.email ? 'email' : user.phone ? 'sms' : null;
  if (!channel) {
    throw unauthorized('Two-factor sign-in is on for this user but no e-mail or phone is on file. Ask an admin.');
  }
  const code = String(crypto.randomInt(0, 10 ** twoFactor.digits)).padStart(twoFactor.digits, '0');
  const challengeId = randomToken(24);
  const now = deps.clock.now();
  const settings = await readSettings(deps.db);
  const windowMs = twoFactor.challengeWindowMinutes * 60_000;
  await deps.db.transaction().execute(async (trx) => {
    // At most maxChallenges codes per user per window, counted and inserted under one lock: each
    // code brings maxTries guesses, so this bounds the guesses per user (defect 3).
    await repo.lockKey(trx, deps.database.dialect, `sandbar:2fa:user:${user.id}`);
    const recent = await repo.countRecentChallenges(trx, user.id, now - windowMs);
    if (recent.n >= twoFactor.maxChallenges) {
      throw tooManyRequests(waitText('Too many sign-in codes were requested.', recent.oldest, windowMs, now));
    }
    await repo.insertChallenge(trx, {
      id: challengeId,
      user_id: user.id,
      code_hash: sha256(`${challengeId}:${code}`),
      expires_at: now + twoFactor.validMinutes * 60_000,
      now,
    });
    // In the user's language, else the venue's (issue 12).
    const words = serverTexts[toLanguage(user.language_code) ?? toLanguage(settings.venueLanguage) ?? 'en'];
    const text = words.signInCode(settings.venueName, code, String(twoFactor.validMinutes));
    await enqueue(trx, deps.clock, {
      channel,
      recipient: channel === 'email' ? user.email : user.phone,
      subject: channel === 'email' ? words.signInCodeSubject(settings.venueName) : null,
      body: text,
      purpose: 'twoFactor',
    });
  });
  const to = maskAddress(channel === 'email' ? user.email : user.phone);
  return {
    AUTH2FA: true,
    details: serverTexts.en.codeSent(String(twoFactor.digits), to),
    challengeId,
  };
}

/** POST /auth/loginAuthCode: completes a two-factor sign-in. */
export async function loginWithCode(
  deps: AppDeps,
  challengeId: string | undefined,
  code: string,
  meta: { appVersion: string | null; ip: string },
): Promise<LoginData> {
  const expired = 'Your sign-in code has expired. Please sign in again.';
  if (!challengeId) throw unauthorized(expired);
  const challenge = await repo.findChallenge(deps.db, challengeId);
  const now = deps.clock.now();
  if (!challenge || challenge.used_at !== null || now > Number(challenge.expires_at)) throw unauthorized(expired);
  // Each check first takes a try of the challenge and a try against the user, each with one
  // conditional update, so no burst can check more codes than the limits allow (defect 3).
  if (!(await repo.takeChallengeTry(deps.db, challengeId, twoFactor.maxTries))) {
    throw tooManyRequests('Too many wrong codes. Please sign in again to get a new code.');
  }
  if (!(await repo.takeTwoFactorTry(deps.db, challenge.user_id, twoFactorLock.maxFailures))) {
    throw locked(twoFactorLock.lockedText);
  }
  const expected = Buffer.from(challenge.code_hash, 'hex');
  const actual = Buffer.from(sha256(`${challengeId}:${code.trim()}`), 'hex');
  if (!crypto.timingSafeEqual(expected, actual)) {
    throw unauthorized('That code is not correct. Check it and try again.');
  }
  if (!(await repo.useChallenge(deps.db, challengeId, now))) throw unauthorized(expired);
  await repo.resetTwoFactorFailures(deps.db, challenge.user_id);
  const user = await repo.findUserById(deps.db, challenge.user_id);
  if (!user || user.active !== 1) throw unauthorized(expired);
  return startSession(deps, user, meta);
}

export async function logout(deps: AppDeps, user: SessionUser): Promise<void> {
  const now = deps.clock.now();
  await repo.revokeSession(deps.db, user.sessionId, now);
  await repo.audit(deps.db, user.id, 'signout', '', now);
  await sessionsEnded(deps, [user.id]);
}

/**
 * Tells every instance that some sessions of these users were revoked (sign-out, a changed
 * password, deactivation): their open live-board streams re-check their token and close, and
 * the cached sessions of these users are forgotten (here at once, elsewhere when the event lands).
 */
export async function sessionsEnded(deps: Pick<AppDeps, 'events'>, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  sessionCacheOf(deps.events, SESSIONS_EVENT).forget(userIds);
  await deps.events.publish({ type: SESSIONS_EVENT, day: '', unitIds: [], userIds });
}

/**
 * A user's row changed (role, name, initials, language, locations): every instance forgets the
 * sessions it cached for them, so the next request carries the new values. The same event as
 * sessionsEnded: an open stream re-checks its token and stays open while it is still live.
 */
export const usersChanged = sessionsEnded;

/** The bus event of sessionsEnded; never passed on to a client. */
export const SESSIONS_EVENT = 'sessions';

/**
 * Is the session of this token still usable: not revoked, its user active? Checked by open
 * /api/events streams; unlike findSessionUser it does not count as activity.
 */
export async function sessionStillLive(deps: Pick<AppDeps, 'db'>, token: string): Promise<boolean> {
  const row = await repo.findLiveSession(deps.db, sha256(token));
  return !!row && row.active === 1;
}

/** POST /unlockTwoFactor (admin): clears the wrong-code count that locked a user's two-factor step. */
export async function unlockTwoFactor(deps: AppDeps, admin: SessionUser, userId: number): Promise<boolean> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) return false;
  await repo.resetTwoFactorFailures(deps.db, userId);
  await repo.audit(deps.db, admin.id, 'unlockTwoFactor', `user ${userId}`, deps.clock.now());
  return true;
}
