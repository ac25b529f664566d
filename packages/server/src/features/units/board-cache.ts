import zlib from 'node:zlib';
import type { DashboardData } from '@sandbar/contract/units';
import type { EventBus } from '../../platform/events';

// The dashboard of a day is read by every tablet all day and changes only when a unit does.
// Each instance keeps the built board (and its JSON) per day and location set, and drops a day
// as soon as the event bus says something on it changed (the bus crosses instances on
// PostgreSQL). Before serving, the day's state fingerprint (one small aggregate query) must still
// match, so a status change written by any instance or feature is never missed, even before its
// event arrives. A short time limit covers the rest (layout edits elsewhere, holds that expire).

export interface CachedBoard {
  data: DashboardData;
  /** The JSON, encoded once: every tablet gets the same bytes. Ends with `"search":null}`. */
  body: Buffer;
  at: number;
  /** The day's state fingerprint when built (see dayFingerprint). */
  fingerprint: string;
  /** `body` compressed, made on the first request that accepts each encoding. */
  encoded?: Partial<Record<BoardEncoding, Buffer>>;
}

export type BoardEncoding = 'br' | 'gzip';

/**
 * The board compressed once per built board, not once per request: 300 KiB of JSON is about a
 * tenth of that in brotli, which is what a weak beach Wi-Fi link needs, and compressing it for
 * every tablet would cost more CPU than building it. Brotli at quality 5 (a few ms for 300 KiB)
 * is close to its best ratio on this repetitive JSON.
 */
export function encodedBody(hit: CachedBoard, encoding: BoardEncoding): Buffer {
  hit.encoded ??= {};
  let bytes = hit.encoded[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? zlib.brotliCompressSync(hit.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: hit.body.length,
            },
          })
        : zlib.gzipSync(hit.body, { level: 6 });
    hit.encoded[encoding] = bytes;
  }
  return bytes;
}

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip, else none. */
export function boardEncoding(acceptEncoding: string | undefined): BoardEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

const TTL_MS = 5_000;
/**
 * Bounds (issue 15): a supervisor leafing through past days used to leave ~2 MiB per day here,
 * up to 200 days. Entries past their time limit can never be served, so they go first; then the
 * least recently used, until both the count and the memory bound hold. Memory is estimated from
 * the JSON's bytes (the parsed rows kept for search plus the bytes): measured 4.4 times the JSON
 * after a full collection (bench/board-memory.bench.ts, 2026-11-25: 64 boards of 314 KiB held
 * 87 MiB of heap; the factor of 3 used until then put them at 58 MiB).
 */
export const MAX_ENTRIES = 64;
export const MAX_BYTES = 96 * 2 ** 20;
export const HEAP_PER_JSON_BYTE = 4.5;
const sizeOf = (b: CachedBoard) => b.body.length * HEAP_PER_JSON_BYTE;

const SEARCH_TAIL = Buffer.from('"search":null}');

/** The JSON of a board, with `search` last so a search answer can reuse the bytes before it. */
export function encodeBoard(data: DashboardData): Buffer {
  const { search: _search, ...rest } = data;
  return Buffer.from(JSON.stringify({ ...rest, search: null }));
}

/** The cached board's bytes with a search result in place of `null`: no re-serialising the day. */
export function withSearch(board: CachedBoard, search: NonNullable<DashboardData['search']>): Buffer {
  const { body } = board;
  if (!body.subarray(body.length - SEARCH_TAIL.length).equals(SEARCH_TAIL)) {
    return Buffer.from(JSON.stringify({ ...board.data, search }));
  }
  const head = body.subarray(0, body.length - 'null}'.length);
  return Buffer.concat([head, Buffer.from(`${JSON.stringify(search)}}`)]);
}

export class BoardCache {
  private entries = new Map<string, CachedBoard>();
  private bytes = 0;
  private readonly unsubscribe: () => void;

  constructor(
    events: EventBus,
    private readonly limits = { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, ttlMs: TTL_MS },
  ) {
    this.unsubscribe = events.subscribe((e) => {
      if (!e.day || e.type === 'resync') this.clear();
      else this.dropDay(e.day);
    });
    // Entries past their time limit can never be served; without this sweep they stayed (a past
    // day is ~2 MiB of bytes and parsed rows) until the next board was cached, e.g. all evening
    // after a supervisor leafed through last week. Real time, not the app clock: a test's fixed
    // clock must not keep them, and an idle server must still let them go.
    this.sweeper = setInterval(() => this.sweep(performance.now()), this.limits.ttlMs);
    this.sweeper.unref();
  }

  private readonly sweeper: NodeJS.Timeout;
  /** When each entry was stored, in real (monotonic) time, for the sweep. */
  private readonly storedAt = new Map<string, number>();

  /** Drops the entries stored more than the time limit ago (real time). */
  sweep(nowMonotonic: number): void {
    for (const [key, at] of this.storedAt) if (nowMonotonic - at > this.limits.ttlMs) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated memory held, bytes. */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string, now: number, fingerprint: string): CachedBoard | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at > this.limits.ttlMs || now < hit.at || hit.fingerprint !== fingerprint) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Builds in progress, by key and fingerprint. */
  private readonly building = new Map<string, Promise<CachedBoard>>();

  /**
   * The cached board, or one build of it however many requests ask at once. Every tablet
   * refetches the board when a unit changes and the cached day expires every few seconds, so
   * requests arrive together: each used to build its own copy (48 tablets, 48 builds of ~30 ms
   * on 2 cores: a p99 of half a second behind them). Only a request that read the same
   * fingerprint joins a build, so nobody is given a board older than the state it saw.
   */
  getOrBuild(key: string, now: number, fingerprint: string, build: () => Promise<CachedBoard>): Promise<CachedBoard> {
    const hit = this.get(key, now, fingerprint);
    if (hit) return Promise.resolve(hit);
    const flight = `${key}#${fingerprint}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = build()
        .then((board) => {
          this.set(key, board);
          return board;
        })
        .finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    return pending;
  }

  set(key: string, value: CachedBoard): void {
    this.delete(key);
    this.entries.set(key, value);
    this.storedAt.set(key, performance.now());
    this.bytes += sizeOf(value);
    for (const [k, v] of this.entries) {
      if (value.at - v.at > this.limits.ttlMs) this.delete(k);
    }
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      if (k === key) continue;
      this.delete(k);
    }
  }

  dropDay(day: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${day}|`)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.storedAt.clear();
    this.bytes = 0;
  }

  close(): void {
    this.unsubscribe();
    clearInterval(this.sweeper);
    this.clear();
  }

  private delete(key: string): void {
    const v = this.entries.get(key);
    if (!v) return;
    this.entries.delete(key);
    this.storedAt.delete(key);
    this.bytes -= sizeOf(v);
  }
}

const caches = new WeakMap<EventBus, BoardCache>();

/** One cache per app instance (keyed by its event bus). */
export function boardCache(events: EventBus): BoardCache {
  let c = caches.get(events);
  if (!c) caches.set(events, (c = new BoardCache(events)));
  return c;
}
