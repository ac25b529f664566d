import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSqlite } from '../../src/db/connect';
import { seedDemoVenue } from '../../src/demo-venue';
import { migrateToLatest } from '../../src/db/migrate';
import { fixedClock, systemClock } from '../../src/platform/clock';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';

const login = (t: TestApp, payload: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

describe(`auth calls on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers the login data for a demo user', async () => {
    const res = await login(t, { username: 'admin', password: 'sandbar-demo', appVersion: '1.2' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userType: 'A', initials: 'AA', languageCode: 'en', name: 'Alex Admin' });
    expect(body.timeZone).toBe('America/New_York');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.DOY).toBeGreaterThanOrEqual(1);
  });

  it('gives the spec messages for blank fields', async () => {
    const u = await login(t, { username: '', password: 'x' });
    expect(u.statusCode).toBe(400);
    expect(u.json().details).toBe(messages.login.usernameBlank);
    const p = await login(t, { username: 'admin', password: '' });
    expect(p.statusCode).toBe(400);
    expect(p.json().details).toBe(messages.login.passwordBlank);
    const none = await login(t, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toContain(messages.login.usernameBlank);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const res = await login(t, { username: 'manager', password: 'nope' }, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().details).toMatch(/username or password/);
  });

  it('rate-limits failed logins per username', async () => {
    const { username } = await buildUser(t.deps.db, { password: 'right-password' });
    for (let i = 0; i < 5; i++) {
      expect((await login(t, { username, password: 'wrong' }, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const locked = await login(t, { username, password: 'right-password' }, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().details).toMatch(/Too many failed sign-in attempts/);
  });

  it('rate-limits failed logins per IP across usernames', async () => {
    for (let i = 0; i < 30; i++) {
      await login(t, { username: `ghost${i}`, password: 'x' }, '10.9.9.9');
    }
    const res = await login(t, { username: 'admin', password: 'sandbar-demo' }, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect((await login(t, { username: 'admin', password: 'sandbar-demo' }, '10.9.9.10')).statusCode).toBe(200);
  });

  it('loads the current user with and without appVersion', async () => {
    const a = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/auth/user' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ userType: 'U', initials: 'CS', username: 'staff' });
    const b = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/auth/user/2.0.1' });
    expect(b.statusCode).toBe(200);
    expect(b.json().userType).toBe('U');
  });

  it('answers 401 {details} without or with a bad token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ details: messages.login.credentialsNotProvided });
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().details).toBeTruthy();
  });

  it('revokes the token on logout', async () => {
    const res = await login(t, { username: 'supervisor', password: 'sandbar-demo' });
    const token = res.json().token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
    const audit = await t.deps.db.selectFrom('audit_log').select('kind').execute();
    expect(audit.map((a) => a.kind)).toEqual(expect.arrayContaining(['signin', 'signout']));
  });

  it('stores tokens only as SHA-256 digests', async () => {
    const token = await loginAs(t.app, 'admin');
    const rows = await t.deps.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('keeps health public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: testDialect });
  });

  it('answers an unknown /api path with 404 {details}', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/noSuchCall' });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toMatch(/No such call/);
  });

  it('serves the OpenAPI document at /api/docs without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/loginAuthCode']));
  });
});

describe(`two-factor sign-in on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const codeFromOutbox = async () => {
    const msg = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('purpose', '=', 'twoFactor')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { code: /(\d{6})/.exec(msg.body)![1]!, recipient: msg.recipient };
  };

  it('asks owner for a code, sends it through the outbox, and signs in with it (cookie)', async () => {
    const res = await login(t, { username: 'owner', password: 'sandbar-demo' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.AUTH2FA).toBe(true);
    expect(body.details).toMatch(/o\*\*\*@sandbar.test/);
    expect(body.token).toBeUndefined();
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const { code, recipient } = await codeFromOutbox();
    expect(recipient).toBe('owner@sandbar.test');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginAuthCode',
      payload: { loginAuthCode: code },
      headers: { cookie },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ userType: 'A', initials: 'OO' });
    expect(done.json().token).toBeTruthy();
    // A code works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginAuthCode',
      payload: { loginAuthCode: code },
      headers: { cookie },
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses wrong codes and locks after five tries', async () => {
    const res = await login(t, { username: 'owner', password: 'sandbar-demo' });
    const { challengeId } = res.json();
    const { code } = await codeFromOutbox();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/loginAuthCode',
        payload: { loginAuthCode: wrong, challengeId },
      });
      expect(r.statusCode).toBe(401);
      expect(r.json().details).toMatch(/not correct/);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginAuthCode',
      payload: { loginAuthCode: code, challengeId },
    });
    expect(locked.statusCode).toBe(429);
  });

  it('refuses a blank code and a missing challenge', async () => {
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginAuthCode',
      payload: { loginAuthCode: '' },
    });
    expect(blank.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginAuthCode',
      payload: { loginAuthCode: '123456' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().details).toMatch(/expired/);
  });
});

describe(`session idle expiry on ${testDialect}`, () => {
  it('expires a token idle for more than 12 hours', async () => {
    const clock = fixedClock(Date.UTC(2026, 6, 4, 14, 0));
    const t = await buildTestApp({ clock });
    try {
      const token = await loginAs(t.app, 'staff');
      const headers = { authorization: `Bearer ${token}` };
      clock.advance(11 * 3600_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
      clock.advance(12 * 3600_000 + 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(testDialect === 'sqlite')('the SQLite file', () => {
  it('never contains a password in readable form', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-pw-'));
    const database = connectSqlite(path.join(dir, 'sandbar.db'));
    await migrateToLatest(database.db);
    await seedDemoVenue(database.db, systemClock);
    await database.close();
    for (const f of fs.readdirSync(dir)) {
      const bytes = fs.readFileSync(path.join(dir, f));
      expect(bytes.includes(Buffer.from('sandbar-demo'))).toBe(false);
    }
    const db = connectSqlite(path.join(dir, 'sandbar.db'));
    const hashes = await db.db.selectFrom('users').select('password_hash').execute();
    expect(hashes.every((h) => h.password_hash.startsWith('scrypt$'))).toBe(true);
    await db.close();
  });
});
