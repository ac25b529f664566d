import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

// Load helpers with honest figures (issue 15): a run sends a fixed number of requests and its rate
// is counted from the first request to the last response (autocannon's own duration is rounded
// up to whole seconds), a figure is the median of several runs, and the machine's load average
// is printed beside it (on a shared machine it explains more than the code does).

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /** Response bytes per second. */
  bytesPerSecond: number;
  seconds: number;
}

export interface LoadSpec {
  url: string;
  connections: number;
  amount: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A body per request (each sale needs its own unit and id). */
  body?: () => string;
  /** A path per request (to walk several days). */
  path?: () => string;
  /** Headers per request (the booking bench: each phone its own X-Forwarded-For behind the trusted proxy). */
  requestHeaders?: () => Record<string, string>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** What a run counted: each response's latency (ms), outcomes, bytes, and first request to last response (ms). */
interface RunTally {
  latencies: number[];
  ok: number;
  errors: number;
  bytes: number;
  ms: number;
}

function summarise(run: RunTally): LoadResult {
  const seconds = Math.max(0.001, run.ms / 1000);
  const latencies = [...run.latencies].sort((a, b) => a - b);
  return {
    rps: run.ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok: run.ok,
    errors: run.errors,
    bytesPerSecond: run.bytes / seconds,
    seconds,
  };
}

/** One run: `amount` requests over `connections`, timed from the first request to the last response. */
export async function loadOnce(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let bytes = 0;
  let last = 0;
  const start = performance.now();
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    amount: spec.amount,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    timeout: 30,
    requests:
      spec.body || spec.path || spec.requestHeaders
        ? [
            {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                ...(spec.body ? { body: spec.body() } : {}),
                ...(spec.path ? { path: spec.path() } : {}),
                ...(spec.requestHeaders
                  ? { headers: { ...(req.headers as Record<string, string>), ...spec.requestHeaders() } }
                  : {}),
              }),
            } as never,
          ]
        : undefined,
  });
  instance.on('response', (_client: unknown, status: number, resBytes: number, responseTime: number) => {
    last = performance.now();
    latencies.push(responseTime);
    bytes += resBytes;
    // 304 is a success: a revalidated answer (the guest page's availability with its ETag).
    if ((status >= 200 && status < 300) || status === 304) ok++;
    else errors++;
  });
  instance.on('reqError', () => {
    errors++;
  });
  await instance;
  return summarise({ latencies, ok, errors, bytes, ms: last - start });
}

/**
 * A steady load: `rate` GETs a second spaced evenly (one every 1/rate s) over at most
 * `connections` kept-alive connections, for `seconds`. autocannon's `overallRate` is not steady:
 * each connection sends its share of a second back to back as soon as the second starts, then
 * waits for the next one (lib/httpClient.js resets its count every 1,000 ms), so "half the
 * board's rate" from it was the board saturated for half of every second, and a request landing
 * in that half waited behind the queue (2026-11-25: Notes/Drops p99 74–92 ms beside it). Requests
 * are sent at their time whether or not earlier ones are answered (an open loop, as tablets are);
 * one due while every connection is busy waits in the agent's queue, and its latency counts from
 * the time it was due.
 */
export async function pacedLoad(spec: {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const target = new URL(spec.url);
  const total = Math.max(1, Math.round(spec.rate * spec.seconds));
  const interval = 1000 / spec.rate;
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let bytes = 0;
  let last = 0;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: spec.headers,
          agent,
        },
        (res) => {
          res.on('data', (d: Buffer) => (bytes += d.length));
          res.on('end', () => {
            last = performance.now();
            latencies.push(last - due);
            if (res.statusCode! >= 200 && res.statusCode! < 300) ok++;
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return summarise({ latencies, ok, errors, bytes, ms: last - start });
}

/**
 * One tablet asking for `url` again and again, in its own process, as a tablet is its own device:
 * run from the bench's process, its timings included the bench's own event loop reading the
 * other tablets' boards (≈ 130 MB/s at half the board's rate), a max of 250–460 ms where the
 * same requests from their own process took ≤ 72 ms (2026-11-25). The first `warmUp` requests
 * (a new process's first fetch opens the connection and compiles the client) are not timed.
 */
export function tabletInOwnProcess(spec: {
  url: string;
  headers: Record<string, string>;
  amount: number;
  warmUp?: number;
}): Promise<LoadResult> {
  const code = `
    const { url, headers, amount, warmUp } = JSON.parse(process.env.TABLET_SPEC);
    (async () => {
      const latencies = [];
      let ok = 0, errors = 0, bytes = 0, start = 0;
      for (let i = 0; i < warmUp + amount; i++) {
        if (i === warmUp) start = performance.now();
        const t0 = performance.now();
        try {
          const res = await fetch(url, { headers });
          const body = await res.arrayBuffer();
          if (i < warmUp) continue;
          latencies.push(performance.now() - t0);
          bytes += body.byteLength;
          if (res.ok) ok++; else errors++;
        } catch { if (i >= warmUp) errors++; }
      }
      process.stdout.write(JSON.stringify({ latencies, ok, errors, bytes, ms: performance.now() - start }));
    })();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], {
      env: { ...process.env, TABLET_SPEC: JSON.stringify({ warmUp: 10, ...spec }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`tablet process exited with ${code}`));
      resolve(summarise(JSON.parse(out) as RunTally));
    });
  });
}

/** The median run (by rate) of `runs` runs. */
export async function loadMedian(spec: LoadSpec, runs: number): Promise<LoadResult> {
  const all: LoadResult[] = [];
  for (let i = 0; i < runs; i++) all.push(await loadOnce(spec));
  all.sort((a, b) => a.rps - b.rps);
  return all[Math.floor(all.length / 2)]!;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** "load 3.2/2.9 on 2 cores": the 1- and 5-minute load averages. */
export function machineLoad(): string {
  const [one, five] = os.loadavg();
  return `load ${one!.toFixed(1)}/${five!.toFixed(1)} on ${os.cpus().length} cores`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Server {
  url: string;
  proc: ChildProcess;
  /** Spawn to the first healthy answer, ms. */
  startMs: number;
}

const built = new Set<string>();

/**
 * How a bench starts the server of checkout `serverRoot`: as `npm start` runs it (the built bundle,
 * `node --enable-source-maps dist/main.js`), built once per bench process. The race of issue 36
 * found a stall that only the bundle has (its 2.4 MB source map parsed on the first stack read,
 * decision 376); from source through tsx it did not show. BENCH_SERVER=source runs src/main.ts
 * through tsx instead (a CPU profile then names the source files).
 */
export function serverArgs(serverRoot = root): string[] {
  const server = path.join(serverRoot, 'packages/server');
  if (process.env.BENCH_SERVER === 'source') return ['--import', 'tsx', path.join(server, 'src/main.ts')];
  if (!built.has(server)) {
    execFileSync(process.execPath, ['build.mjs', '--quiet'], { cwd: server, stdio: 'inherit' });
    built.add(server);
  }
  return ['--enable-source-maps', path.join(server, 'dist/main.js')];
}

/** The real server in its own process, on SQLite in `dataDir` or on DATABASE_URL. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const t0 = performance.now();
  // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there when it stops (docs/PERFORMANCE.md).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const proc = spawn(
    process.execPath,
    [...profile, ...serverArgs()],
    {
      cwd: path.join(root, 'packages/server'),
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SANDBAR_DEMO: '0', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc, startMs: performance.now() - t0 };
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGTERM');
  throw new Error('bench server did not start');
}

export async function stopServer(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

/**
 * Resident memory of a process, MiB (Linux): now (VmRSS), or the most it has held since it
 * started (VmHWM, the high-water mark).
 */
export function rssMiB(pid: number, which: 'now' | 'peak' = 'now'): number {
  try {
    const field = which === 'peak' ? 'VmHWM' : 'VmRSS';
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login ${username} failed: ${res.status}`);
  return body.token;
}

/** One timed call, ms. */
export async function timed(
  url: string,
  token: string,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

/** CPU seconds a process has used (user + system, all its threads), from /proc (Linux, 100 ticks a second); 0 elsewhere. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL backend connected to database `name`, by pid. */
export async function backendCpu(name: string): Promise<Map<number, number>> {
  const c = new pg.Client({
    connectionString: process.env.SANDBAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await c.end();
  }
}
