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
import path from 'node:path';
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

async function attempt(r: RaceRequest, start: number): Promise<Attempt> {
  const t0 = performance.now();
  const at = clockMs() - start;
  const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
  const body = (await res.json().catch(() => ({}))) as { details?: string; message?: string };
  return {
    unit: r.unit,
    kind: r.kind,
    status: res.status,
    message: res.ok ? '' : (body.details ?? body.message ?? ''),
    ms: performance.now() - t0,
    at,
  };
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

/** `readers` page views at a time, each reader again as soon as answered, until `racing()` is false. */
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
        const res = await fetch(mine, { headers: { 'x-forwarded-for': phoneIp(10_000 + (reader++ % 20_000)) } });
        await res.arrayBuffer();
        // Counted from the race's start: the page was open before, as on the phones that race.
        if (res.ok && at >= 0) samples.push({ ms: performance.now() - t0, at });
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
      const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      await res.arrayBuffer();
    }),
  );
}

/** A client in a process of its own: `done` gives its results (readers: after `stop()`). */
export interface ClientProcess<T> {
  go(start: number): void;
  stop(): void;
  done: Promise<T>;
}

const self = fileURLToPath(import.meta.url);

export async function clientProcess<T>(work: Work): Promise<ClientProcess<T>> {
  const child = fork(self, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let answered: (v: T) => void = () => undefined;
  let failed: (e: Error) => void = () => undefined;
  const done = new Promise<T>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const ready = new Promise<void>((resolve) => {
    child.on('message', (m: { type: string; result?: T }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'result') {
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
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === self && process.send) {
  let work: Work | null = null;
  let start = Infinity;
  let racing = true;
  process.on('message', (m: Work | { type: 'go'; start: number } | { type: 'stop' }) => {
    if ('kind' in m) {
      work = m;
      if (m.kind === 'readers')
        void runReaders(
          m.url,
          m.readers,
          () => racing,
          () => start,
        ).then((result) => process.send!({ type: 'result', result }));
      void (m.kind === 'sequences' && m.warm ? warmUp(m.warm) : Promise.resolve()).then(() =>
        process.send!({ type: 'ready' }),
      );
    } else if (m.type === 'go') {
      start = m.start;
      if (work?.kind === 'sequences')
        void runSequences(work.sequences, start).then((result) => process.send!({ type: 'result', result }));
    } else racing = false;
  });
  process.on('disconnect', () => process.exit(0));
}
