/**
 * Every answer carries the security headers (helmet, built once in app.ts): an API answer, an
 * error and the app's own page, with the CSP the web app needs (Mantine's inline styles, data:
 * and blob: images for signatures and uploads, nothing from elsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self'";

describe(`security headers on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'demo' });
  });
  afterAll(async () => t.close());

  it('are on a public answer, a signed-in answer, a refusal and an unknown path', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getSaleCatalogue' }),
      await t.app.inject({ method: 'GET', url: '/api/getSaleCatalogue' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404]);
    for (const a of answers) {
      expect(a.headers).toMatchObject({
        'content-security-policy': CSP,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(a.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
