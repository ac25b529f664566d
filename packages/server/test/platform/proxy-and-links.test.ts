import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { fixedClock } from '../../src/platform/clock';
import { hostAllowed, parseAllowedHosts, parseTrustProxy, publicBase } from '../../src/platform/public-url';
import { loadEnv } from '../../src/env';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 11, defect 4: X-Forwarded-* and Host are believed only when configured (decision 063).

const login = (t: TestApp, payload: object, headers: Record<string, string>, remoteAddress = '10.9.9.9') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers, remoteAddress });

describe('trust-proxy and allowed-host settings', () => {
  it('accepts proxy addresses and ranges, refuses true and hop counts', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback,::1')).toEqual({
      ok: true,
      value: ['127.0.0.1', '10.0.0.0/8', 'loopback', '::1'],
    });
    for (const bad of ['true', '1', '*', '10.0.0.0/33', 'proxy.local', ''])
      expect(parseTrustProxy(bad).ok, bad).toBe(false);
    expect(() => loadEnv({ SANDBAR_TRUST_PROXY: 'true' })).toThrow(/SANDBAR_TRUST_PROXY/);
    expect(loadEnv({ SANDBAR_TRUST_PROXY: '10.0.0.1' }).SANDBAR_TRUST_PROXY).toEqual(['10.0.0.1']);
  });

  it('matches a host by name (any port) or by name:port', () => {
    const allowed = (parseAllowedHosts('pos.beach.test, Tablet.Local:8443') as { value: string[] }).value;
    expect(hostAllowed('pos.beach.test', allowed)).toBe(true);
    expect(hostAllowed('POS.beach.test:3000', allowed)).toBe(true);
    expect(hostAllowed('tablet.local:8443', allowed)).toBe(true);
    expect(hostAllowed('tablet.local', allowed)).toBe(false);
    expect(hostAllowed('evil.test', allowed)).toBe(false);
    expect(hostAllowed('pos.beach.test"><script>', allowed)).toBe(false);
    expect(parseAllowedHosts('a b').ok).toBe(false);
  });

  it('builds links from SANDBAR_PUBLIC_URL, an allowed host, or our own address', () => {
    const env = loadEnv({ PORT: '3100', SANDBAR_ALLOWED_HOSTS: 'pos.beach.test' });
    expect(publicBase(env, { protocol: 'https', host: 'pos.beach.test' })).toBe('https://pos.beach.test');
    expect(publicBase(env, { protocol: 'http', host: 'evil.test' })).toBe('http://localhost:3100');
    expect(publicBase({ ...env, SANDBAR_PUBLIC_URL: 'https://beach.test/' }, { protocol: 'http', host: 'x' })).toBe(
      'https://beach.test',
    );
    expect(publicBase(loadEnv({ HOST: '192.168.1.5', PORT: '80' }), { protocol: 'http', host: 'pos.beach.test' })).toBe(
      'http://192.168.1.5:80',
    );
  });
});

describe(`forwarded headers and public links on ${testDialect}`, () => {
  let plain: TestApp;
  let proxied: TestApp;
  const clock = fixedClock(MORNING);

  beforeAll(async () => {
    plain = await buildTestApp({ clock });
    proxied = await buildTestApp({
      clock,
      env: { SANDBAR_TRUST_PROXY: '10.0.0.5', SANDBAR_ALLOWED_HOSTS: 'pos.beach.test' },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it('rotating X-Forwarded-For does not get past the per-IP sign-in limit without SANDBAR_TRUST_PROXY', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login(plain, { username: `ghost${i}`, password: 'x' }, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const res = await login(
      plain,
      { username: 'admin', password: 'sandbar-demo' },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(res.statusCode).toBe(429);
    const ips = await plain.deps.db.selectFrom('login_failures').select('ip').distinct().execute();
    expect(ips.map((r) => r.ip)).toEqual(['10.9.9.9']);
  });

  it('believes X-Forwarded-For only from the configured proxy', async () => {
    await login(proxied, { username: 'ghost-a', password: 'x' }, { 'x-forwarded-for': '203.0.113.50' }, '10.0.0.5');
    await login(proxied, { username: 'ghost-b', password: 'x' }, { 'x-forwarded-for': '203.0.113.51' }, '10.0.0.6');
    const rows = await proxied.deps.db
      .selectFrom('login_failures')
      .select(['username', 'ip'])
      .orderBy('username')
      .execute();
    expect(rows).toEqual([
      { username: 'ghost-a', ip: '203.0.113.50' },
      { username: 'ghost-b', ip: '10.0.0.6' },
    ]);
  });

  const sell = async (t: TestApp, number: number, headers: Record<string, string>, customerName = 'Pat Guest') => {
    const res = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      headers,
      remoteAddress: '10.0.0.5',
      payload: buildSale({
        unitId: await unitId(t.deps.db, 'MB', number),
        selectedUnit: await priceId(t.deps.db, 'Umbrella + 2 Chairs'),
        customerName,
        receiptType: 'email',
        customerEmail: 'guest@example.test',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', 'email')
      .where('purpose', '=', 'receipt')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { receiptUrl: res.json().receiptUrl as string, mail };
  };

  it('never puts a forged Host or X-Forwarded-Host into a receipt link, text or e-mail', async () => {
    const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };
    const a = await sell(plain, 31, forged);
    expect(a.receiptUrl).toMatch(/^http:\/\/localhost:3000\/receipt\//);
    expect(JSON.stringify(a.mail)).not.toContain('evil');
    // Behind the trusted proxy an allowed forwarded host is used; a forged one is not.
    const b = await sell(proxied, 32, {
      host: 'internal:3000',
      'x-forwarded-host': 'pos.beach.test',
      'x-forwarded-proto': 'https',
    });
    expect(b.receiptUrl).toMatch(/^https:\/\/pos\.beach\.test\/receipt\//);
    const c = await sell(proxied, 33, { host: 'pos.beach.test', 'x-forwarded-host': 'evil.test' });
    expect(c.receiptUrl).toMatch(/^http:\/\/localhost:3000\/receipt\//);
    expect(JSON.stringify(c.mail)).not.toContain('evil');
  });

  it('escapes the customer name (and every other value) in the receipt e-mail HTML', async () => {
    await writeSettings(plain.deps.db, {
      venueName: 'Sun & <b>Sand</b>',
      receiptEmailBody: '<p>Hi {customerName} from {venueName}, {total} on {date}: {receiptUrl}</p>',
    });
    const { mail } = await sell(plain, 34, {}, 'Pat <script>alert(1)</script> & "Co"');
    expect(mail.html).toContain('Sun &amp; &lt;b&gt;Sand&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Pat &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
  });

  it('marks the two-factor cookie Secure over HTTPS through the trusted proxy only', async () => {
    const challenge = (t: TestApp, remoteAddress: string) =>
      login(t, { username: 'owner', password: 'sandbar-demo' }, { 'x-forwarded-proto': 'https' }, remoteAddress);
    const viaProxy = await challenge(proxied, '10.0.0.5');
    expect(viaProxy.json().AUTH2FA).toBe(true);
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/; Secure$/);
    const direct = await challenge(plain, '10.3.3.3');
    expect(direct.json().AUTH2FA).toBe(true);
    expect(String(direct.headers['set-cookie'])).not.toContain('Secure');
  });
});
