/**
 * The race's clients (bench/booking-race.bench.ts): the phones, the tablets and the page's readers
 * each in a process of their own, as they are separate devices. In one process the three shared an
 * event loop: at load 10+ the bench's own loop, busy sending 200 phones' requests and reading their
 * answers, began a tablet's first sale seconds after the race began and read a page view's answer
 * long after the server had sent it, and both waits were counted as the server's (decision 331).
 *
 * `BOOKING_RACE_CLIENT=one` runs the same code in the bench's own process, as before.
 *
 * A child gets its work by IPC ({ kind: 'sequences' | 'readers', ... }), answers 'ready', starts on
 * 'go' (with the race's start as an absolute time), and sends its results when done (readers: on
 * 'stop').
 */
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';

/** A distinct documentation-range address per phone (RFC 5737 / 198.18.0.0/15 benchmark range). */
export function phoneIp(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

export interface RaceRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  unit: number;
  kind: 'phone' | 'tablet';
}

export interface Attempt {
  unit: number;
  kind: 'phone' | 'tablet';
  status: number;
  message: string;
  ms: number;
  /** When it was sent, ms after the race began (BENCH_DEBUG prints the slowest). */
  at: number;
}

export interface ReadSample {
  ms: number;
  /** When it was sent, ms after the race began (negative: before). */
  at: number;
}

/** Absolute time in ms, comparable between processes on one machine. */
export const clockMs = () => performance.timeOrigin + performance.now();

// Requests go through node:http on kept-alive connections, not fetch: on a two-core machine the
// clients share the cores with the server and the database, and fetch cost each phone's request
// about three times the CPU (undici's streams, and the answer decompressed on every page view).
// The server sees what a browser sends (Accept-Encoding included); the bytes are counted, not
// decompressed, unless a refusal's message is wanted.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Answer {
  status: number;
  /** The answer's bytes, decoded only when `keep` asked for them. */
  body: Buffer | null;
}

function send(
  r: Pick<RaceRequest, 'url' | 'method' | 'headers' | 'body'>,
  keep: (status: number) => boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      r.url,
      { method: r.method, headers: { 'accept-encoding': 'gzip, deflate, br', ...r.headers }, agent },
      (res) => {
        const status = res.statusCode ?? 0;
        const wanted = keep(status);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (wanted) chunks.push(c);
        });
        res.on('error', reject);
        res.on('end', () => {
          if (!wanted) return resolve({ status, body: null });
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const body = enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ status, body });
        });
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

async function attempt(r: RaceRequest, start: number): Promise<Attempt> {
  const t0 = performance.now();
  const at = clockMs() - start;
  const res = await send(r, (status) => status !== 200);
  let message = '';
  if (res.body) {
    try {
      const body = JSON.parse(res.body.toString('utf8')) as { details?: string; message?: string };
      message = body.details ?? body.message ?? '';
    } catch {
      // Not JSON: the status says enough.
    }
  }
  return { unit: r.unit, kind: r.kind, status: res.status, message, ms: performance.now() - t0, at };
}

/** All sequences at once, each one request after another (a phone: one; a tablet: its ten sales). */
export async function runSequences(sequences: RaceRequest[][], start: number): Promise<Attempt[]> {
  const out = await Promise.all(
    sequences.map(async (seq) => {
      const done: Attempt[] = [];
      for (const r of seq) done.push(await attempt(r, start));
      return done;
    }),
  );
  return out.flat();
}

/**
 * How often each reader asks: every 20 ms, or as soon as answered when the answer took longer (10
 * readers: at most 500 page views a second). Asking again the moment an answer came made the
 * readers' rate the clients' speed: when the clients moved from fetch to node:http they asked three
 * times as often (1,750 reads in a SQLite race instead of 600), and the readers became the race's
 * largest load, which no guest page makes.
 */
export const READ_EVERY_MS = 20;

/** `readers` page views at a time, each reader again every READ_EVERY_MS, until `racing()` is false. */
export async function runReaders(
  url: string | string[],
  readers: number,
  racing: () => boolean,
  start: () => number,
): Promise<ReadSample[]> {
  const samples: ReadSample[] = [];
  let reader = 0;
  await Promise.all(
    Array.from({ length: readers }, async (_, k) => {
      const mine = typeof url === 'string' ? url : url[k % url.length]!;
      while (racing()) {
        const t0 = performance.now();
        const at = clockMs() - start();
        const res = await send(
          { url: mine, method: 'GET', headers: { 'x-forwarded-for': phoneIp(10_000 + (reader++ % 20_000)) } },
          () => false,
        );
        const ms = performance.now() - t0;
        // Counted from the race's start: the page was open before, as on the phones that race.
        if (res.status === 200 && at >= 0) samples.push({ ms, at });
        if (ms < READ_EVERY_MS) await new Promise((r) => setTimeout(r, READ_EVERY_MS - ms));
      }
    }),
  );
  return samples;
}

/**
 * Before the race, each device's connection is opened by a request of its own (`warm`): a phone
 * with the guest page open has read its availability on the connection it books on, and a tablet
 * on the board is connected already. Without it the race also measured 220 TCP connections opened
 * at once, which the server's loop accepts one per turn (libuv ≥ 1.45; decision 371).
 */
type Work =
  | { kind: 'sequences'; sequences: RaceRequest[][]; warm?: RaceRequest[] }
  | { kind: 'readers'; url: string | string[]; readers: number };

/** Each warm-up request at once (one connection each), their answers read, before the race. */
export async function warmUp(requests: RaceRequest[]): Promise<void> {
  await Promise.all(
    requests.map(async (r) => {
      const res = await send(r, () => false);
      if (res.status >= 400) throw new Error(`warm-up ${r.method} ${r.url}: ${res.status}`);
    }),
  );
}

/** A client in a process of its own: `done` gives its results (readers: after `stop()`). */
export interface ClientProcess<T> {
  go(start: number): void;
  stop(): void;
  done: Promise<T>;
  /** CPU seconds the client used from 'go' to its result (known once `done` is). */
  cpu: () => number;
}

const self = fileURLToPath(import.meta.url);

export async function clientProcess<T>(work: Work): Promise<ClientProcess<T>> {
  const child = fork(self, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let answered: (v: T) => void = () => undefined;
  let failed: (e: Error) => void = () => undefined;
  let cpu = 0;
  const done = new Promise<T>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const ready = new Promise<void>((resolve) => {
    child.on('message', (m: { type: string; result?: T; cpu?: number }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'result') {
        cpu = m.cpu ?? 0;
        answered(m.result!);
        child.disconnect();
      }
    });
  });
  child.on('exit', (code) => failed(new Error(`race client exited with ${code}`)));
  child.send(work);
  await ready;
  return {
    go: (start) => child.send({ type: 'go', start }),
    stop: () => child.send({ type: 'stop' }),
    done,
    cpu: () => cpu,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === self && process.send) {
  let work: Work | null = null;
  let start = Infinity;
  let racing = true;
  let cpu0 = process.cpuUsage();
  const report = (result: unknown) => {
    const used = process.cpuUsage(cpu0);
    process.send!({ type: 'result', result, cpu: (used.user + used.system) / 1e6 });
  };
  process.on('message', (m: Work | { type: 'go'; start: number } | { type: 'stop' }) => {
    if ('kind' in m) {
      work = m;
      if (m.kind === 'readers')
        void runReaders(
          m.url,
          m.readers,
          () => racing,
          () => start,
        ).then(report);
      void (m.kind === 'sequences' && m.warm ? warmUp(m.warm) : Promise.resolve()).then(() =>
        process.send!({ type: 'ready' }),
      );
    } else if (m.type === 'go') {
      start = m.start;
      cpu0 = process.cpuUsage();
      if (work?.kind === 'sequences') void runSequences(work.sequences, start).then(report);
    } else racing = false;
  });
  process.on('disconnect', () => process.exit(0));
}
