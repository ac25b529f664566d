import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env';

/** Issue 27: every setting is refused at start with a plain message naming it, never a crash later. */
describe('settings are checked at start', () => {
  const refused: [Record<string, string>, RegExp][] = [
    // Passed the check and then crashed Fastify's proxy-addr with a stack trace.
    [{ SANDBAR_TRUST_PROXY: '0.0.0.0/0' }, /SANDBAR_TRUST_PROXY: 0\.0\.0\.0\/0 would trust every address/],
    [{ SANDBAR_TRUST_PROXY: '10.0.0.1,::/0' }, /SANDBAR_TRUST_PROXY: ::\/0 would trust every address/],
    [{ SANDBAR_TRUST_PROXY: 'true' }, /SANDBAR_TRUST_PROXY: expected the proxies' addresses/],
    [{ PORT: 'abc' }, /PORT: expected a port: a whole number from 0 to 65535/],
    [{ PORT: '70000' }, /PORT: expected a port/],
    [{ HOST: 'not a host' }, /HOST: expected an IP address or host name/],
    [{ DATABASE_URL: 'mysql://db/sandbar' }, /DATABASE_URL: expected a postgres or postgresql URL/],
    [
      { DATABASE_POOL_SIZE: '0' },
      /DATABASE_POOL_SIZE: expected connections per instance: a whole number from 1 to 100/,
    ],
    [{ SANDBAR_DEMO: 'yes' }, /SANDBAR_DEMO: expected 1 or 0/],
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL: expected a smtp or smtps URL/],
    [{ SMS_PROVIDER_URL: 'ftp://sms.example' }, /SMS_PROVIDER_URL: expected a https or http URL/],
    [{ SANDBAR_PUBLIC_URL: 'javascript:alert(1)' }, /SANDBAR_PUBLIC_URL: expected a https or http URL/],
    [{ SANDBAR_ALLOWED_HOSTS: 'a b' }, /SANDBAR_ALLOWED_HOSTS: not a host name/],
    [{ SANDBAR_WEB_DIST: '/no/such/folder' }, /SANDBAR_WEB_DIST: expected the folder of the built web app/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: expected one of fatal, error/],
    // setTimeout cannot wait that long: it would fire at once, a busy loop.
    [
      { OUTBOX_INTERVAL_MS: '99999999999' },
      /OUTBOX_INTERVAL_MS: expected milliseconds: a whole number from 50 to 3600000/,
    ],
  ];
  for (const [env, message] of refused) {
    it(`refuses ${JSON.stringify(env)} in words`, () => {
      expect(() => loadEnv(env)).toThrow(message);
    });
  }

  it('takes good values, a PostgreSQL socket URL included', () => {
    const env = loadEnv({
      PORT: '3100',
      HOST: '::',
      DATABASE_URL: 'postgres:///sandbar?host=/var/run/postgresql',
      SANDBAR_TRUST_PROXY: '10.0.0.0/8,loopback',
      OUTBOX_INTERVAL_MS: '500',
    });
    expect(env).toMatchObject({ PORT: 3100, HOST: '::', SANDBAR_TRUST_PROXY: ['10.0.0.0/8', 'loopback'] });
    expect(loadEnv({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_POOL_SIZE: 10,
      OUTBOX_INTERVAL_MS: 2000,
    });
  });
});
