import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

type Op = {
  security?: unknown[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, unknown> };
};

/** Issue 27, point 3: the OpenAPI document says what the server does; 405 for other methods. */
describe(`the API document and the HTTP edges on ${testDialect}`, () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Op>> };
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(async () => t.close());

  it('serves the docs UI (@fastify/swagger-ui) with its page, script and the document it reads', async () => {
    // The page is served at the prefix itself; static/index.html redirects there.
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('docExpansion');
    const old = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/api/docs/');
  });

  it('declares the upload forms, public calls without security and the statuses every call can answer', () => {
    for (const p of [
      '/api/file-upload',
      '/api/image-upload',
      '/api/fileUpload',
      '/api/fileUpdate',
      '/api/tinymceFileUpload',
    ]) {
      expect(Object.keys(doc.paths[p]!.post!.requestBody?.content ?? {}), p).toEqual(['multipart/form-data']);
    }
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/getReceipt/{receiptId}']!.get!.security).toEqual([]);
    expect(doc.paths['/api/uploads/{storedName}']!.get!.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths['/api/unlockTwoFactor']!.post!.responses).toHaveProperty('401');
    expect(doc.paths['/api/events']!.get!.responses).toHaveProperty('401');
    expect(doc.paths['/api/getUnit/{id}']!.get!.responses).toHaveProperty('414');
    expect(doc.paths['/api/saveCustomer']!.post!.responses).toHaveProperty('413');
  });

  it('answers 405 with an Allow header for a method a path does not take', async () => {
    const trace = await t.app.inject({ method: 'TRACE', url: '/api/health' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    const get = await t.app.inject({ method: 'GET', url: '/api/saveCustomer' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/getUnit/12' })).headers.allow).toBe('GET, HEAD');
    expect((await t.app.inject({ method: 'TRACE', url: '/dashboard' })).statusCode).toBe(405);
    expect((await t.app.inject({ method: 'GET', url: '/api/noSuchCall' })).statusCode).toBe(404);
  });

  it('answers an over-long path parameter 414 in the API error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/getReceipt/${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ details: 'A path parameter is over 100 characters.' });
  });

  it('takes ids as whole numbers only: true and "0x1" are 400, "12" and 12 are read', async () => {
    const calls: [string, (id: unknown) => unknown][] = [
      ['/api/lookupTransaction', (id) => ({ viewTransactionId: id })],
      ['/api/deleteTransaction', (id) => ({ deleteId: id })],
      ['/api/voidDropoff', (id) => ({ id, reason: 'fuzz' })],
      ['/api/deletePrice', (id) => ({ postData: id })],
      ['/api/printUnitNotes', (id) => ({ noteId: id })],
    ];
    for (const [url, body] of calls) {
      for (const bad of [true, '0x1', '1e0', ' 1', 1.5]) {
        const res = await injectAs(t.app, 'admin', { method: 'POST', url, payload: body(bad) as object });
        expect(res.statusCode, `${url} ${JSON.stringify(bad)}`).toBe(400);
      }
      for (const ok of [999999, '999999']) {
        const res = await injectAs(t.app, 'admin', { method: 'POST', url, payload: body(ok) as object });
        expect(res.statusCode, `${url} ${JSON.stringify(ok)}`).not.toBe(400);
      }
    }
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getPriceList/0x1' })).statusCode).toBe(400);
  });
});
