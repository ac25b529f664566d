import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { BoardEvent, EventBus } from '../../platform/events';
import type { BoardEncoding } from '../units/board-cache';

// The guest page's availability answer (issue 24, "Performance": ≥ 1,000 req/s for a 1,200-unit
// venue). Every phone asking for a day and location gets the same bytes, so each instance keeps
// the encoded answer per (day, location set) with its ETag and its compressed twins, and drops a
// day the moment an event says something on it changed: its own writes as they are published
// (EventBus.subscribeOwn, no waiting for NOTIFY to come back), other instances' through the bus
// (LISTEN/NOTIFY on PostgreSQL, as the staff board's cache hears them). An answer also ends when
// the first cart hold in it runs out (the unit turns free without a write), at the venue's next
// business day (today, the booking window) and after a short time limit, the net under a write
// that forgot its event. A request never joins a build that began before an invalidation of its
// day, and a build overtaken by one is answered but not kept.

export interface CachedAvailability {
  /** The answer's day (an answer for "today" is cached under its day too). */
  day: string;
  /** The JSON, encoded once. */
  body: Buffer;
  /** Strong validator of the JSON; a compressed twin is sent with its encoding appended. */
  etag: string;
  /** App-clock time the answer was built and the last moment it may be served. */
  at: number;
  validUntil: number;
  encoded: Partial<Record<BoardEncoding, Buffer>>;
}

export const AVAILABILITY_TTL_MS = 5_000;
/**
 * A day is "in a rush" while it changes this many times within RUSH_WINDOW_MS (issue 36: the
 * opening rush changes it hundreds of times a second); then a phone is given the last answer built,
 * at most STALE_MS old, while one rebuild runs (decision 272).
 */
export const RUSH_CHANGES = 5;
export const RUSH_WINDOW_MS = 1_000;
/**
 * How old the answer given during a rush may be: as old as any kept answer (decision 331). At 1 s
 * a rebuild that took longer than that on a loaded machine (two statements and 150 units encoded,
 * behind the race's work) made every page view wait for it.
 */
export const STALE_MS = AVAILABILITY_TTL_MS;
export const MAX_ENTRIES = 64;
/** Bytes held (JSON and compressed twins): an all-locations answer of 1,200 units is ~180 KiB. */
export const MAX_BYTES = 32 * 2 ** 20;

/** A strong ETag per representation (RFC 9110: a compressed twin is a different representation). */
export function etagOf(hit: CachedAvailability, encoding: BoardEncoding | undefined): string {
  return encoding ? `${hit.etag.slice(0, -1)}-${encoding}"` : hit.etag;
}

/** Does If-None-Match name this answer (in any of its encodings, or `*`)? */
export function notModified(hit: CachedAvailability, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tag = hit.etag.slice(1, -1);
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return v === tag || v === `${tag}-br` || v === `${tag}-gzip`;
  });
}

/** The answer compressed once per cached answer (a phone on beach Wi-Fi wants ~a tenth of the bytes). */
export function encodedAnswer(hit: CachedAvailability, encoding: BoardEncoding): Buffer {
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

export function cachedAnswer(day: string, body: Buffer, at: number, validUntil: number): CachedAvailability {
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  return { day, body, etag, at, validUntil, encoded: {} };
}

const sizeOf = (e: CachedAvailability) => e.body.length + (e.encoded.br?.length ?? 0) + (e.encoded.gzip?.length ?? 0);

export class AvailabilityCache {
  private readonly entries = new Map<string, CachedAvailability>();
  /** Invalidations are numbered; the last one of each day, and the last that dropped every day. */
  private tick = 0;
  private allDroppedAt = 0;
  private readonly dayDroppedAt = new Map<string, number>();
  private readonly building = new Map<
    string,
    { startedAt: number; day?: string; pending: Promise<CachedAvailability> }
  >();
  private readonly unsubscribe: (() => void)[] = [];
  /** The last answer built per key, kept across its day's changes (served during a rush). */
  private readonly last = new Map<string, CachedAvailability>();
  /** Per day, when its latest changes were heard (real time, ms). */
  private readonly changes = new Map<string, number[]>();

  constructor(
    events: EventBus,
    private readonly limits = { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, ttlMs: AVAILABILITY_TTL_MS },
  ) {
    const hear = (e: BoardEvent) => this.heard(e);
    this.unsubscribe.push(events.subscribe(hear));
    if (events.subscribeOwn) this.unsubscribe.push(events.subscribeOwn(hear));
  }

  /** A board event: its day's answers go (every day's, and the venue's facts, for an event without a day or a resync). */
  heard(e: BoardEvent): void {
    // Sessions revoked change no unit; every other event may change what a guest sees.
    if (e.type === 'sessions') return;
    this.tick++;
    if (!e.day || e.type === 'resync') {
      this.allDroppedAt = this.tick;
      this.dayDroppedAt.clear();
      this.entries.clear();
      this.last.clear();
      this.venueFacts = null;
      return;
    }
    this.dayDroppedAt.set(e.day, this.tick);
    const at = performance.now();
    const recent = (this.changes.get(e.day) ?? []).filter((t) => at - t < RUSH_WINDOW_MS);
    recent.push(at);
    this.changes.set(e.day, recent.slice(-RUSH_CHANGES));
    if (this.changes.size > 64)
      for (const [d, ts] of this.changes) if (at - ts.at(-1)! >= RUSH_WINDOW_MS) this.changes.delete(d);
    for (const [key, v] of this.entries) if (v.day === e.day) this.entries.delete(key);
  }

  private venueFacts: { startedAt: number; at: number; value: Promise<unknown> } | null = null;

  /**
   * What every answer needs that changes only with the venue's set-up (settings, the online
   * locations and their units, the prices), read once and kept until an event without a day (a
   * setting, a price, a location or a unit's number changed; all of them publish one). A rebuild
   * after a sale then reads only the day's states: under a race for the front row the page waited
   * for five round trips through a pool busy with checkouts, now for one.
   */
  venue<T>(now: number, build: () => Promise<T>): Promise<T> {
    const v = this.venueFacts;
    if (v && this.allDroppedAt <= v.startedAt && now >= v.at) {
      if (now - v.at <= this.limits.ttlMs) return v.value as Promise<T>;
      // Past its time limit but never changed (a change drops it): answered as it is while one
      // read behind it refreshes it (decision 331: under the opening rush the nine statements made
      // every page view and phone of that moment wait).
      if (!this.venueRefresh) {
        const startedAt = this.tick;
        const value = build();
        this.venueRefresh = value;
        value
          .then(() => {
            if (this.venueFacts === v && this.allDroppedAt <= startedAt)
              this.venueFacts = { startedAt, at: now, value };
          })
          .catch(() => undefined)
          .finally(() => {
            if (this.venueRefresh === value) this.venueRefresh = null;
          });
      }
      return v.value as Promise<T>;
    }
    const value = build();
    const mine = { startedAt: this.tick, at: now, value };
    this.venueFacts = mine;
    value.catch(() => {
      if (this.venueFacts === mine) this.venueFacts = null;
    });
    return value;
  }

  private venueRefresh: Promise<unknown> | null = null;

  get size(): number {
    return this.entries.size;
  }

  private droppedSince(day: string | undefined, tick: number): boolean {
    if (this.allDroppedAt > tick) return true;
    // A build for "today" does not know its day until it ends: any invalidation overtakes it.
    if (day === undefined) return this.tick > tick;
    return (this.dayDroppedAt.get(day) ?? 0) > tick;
  }

  /** Is this day changing several times a second (the opening rush)? */
  inRush(day: string): boolean {
    const ts = this.changes.get(day);
    return !!ts && ts.length >= RUSH_CHANGES && performance.now() - ts[0]! < RUSH_WINDOW_MS;
  }

  /**
   * The cached answer for `key`, or one build of it shared by the requests that arrive while it
   * runs (a burst of phones after an invalidation makes one answer, not fifty). `day` is the
   * requested day when the request names one. While the day is in a rush (decision 272) the last
   * answer built, at most STALE_MS old, is given at once and one rebuild runs behind it: a phone
   * would otherwise wait for an answer outdated before it arrives.
   */
  async getOrBuild(
    key: string,
    day: string | undefined,
    now: number,
    build: () => Promise<CachedAvailability>,
  ): Promise<CachedAvailability> {
    const hit = this.entries.get(key);
    if (hit) {
      if (now <= hit.validUntil && now >= hit.at && now - hit.at <= this.limits.ttlMs) {
        this.entries.delete(key); // most recently used last
        this.entries.set(key, hit);
        return hit;
      }
      this.entries.delete(key);
    }
    const stale = this.last.get(key);
    if (stale && now <= stale.validUntil && now >= stale.at && now - stale.at <= STALE_MS && this.inRush(stale.day)) {
      this.fresh(key, day, build).catch(() => undefined);
      return stale;
    }
    return this.fresh(key, day, build);
  }

  /** A build of `key` that began after the last change of its day: the running one, a follow-up, or a new one. */
  private fresh(
    key: string,
    day: string | undefined,
    build: () => Promise<CachedAvailability>,
  ): Promise<CachedAvailability> {
    const flight = this.building.get(key);
    if (flight && !this.droppedSince(flight.day, flight.startedAt)) return flight.pending;
    if (flight) {
      // A change overtook the running build: one follow-up for everyone who asks meanwhile, started
      // when it ends, so it reads after all their writes. At most one build per key runs: under a
      // race for the front row (an event every few ms) each reader used to start its own, and they
      // queued for the page's two connections (bench/booking-race.bench.ts).
      let next = this.queued.get(key);
      if (!next) {
        next = flight.pending
          .catch(() => undefined)
          .then(() => {
            this.queued.delete(key);
            return this.start(key, day, build);
          });
        this.queued.set(key, next);
      }
      return next;
    }
    return this.start(key, day, build);
  }

  private readonly queued = new Map<string, Promise<CachedAvailability>>();

  private start(
    key: string,
    day: string | undefined,
    build: () => Promise<CachedAvailability>,
  ): Promise<CachedAvailability> {
    const startedAt = this.tick;
    const pending = build().then((answer) => {
      if (!this.droppedSince(answer.day, startedAt)) this.set(key, answer);
      this.keepLast(key, answer);
      return answer;
    });
    const mine = { startedAt, day, pending };
    this.building.set(key, mine);
    void pending
      .finally(() => {
        if (this.building.get(key) === mine) this.building.delete(key);
      })
      .catch(() => undefined);
    return pending;
  }

  private set(key: string, value: CachedAvailability): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    let bytes = 0;
    for (const v of this.entries.values()) bytes += sizeOf(v);
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && bytes <= this.limits.maxBytes) break;
      if (k === key) continue;
      this.entries.delete(k);
      bytes -= sizeOf(v);
    }
  }

  private keepLast(key: string, answer: CachedAvailability): void {
    const was = this.last.get(key);
    if (was && was.at > answer.at) return;
    this.last.delete(key);
    this.last.set(key, answer);
    if (this.last.size > this.limits.maxEntries) this.last.delete(this.last.keys().next().value!);
  }

  clear(): void {
    this.heard({ type: 'resync', day: '', unitIds: [] });
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    this.entries.clear();
    this.last.clear();
  }
}

const caches = new WeakMap<EventBus, AvailabilityCache>();

/** One cache per app instance (keyed by its event bus, as the staff board's). */
export function availabilityCache(events: EventBus): AvailabilityCache {
  let c = caches.get(events);
  if (!c) caches.set(events, (c = new AvailabilityCache(events)));
  return c;
}
