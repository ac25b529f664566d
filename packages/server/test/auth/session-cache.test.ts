/**
 * Sessions answered from memory for a few seconds (decision 252): whatever the app changes about a
 * user or a session counts on the very next request, on this instance and (PostgreSQL) on another
 * one on the same database; a change made behind the app's back counts within REVALIDATE_MS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/env';
import { REVALIDATE_MS } from '../../src/features/auth/session-cache';
import { fixedClock } from '../../src/platform/clock';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

const signIn = async (t: TestApp, username: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
};
const me = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers });

describe(`cached sessions on ${testDialect}`, () => {
  const clock = fixedClock(Date.UTC(2026, 6, 4, 14, 0));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('an edit of the user by an admin counts on their next request', async () => {
    const u = await buildUser(t.deps.db, { userType: 'U', name: 'Cara Cached' });
    const headers = await signIn(t, u.username, u.password);
    expect((await me(t, headers)).json()).toMatchObject({ userType: 'U', name: 'Cara Cached' });
    const saved = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/savePeople',
      payload: { postData: { id: u.id, userType: 'M', name: 'Cara Promoted' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await me(t, headers)).json()).toMatchObject({ userType: 'M', name: 'Cara Promoted' });
  });

  it('sign-out, a deactivation and a new password end the session at once', async () => {
    const a = await buildUser(t.deps.db);
    const out = await signIn(t, a.username, a.password);
    expect((await me(t, out)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: out })).statusCode).toBe(200);
    expect((await me(t, out)).statusCode).toBe(401);

    const b = await buildUser(t.deps.db);
    const gone = await signIn(t, b.username, b.password);
    expect((await me(t, gone)).statusCode).toBe(200);
    const del = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deletePeople',
      payload: { postData: b.id },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await me(t, gone)).statusCode).toBe(401);

    const c = await buildUser(t.deps.db);
    const old = await signIn(t, c.username, c.password);
    expect((await me(t, old)).statusCode).toBe(200);
    const pw = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/savePeople',
      payload: { postData: { id: c.id, pass: 'a-new-password-1', confirmPass: 'a-new-password-1' } },
    });
    expect(pw.statusCode, pw.body).toBe(200);
    expect((await me(t, old)).statusCode).toBe(401);
  });

  it("the user's own language switch counts on the next request", async () => {
    const u = await buildUser(t.deps.db);
    const headers = await signIn(t, u.username, u.password);
    expect((await me(t, headers)).json().languageCode).toBe('en');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/setMyLanguage',
      headers,
      payload: { languageCode: 'es' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me(t, headers)).json().languageCode).toBe('es');
  });

  it('a session revoked behind the app’s back ends within REVALIDATE_MS, not later', async () => {
    const u = await buildUser(t.deps.db);
    const headers = await signIn(t, u.username, u.password);
    expect((await me(t, headers)).statusCode).toBe(200);
    await t.deps.db.updateTable('sessions').set({ revoked_at: clock.now() }).where('user_id', '=', u.id).execute();
    // Still answered from memory a moment later (what saves the sale its session lookup)…
    clock.advance(REVALIDATE_MS - 1);
    expect((await me(t, headers)).statusCode).toBe(200);
    // …and asked again once the answer is REVALIDATE_MS old.
    clock.advance(1);
    expect((await me(t, headers)).statusCode).toBe(401);
  });

  it('still writes last_seen_at once a minute while answering from memory', async () => {
    const u = await buildUser(t.deps.db);
    const headers = await signIn(t, u.username, u.password);
    const seen = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('user_id', '=', u.id)
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      );
    const start = await seen();
    for (let i = 0; i < 13; i++) {
      clock.advance(REVALIDATE_MS);
      expect((await me(t, headers)).statusCode).toBe(200);
    }
    expect(await seen()).toBe(start + 13 * REVALIDATE_MS);
  });
});

describe.runIf(testDialect === 'postgres')('cached sessions across two instances on one PostgreSQL database', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    other = await buildApp({
      database: t.testDb.database,
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      logger: false,
      webDist: null,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('a sign-out and a role change on one instance count on the other as soon as its event lands', async () => {
    const u = await buildUser(t.deps.db, { userType: 'U' });
    const headers = await signIn(t, u.username, u.password);
    const onOther = () => other.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect((await onOther()).json().userType).toBe('U');
    const saved = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/savePeople',
      payload: { postData: { id: u.id, userType: 'M' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Well inside REVALIDATE_MS: only the event can have told the other instance.
    const until = Date.now() + REVALIDATE_MS / 2;
    while ((await onOther()).json().userType !== 'M' && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect((await onOther()).json().userType).toBe('M');

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    while ((await onOther()).statusCode !== 401 && Date.now() < until + REVALIDATE_MS / 2) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await onOther()).statusCode).toBe(401);
  });
});
