import fs from 'node:fs';
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
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/logo.png' })).statusCode).toBe(404);
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
    expect(res.statusCode).toBe(400);
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
});
