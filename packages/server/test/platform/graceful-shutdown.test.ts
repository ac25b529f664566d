import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, testDialect } from '../helpers';
import { tinyPng } from '../admin/factories';

// Issue 11, "Also": the built server (dist/, plain node) shuts down gracefully on SIGTERM —
// requests in flight finish, live streams end, the process exits 0.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe(`the built server on ${testDialect}`, () => {
  let child: ChildProcess;
  let testDb: TestDatabase | undefined;
  let port = 0;
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-shutdown-'));
  const exited = () =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null)
        resolve({ code: child.exitCode, signal: child.signalCode });
      else child.once('exit', (code, signal) => resolve({ code, signal }));
    });

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs', '--quiet'], { cwd: serverDir, stdio: 'inherit' });
    if (testDialect === 'postgres') {
      testDb = await createTestDatabase();
      await testDb.database.close();
    }
    port = await freePort();
    child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        SANDBAR_DATA_DIR: dataDir,
        SANDBAR_DEMO: '1',
        LOG_LEVEL: 'info',
        ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const end = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > end || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    // The drop runs on a fresh connection (the server's pool is gone).
    if (testDb) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: testDb.url!.replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(testDb.url!).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a request in flight and ends live streams on SIGTERM, then exits 0', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'sandbar-demo' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    // A live board stream, read until the server ends it.
    const events = await fetch(`http://127.0.0.1:${port}/api/events?token=${token}`);
    expect(events.status).toBe(200);
    const streamEnded = (async () => {
      const reader = events.body!.getReader();
      for (;;) if ((await reader.read()).done) return true;
    })().catch(() => false);

    // An upload whose body is still arriving when the signal comes.
    const boundary = 'sandbarshutdown';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tinymceFileUpload',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + tinyPng.length + tail.length,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(head);
      req.write(tinyPng.subarray(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        // Still sending after the signal: the server must wait for it.
        setTimeout(() => req.end(Buffer.concat([tinyPng.subarray(10), tail])), 500);
      }, 300);
    });

    const answer = await upload;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).location).toMatch(/^\/api\/uploads\//);
    expect(await streamEnded).toBe(true);
    expect(await exited()).toEqual({ code: 0, signal: null });
    if (process.env.SHUTDOWN_LOG) console.log(output);
    expect(output).toContain('shut down cleanly');
    // Nothing listens any more.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 30_000);
});
