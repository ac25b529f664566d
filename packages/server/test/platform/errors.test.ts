import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../src/db/errors';
import { loadEnv } from '../../src/env';
import type { FastifyInstance } from 'fastify';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';

/** Issue 11: 5xx answers carry a request id that matches one structured log line; database faults are 503s. */
describe(`error answers on ${testDialect}`, () => {
  let app: FastifyInstance;
  let testDb: TestDatabase;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        cb();
      },
    });
    app = await buildApp({
      database: testDb.database,
      env: loadEnv({ SANDBAR_DEMO: '0' }),
      logger: { level: 'error', stream },
      webDist: null,
    });
    app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('kaboom');
    });
    app.get('/api/test-range', { config: { access: 'public' } }, async () => {
      // A fault deep in the code (runaway recursion, date arithmetic on a broken value) is a RangeError.
      throw new RangeError('Maximum call stack size exceeded');
    });
    app.get('/api/test-status', { config: { access: 'public' } }, async () => {
      // A library error that happens to carry a 4xx statusCode is still a fault, not the client's doing.
      throw Object.assign(new Error('upstream said no'), { statusCode: 404 });
    });
    app.get('/api/test-db-gone', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('answers a 500 with a request id that names its structured log line', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.details).toBe('Something went wrong on the server. Please try again.');
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((l) => l.reqId === body.requestId && l.status === 500);
    expect(line).toBeDefined();
    expect(line!.msg).toBe('unhandled error');
    expect((line!.err as { message: string }).message).toBe('kaboom');
  });

  it('answers an unexpected RangeError or a stray statusCode with a logged 500, not a 4xx', async () => {
    for (const url of ['/api/test-range', '/api/test-status']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      const { requestId } = res.json();
      expect(requestId, url).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((l) => l.reqId === requestId && l.status === 500 && l.msg === 'unhandled error')).toBe(true);
    }
  });

  it('answers a body over the 5 MB limit with 413, signed out too, and bad JSON with 400', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(5 * 1024 * 1024 + 10), password: 'y' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ details: 'The request is larger than the 5 MB limit.' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toBeUndefined();
  });

  it('answers a lost database connection with 503 "please retry", never 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-db-gone' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ details: DATABASE_UNAVAILABLE });
    expect(res.json().details).toMatch(/please retry/);
    expect(lines.some((l) => l.reqId === res.json().requestId && l.status === 503)).toBe(true);
  });

  it('a client cannot choose its request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-boom', headers: { 'request-id': 'forged' } });
    expect(res.json().requestId).not.toBe('forged');
  });

  it('reports the database state on /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: testDialect, databaseState: 'up', liveEvents: 'up' });
  });

  it('recognises connection faults of both drivers', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('kaboom'))).toBe(false);
  });
});
