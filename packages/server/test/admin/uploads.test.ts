import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, loginAs, testDialect } from '../helpers';
import { tinyPng, uploadAs } from './factories';

describe(`upload calls on ${testDialect}`, () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-uploads-'));
  beforeAll(async () => {
    t = await buildTestApp({ env: { SANDBAR_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores an image under a random name in the data folder and serves it publicly', async () => {
    const res = await uploadAs(t.app, 'admin', '/api/image-upload', { name: 'logo', id: '1', tableName: 'settings' }, [
      { name: 'logo.png', content: tinyPng, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const { newFileName, url } = res.json();
    expect(newFileName).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(newFileName).not.toContain('logo');
    expect(fs.existsSync(path.join(dataDir, 'uploads', newFileName))).toBe(true);
    const get = await t.app.inject({ method: 'GET', url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.equals(tinyPng)).toBe(true);
    // Not a stored name's shape (the document's pattern): refused as malformed, never looked up.
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/logo.png' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${'a'.repeat(24)}.png` })).statusCode).toBe(404);
  });

  it('removes files left half-received by an earlier stop at start, but not younger ones', async () => {
    const incoming = path.join(dataDir, 'uploads', '.incoming');
    fs.mkdirSync(incoming, { recursive: true });
    const old = path.join(incoming, 'left-by-a-crash');
    const young = path.join(incoming, 'being-received');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(young, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    const restarted = await buildTestApp({ env: { SANDBAR_DATA_DIR: dataDir } });
    try {
      await restarted.app.ready();
      expect(fs.existsSync(old)).toBe(false);
      expect(fs.existsSync(young)).toBe(true);
    } finally {
      await restarted.close();
      fs.rmSync(young, { force: true });
    }
  });

  it('refuses wrong types and content (400)', async () => {
    const fake = await uploadAs(t.app, 'admin', '/api/image-upload', { tableName: 'settings' }, [
      { name: 'x.png', content: 'not a png' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().details).toMatch(/not a \.png file/);
    const exe = await uploadAs(t.app, 'admin', '/api/file-upload', { tableName: 'settings' }, [
      { name: 'x.exe', content: 'MZ' },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().details).toMatch(/Only/);
    const none = await uploadAs(t.app, 'admin', '/api/file-upload', { tableName: 'settings' }, []);
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/file-upload',
      headers: { authorization: `Bearer ${await loginAs(t.app, 'admin')}` },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([tinyPng, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await uploadAs(t.app, 'admin', '/api/image-upload', { tableName: 'settings' }, [
      { name: 'big.png', content: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toMatch(/larger than 5 MB/);
  });

  it('keeps documents private: signed-in staff above U only', async () => {
    const res = await uploadAs(t.app, 'admin', '/api/file-upload', { name: 'menu', id: '3', tableName: 'prices' }, [
      { name: 'menu.pdf', content: '%PDF-1.4 menu' },
    ]);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await loginAs(t.app, 'admin')}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toMatch(/attachment/);
  });

  it('uploads documents with per-file outcomes and renames them with fileUpdate', async () => {
    const res = await uploadAs(
      t.app,
      'admin',
      '/api/fileUpload',
      { clientId: '7', folderId: 'contracts', fullPath: '/contracts' },
      [
        { name: 'a.pdf', content: '%PDF-1.4 a' },
        { name: 'b.txt', content: 'hello' },
        { name: 'c.exe', content: 'MZ' },
      ],
    );
    expect(res.statusCode).toBe(200);
    const docs = res.json().documents;
    expect(docs.map((d: { status: number }) => d.status)).toEqual([1, 1, 0]);
    const upd = await uploadAs(
      t.app,
      'admin',
      '/api/fileUpdate',
      {
        clientId: '7',
        filesLength: '2',
        file0Name: 'Contract A.pdf',
        file0ID: String(docs[0].id),
        file1Name: 'Notes.txt',
        file1ID: String(docs[1].id),
      },
      [],
    );
    expect(upd.json()).toEqual({ status: 1 });
    const row = await t.deps.db
      .selectFrom('uploads')
      .select('file_name')
      .where('id', '=', docs[0].id)
      .executeTakeFirstOrThrow();
    expect(row.file_name).toBe('Contract A.pdf');
    const bad = await uploadAs(
      t.app,
      'admin',
      '/api/fileUpdate',
      { clientId: '7', filesLength: '1', file0Name: '', file0ID: String(docs[0].id) },
      [],
    );
    expect(bad.json().status).toBe(0);
    const other = await uploadAs(
      t.app,
      'admin',
      '/api/fileUpdate',
      { clientId: '8', filesLength: '1', file0Name: 'x', file0ID: String(docs[0].id) },
      [],
    );
    expect(other.statusCode).toBe(404);
  });

  it('answers tinymceFileUpload with the image location', async () => {
    const res = await uploadAs(t.app, 'admin', '/api/tinymceFileUpload', {}, [
      { field: 'file', name: 'pic.png', content: tinyPng },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{32}\.png$/);
  });

  it('refuses uploads by role: U everywhere; S and M for config, prices and hotels', async () => {
    const png = [{ name: 'p.png', content: tinyPng }];
    for (const url of [
      '/api/file-upload',
      '/api/image-upload',
      '/api/fileUpload',
      '/api/fileUpdate',
      '/api/tinymceFileUpload',
    ])
      expect((await uploadAs(t.app, 'staff', url, { tableName: 'users' }, png)).statusCode, url).toBe(403);
    for (const who of ['supervisor', 'manager']) {
      expect((await uploadAs(t.app, who, '/api/tinymceFileUpload', {}, png)).statusCode).toBe(403);
      expect((await uploadAs(t.app, who, '/api/image-upload', { tableName: 'prices' }, png)).statusCode).toBe(403);
      expect((await uploadAs(t.app, who, '/api/fileUpload', { clientId: '1', folderId: 'x' }, png)).statusCode).toBe(
        403,
      );
    }
    // People screens are open to supervisors, so a user photo is too.
    expect(
      (await uploadAs(t.app, 'supervisor', '/api/image-upload', { tableName: 'users', id: '4', name: 'photo' }, png))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/fileUpload' })).statusCode).toBe(401);
  });

  it('lets S and M download only the documents of screens they may use (admin-only ones are 403)', async () => {
    const pdf = [{ name: 'doc.pdf', content: '%PDF-1.4 doc' }];
    const prices = (await uploadAs(t.app, 'admin', '/api/file-upload', { tableName: 'prices', id: '1' }, pdf)).json()
      .url;
    const folder = await uploadAs(t.app, 'admin', '/api/fileUpload', { clientId: '9', folderId: 'contracts' }, pdf);
    const contract = `/api/uploads/${
      (
        await t.deps.db
          .selectFrom('uploads')
          .select('stored_name')
          .where('id', '=', folder.json().documents[0].id)
          .executeTakeFirstOrThrow()
      ).stored_name
    }`;
    const people = (await uploadAs(t.app, 'admin', '/api/file-upload', { tableName: 'users', id: '4' }, pdf)).json()
      .url;
    const get = async (who: string, url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await loginAs(t.app, who)}` } }))
        .statusCode;
    for (const who of ['supervisor', 'manager']) {
      expect(await get(who, prices), `${who} prices`).toBe(403);
      expect(await get(who, contract), `${who} contract`).toBe(403);
      expect(await get(who, people), `${who} people`).toBe(200);
    }
    expect(await get('staff', people)).toBe(403);
    expect(await get('admin', prices)).toBe(200);
    expect(await get('admin', contract)).toBe(200);
  });

  describe('over a real connection', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /**
     * Streams a multipart body of `count` file parts of `bytes` each, generated on the fly (the
     * test never holds more than 64 KB), and stops sending once the answer arrives. Returns the
     * answer and how many bytes the server took before answering.
     */
    const streamParts = async (url: string, fields: Record<string, string>, count: number, bytes: number) => {
      const token = await loginAs(t.app, 'admin');
      const boundary = `----sandbar${Math.random().toString(16).slice(2)}`;
      const block = Buffer.alloc(64 * 1024, 0x61); // 'a': a valid .txt content
      function* body() {
        for (const [k, v] of Object.entries(fields))
          yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
        for (let i = 0; i < count; i++) {
          yield Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="part${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          );
          for (let sent = 0; sent < bytes; sent += block.length)
            yield block.subarray(0, Math.min(block.length, bytes - sent));
          yield Buffer.from('\r\n');
        }
        yield Buffer.from(`--${boundary}--\r\n`);
      }
      return new Promise<{ status: number; details: string; written: number }>((resolve, reject) => {
        let written = 0;
        let answered = false;
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: url,
          headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        const pieces = body();
        const pump = () => {
          for (;;) {
            if (answered) return;
            const next = pieces.next();
            if (next.done) {
              req.end();
              return;
            }
            written += next.value.length;
            if (!req.write(next.value)) {
              req.once('drain', pump);
              return;
            }
          }
        };
        req.on('response', (res) => {
          answered = true;
          const sentBeforeAnswer = written;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            req.destroy();
            resolve({
              status: res.statusCode ?? 0,
              details: JSON.parse(text).details ?? '',
              written: sentBeforeAnswer,
            });
          });
        });
        req.on('error', (err) => {
          if (!answered) reject(err);
        });
        pump();
      });
    };
    // What the client pushed before the answer arrived: the limit's bytes plus what the loopback
    // sockets buffer plus what the client writes while a loaded machine schedules the answer
    // (35.8 MB seen in CI at load 8). A server that read the whole 200 MB would be far above it.
    const SENT_BEFORE_ANSWER_BOUND = 64 * 1024 * 1024;
    const storedCount = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const incoming = () => fs.readdirSync(path.join(dataDir, 'uploads', '.incoming'));

    it('refuses a second file part at once: 20 × 10 MB parts are never all read, nothing is stored', async () => {
      const before = await storedCount();
      fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      const files = fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => f !== '.incoming').length;
      const res = await streamParts('/api/file-upload', { tableName: 'users', id: '4' }, 20, 10 * 1024 * 1024);
      expect(res.status).toBe(400);
      expect(res.details).toBe('Upload one file at a time.');
      // One part (10 MB) and what the sockets buffer, not the 200 MB sent.
      if (process.env.UPLOAD_FIGURES) console.log('sent before the answer', res.written);
      expect(res.written).toBeLessThan(SENT_BEFORE_ANSWER_BOUND);
      expect(await storedCount()).toBe(before);
      expect(fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => f !== '.incoming').length).toBe(files);
      expect(incoming()).toEqual([]);
    });

    it('stops reading a file at its limit (413)', async () => {
      const res = await streamParts('/api/file-upload', { tableName: 'users', id: '4' }, 1, 200 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(res.details).toBe('The file is larger than 10 MB.');
      if (process.env.UPLOAD_FIGURES) console.log('sent before the answer', res.written);
      expect(res.written).toBeLessThan(SENT_BEFORE_ANSWER_BOUND);
      expect(incoming()).toEqual([]);
    });

    it('takes at most 20 documents in one call, and refuses the 21st part before reading it', async () => {
      const res = await streamParts('/api/fileUpload', { clientId: '12', folderId: 'bulk' }, 40, 256 * 1024);
      expect(res.status).toBe(400);
      expect(res.details).toBe('Upload at most 20 files at a time.');
      expect(incoming()).toEqual([]);
      expect(await t.deps.db.selectFrom('uploads').select('id').where('client_id', '=', '12').execute()).toHaveLength(
        0,
      );
    });
  });
});
