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
  /** The JSON, encoded once: every tablet gets the same bytes. */
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
const MAX_ENTRIES = 200;

export class BoardCache {
  private entries = new Map<string, CachedBoard>();
  private readonly unsubscribe: () => void;

  constructor(events: EventBus) {
    this.unsubscribe = events.subscribe((e) => {
      if (!e.day || e.type === 'resync') this.entries.clear();
      else this.dropDay(e.day);
    });
  }

  get(key: string, now: number, fingerprint: string): CachedBoard | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at > TTL_MS || now < hit.at || hit.fingerprint !== fingerprint) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  set(key: string, value: CachedBoard): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, value);
  }

  dropDay(day: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${day}|`)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}

const caches = new WeakMap<EventBus, BoardCache>();

/** One cache per app instance (keyed by its event bus). */
export function boardCache(events: EventBus): BoardCache {
  let c = caches.get(events);
  if (!c) caches.set(events, (c = new BoardCache(events)));
  return c;
}
