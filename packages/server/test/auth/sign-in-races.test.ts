import { loginThrottle, twoFactor, twoFactorLock } from '@sandbar/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

/**
 * Issue 11, defects 2 and 3: the sign-in limits hold under any concurrency. Each limit is reserved
 * atomically before the password or code is checked, so a parallel burst gets exactly the allowed
 * number of real checks and 429 for the rest.
 */
const login = (t: TestApp, payload: object, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
const code = (t: TestApp, challengeId: string, loginAuthCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/loginAuthCode', payload: { loginAuthCode, challengeId } });

describe(`sign-in limits under concurrency on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'none' });
  });
  afterAll(async () => t.close());

  it('checks at most 5 passwords for one username in a parallel burst of 100; the right one late gets 429', async () => {
    const { username } = await buildUser(t.deps.db, { password: 'right-password' });
    const burst = Array.from({ length: 100 }, (_, i) =>
      login(t, { username, password: i === 99 ? 'right-password' : `wrong-${i}` }, `10.2.${i >> 8}.${i & 255}`),
    );
    const results = await Promise.all(burst);
    const checked = results.filter((r) => r.statusCode === 401 || r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(loginThrottle.maxPerUsername);
    expect(checked.length + refused.length).toBe(100);
    if (results[99]!.statusCode !== 200) expect(results[99]!.statusCode).toBe(429);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('checks at most 30 passwords from one IP in a parallel burst over many usernames', async () => {
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => login(t, { username: `nobody-${i}`, password: 'x' }, '10.3.0.1')),
    );
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBe(loginThrottle.maxPerIp);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(80 - loginThrottle.maxPerIp);
  });

  it('a successful sign-in does not count against its IP', async () => {
    const { username, password } = await buildUser(t.deps.db);
    for (let i = 0; i < loginThrottle.maxPerIp + 5; i++) {
      const res = await login(t, { username, password }, '10.4.0.1');
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('hashes a dummy password for an unknown username, so timing does not tell names apart', async () => {
    const { username } = await buildUser(t.deps.db, { password: 'right-password' });
    const time = async (name: string, ip: string) => {
      const start = process.hrtime.bigint();
      await login(t, { username: name, password: 'wrong' }, ip);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 4; i++) {
      known += await time(username, `10.5.0.${i}`);
      unknown += await time(`ghost-${i}`, `10.5.1.${i}`);
    }
    // Both run one scrypt; without the dummy hash an unknown name answered about 10× faster.
    expect(unknown / known).toBeGreaterThan(0.5);
  });
});

describe(`two-factor limits under concurrency on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'none' });
  });
  afterAll(async () => t.close());

  const twoFactorUser = () => buildUser(t.deps.db, { twoFactor: true, email: 'tf@example.test', password: 'pw-2fa' });
  const challenge = async (username: string, ip = '10.6.0.1') => {
    const res = await login(t, { username, password: 'pw-2fa' }, ip);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().challengeId as string;
  };

  it('checks at most 5 codes per challenge in a parallel burst of 60', async () => {
    const { username } = await twoFactorUser();
    const id = await challenge(username);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => code(t, id, String(100000 + i * 7919).slice(0, 6))),
    );
    const checked = results.filter((r) => r.statusCode === 401 || r.statusCode === 200).length;
    expect(checked).toBeLessThanOrEqual(twoFactor.maxTries);
    expect(results.filter((r) => r.statusCode === 429 || r.statusCode === 423).length).toBe(60 - checked);
  });

  it('limits new challenges per user', async () => {
    const { username } = await twoFactorUser();
    for (let i = 0; i < twoFactor.maxChallenges; i++) await challenge(username, `10.7.0.${i}`);
    const res = await login(t, { username, password: 'pw-2fa' }, '10.7.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().details).toMatch(/sign-in codes/);
  });

  it('locks the two-factor step after repeated wrong codes across challenges, and an admin unlocks it', async () => {
    const user = await twoFactorUser();
    let wrong = 0;
    let ip = 0;
    while (wrong < twoFactorLock.maxFailures) {
      const id = await challenge(user.username, `10.8.0.${ip++}`);
      const burst = await Promise.all(Array.from({ length: 20 }, () => code(t, id, '000000')));
      wrong += burst.filter((r) => r.statusCode === 401).length;
      expect(wrong).toBeLessThanOrEqual(twoFactorLock.maxFailures);
      // Challenges are limited per user: the lock is what this test is after, so clear them.
      await t.deps.db.deleteFrom('auth_challenges').where('user_id', '=', user.id).execute();
    }
    const locked = await login(t, { username: user.username, password: 'pw-2fa' }, '10.8.1.1');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().details).toBe(twoFactorLock.lockedText);

    // Staff cannot unlock; an admin can.
    const admin = await buildUser(t.deps.db, { userType: 'A', password: 'admin-pw' });
    const staff = await buildUser(t.deps.db, { userType: 'U', password: 'staff-pw' });
    const tokenOf = async (u: { username: string; password: string }) =>
      (await login(t, { username: u.username, password: u.password }, '10.8.2.1')).json().token as string;
    const byStaff = await t.app.inject({
      method: 'POST',
      url: '/api/unlockTwoFactor',
      payload: { id: user.id },
      headers: { authorization: `Bearer ${await tokenOf(staff)}` },
    });
    expect(byStaff.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/unlockTwoFactor',
      payload: { id: user.id },
      headers: { authorization: `Bearer ${await tokenOf(admin)}` },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const again = await login(t, { username: user.username, password: 'pw-2fa' }, '10.8.1.2');
    expect(again.statusCode).toBe(200);
    expect(again.json().AUTH2FA).toBe(true);
    void injectAs;
  });
});
