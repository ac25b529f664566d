/**
 * First load over the wire (issue 12: beach Wi-Fi). Chromium loads the app from the real server
 * (demo venue, SQLite) with an empty cache and counts the bytes that crossed the network
 * (compressed, headers included), then loads it again to count what a returning tablet fetches.
 *
 *   node --import tsx bench/first-load.bench.ts      (or npm run bench -- first-load)
 *   FIRST_LOAD_WEB_DIST=/path/to/dist   a built web app (else one is built)
 *   FIRST_LOAD_ROOT=/path/to/checkout   measure another checkout's server (e.g. an older main)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, chromium } from 'playwright-core';
import { serverArgs } from './season/load';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(process.env.FIRST_LOAD_ROOT ?? here);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function webDist(): string {
  const given = process.env.FIRST_LOAD_WEB_DIST;
  if (given && fs.existsSync(path.join(given, 'index.html'))) return given;
  const out = path.join(os.tmpdir(), 'sandbar-dist-first-load');
  console.log(`building the web app into ${out} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: path.join(root, 'packages/web'),
    stdio: 'ignore',
  });
  return out;
}

async function startApp(dataDir: string, dist: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, serverArgs(root), {
    cwd: path.join(root, 'packages/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBAR_DATA_DIR: dataDir,
      SANDBAR_DEMO: '1',
      SANDBAR_WEB_DIST: dist,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGTERM');
  throw new Error('server did not start');
}

/** Loads `url` and sums what crossed the network (Chromium's encodedDataLength per request). */
async function measure(page: Page, url: string, ready: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let fromNetwork = 0;
  let fromCache = 0;
  let decoded = 0;
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker)
      cached.add(e.requestId);
  });
  cdp.on('Network.dataReceived', (e) => (decoded += e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    if (cached.has(e.requestId)) fromCache++;
    else {
      fromNetwork++;
      bytes += e.encodedDataLength;
    }
  });
  // The board keeps its live-events stream open, so "network idle" never comes: wait for the
  // screen, then a second for anything it fetches afterwards.
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  await cdp.detach();
  return { bytes, decoded, fromNetwork, fromCache };
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

export default async function firstLoadBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-first-load-'));
  const app = await startApp(dataDir, webDist());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'sandbar-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    console.log(`server: ${root === here ? 'this checkout' : root}`);

    const signedOut = await (await browser.newContext()).newPage();
    const a = await measure(signedOut, `${app.url}/`, 'input[type=password]');
    console.log(
      `login page, empty cache: ${kib(a.bytes)} over the wire (${kib(a.decoded)} decoded), ${a.fromNetwork} requests`,
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem('sandbar.token', t), token);
    const page = await context.newPage();
    const b = await measure(page, `${app.url}/`, '[data-unit]');
    console.log(
      `board signed in, empty cache: ${kib(b.bytes)} over the wire (${kib(b.decoded)} decoded), ${b.fromNetwork} requests`,
    );
    const c = await measure(page, `${app.url}/`, '[data-unit]');
    console.log(
      `board again, warm cache: ${kib(c.bytes)} over the wire, ${c.fromNetwork} requests to the server, ${c.fromCache} from the cache`,
    );
    return { login: a, board: b, again: c };
  } finally {
    await browser.close();
    app.proc.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await firstLoadBench();
}
