import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardEncoding } from '../../src/features/units/board-cache';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { positionOf } from '../units/factories';

// Issue 12: a tablet on weak beach Wi-Fi. Built files are cached by name (hashed: a year,
// immutable; the rest revalidated), and everything compressible travels compressed.

const here = path.dirname(fileURLToPath(import.meta.url));
const YEAR = 'public, max-age=31536000, immutable';
const bigScript = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const bigStyle = Array.from({ length: 200 }, (_, i) => `.tile-${i} { color: #000; }`).join('\n');

/** A built web app as vite-precompress.ts leaves it: a hashed script with its twins, a style without. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sandbar</title>' + ' '.repeat(2000));
  fs.writeFileSync(path.join(dir, 'book.html'), '<!doctype html><title>Book a spot</title>');
  fs.writeFileSync(path.join(dir, 'order.html'), '<!doctype html><title>Order to your spot</title>');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js'), bigScript);
  fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js.br'), zlib.brotliCompressSync(bigScript));
  fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js.gz'), zlib.gzipSync(bigScript));
  fs.writeFileSync(path.join(dir, 'assets/index-DeF456.css'), bigStyle);
  return dir;
}

function decode(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (enc === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

describe(`delivery on ${testDialect}`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves a hashed asset for a year, immutable, as its prebuilt brotli or gzip twin', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe(YEAR);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/index-AbC123.js.br')))).toBe(true);
    expect(decode(br)).toBe(bigScript);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(bigScript);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(YEAR);
    expect(plain.body).toBe(bigScript);
  });

  it('compresses an asset without a twin on the fly', async () => {
    const res = await get('/assets/index-DeF456.css', 'gzip');
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode(res)).toBe(bigStyle);
  });

  it('revalidates index.html on every load, at / and on every client route', async () => {
    for (const url of ['/', '/config', '/index.html', '/no/such/page']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(decode(res), url).toContain('<title>Sandbar</title>');
    }
  });

  it('serves the guest booking page its own entry at /book and its manage links, never the staff app', async () => {
    for (const url of ['/book', '/book/', '/book/manage/abcdefghijklmnopqrstuvwxyz0123456789', '/book?lang=es']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Book a spot</title>');
    }
    // The staff screen of bookings is the staff app's.
    expect((await get('/bookings')).body).toContain('<title>Sandbar</title>');
  });

  it("serves the guest's F&B order page its own entry at /order/<token>, never the staff app (issue 35)", async () => {
    for (const url of ['/order/abcdefghijklmnopqrstuv', '/order/abcdefghijklmnopqrstuv?lang=es&order=4']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Order to your spot</title>');
    }
    // The staff's order screens are the staff app's.
    expect((await get('/stations/bar')).body).toContain('<title>Sandbar</title>');
  });

  it('serves robots.txt uncached, and the real one tells every robot to keep out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const real = fs.readFileSync(path.resolve(here, '../../../web/public/robots.txt'), 'utf8');
    expect(real).toMatch(/^User-agent: \*$/m);
    expect(real).toMatch(/^Disallow: \/$/m);
  });

  it('compresses the API’s JSON', async () => {
    const res = await injectAs(t.app, 'admin', {
      method: 'GET',
      url: '/api/getPeopleList',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(res))).toBeTruthy();
  });

  it('sends the board’s cached bytes compressed, and a change is never served stale', async () => {
    const board = (enc?: string) =>
      injectAs(t.app, 'admin', { method: 'GET', url: '/api/getUnits', headers: enc ? { 'accept-encoding': enc } : {} });
    const plain = await board();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await board('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decode(br)).toBe(plain.body);
    const gz = await board('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(plain.body);

    const unit = await positionOf(t.deps.db, 'MB', 3);
    const statusOf = (body: string) =>
      (JSON.parse(body) as { locations: { units: { id: number; unitStatus: number }[][] }[] }).locations
        .flatMap((l) => l.units.flat())
        .find((u) => u.id === unit.id)!.unitStatus;
    expect(statusOf(decode(br))).toBe(0);
    const marked = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/markOccupied',
      payload: { unitData: { unitId: unit.id } },
    });
    expect(marked.statusCode).toBe(200);
    expect(statusOf(decode(await board('br')))).toBe(5);
  });

  it('picks brotli, then gzip, and honours q=0', () => {
    expect(boardEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(boardEncoding('gzip')).toBe('gzip');
    expect(boardEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(boardEncoding('identity')).toBeUndefined();
    expect(boardEncoding('*')).toBe('br');
    expect(boardEncoding(undefined)).toBeUndefined();
  });
});
