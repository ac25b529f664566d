import zlib from 'node:zlib';
import type { BoardLocation, DashboardData, Unit } from '@sandbar/contract/units';
import type { EventBus } from '../../platform/events';

// The dashboard of a day is read by every tablet all day and changes only when a unit does.
// Each instance keeps the built board (and its JSON) per day and location set. A board event
// naming units (the bus crosses instances on PostgreSQL) does not drop the day any more: it is
// logged, and the next request patches the cached board, re-reading and re-encoding only those
// units (issue 25, big venues: a 5,000-unit day was 3 MiB rebuilt whole on every change). Before
// serving, the day's state fingerprint (one small aggregate query) must still match; when it does
// not, the units whose version moved are patched the same way, so a status change written by any
// instance or feature is never missed, even before its event arrives. An event without units
// drops the day. Every few seconds (ttlMs) a patched board checks the venue-wide parts no unit
// event announces (locations, hotels, season); once a minute it is built whole in the background
// while it is still served (decision 255). A board without pieces keeps the old rule: built
// again after ttlMs.

export interface CachedBoard {
  data: DashboardData;
  /** The JSON, encoded once: every tablet gets the same bytes. Ends with `"search":null}`. */
  body: Buffer;
  at: number;
  /** The day's state fingerprint when built (see dayFingerprint). */
  fingerprint: string;
  /** `body` compressed, made on the first request that accepts each encoding. */
  encoded?: Partial<Record<BoardEncoding, Buffer>>;
  /** The JSON in pieces, so a change re-encodes only its units (absent: the board is rebuilt). */
  pieces?: BoardPieces;
  /** The cache's event sequence number when the board's reads began: later events are pending. */
  seq?: number;
  /** When the venue-wide parts (locations, hotels, season) were last checked unchanged (app clock). */
  checkedAt?: number;
  /** Those venue-wide parts as read for the board, to compare with (see getOrBuild's recheck). */
  venueStamp?: string;
  /** The board's entity tag, made on first use (see etagOf). */
  etag?: string;
}

/** One location's part of the board's JSON. */
export interface LocationPiece {
  /** The location's fields before its units: `{"id":1,…,"umbrellaRows":6,`. */
  head: string;
  /** Each unit's JSON, row by row as in `data.locations[i].units`. */
  units: string[][];
  /** The whole location's JSON. */
  bytes: Buffer;
  /** `bytes` deflated on their own (sync flush), made when first sent: see segmentedGzip. */
  deflated?: Buffer;
}

export interface BoardPieces {
  locations: LocationPiece[];
  /** What follows the locations array: `,"hotels":[…],…,"search":null}`. */
  tail: Buffer;
  /** `]` and the tail deflated (sync flush). */
  deflatedTail?: Buffer;
  /** Each unit's version when encoded (position id → version; 0: no state row that day). */
  versions: Map<number, number>;
  /** Where each unit sits: position id → [location, row, index] in `data.locations`. */
  at: Map<number, [number, number, number]>;
}

const LOCATIONS_HEAD = Buffer.from('{"locations":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A location's JSON from its head, unit pieces and totals (the bytes JSON.stringify would give). */
function locationBytes(head: string, units: string[][], totals: unknown): Buffer {
  return Buffer.from(
    `${head}"units":[${units.map((r) => `[${r.join(',')}]`).join(',')}],"totals":${JSON.stringify(totals)}}`,
  );
}

function assemble(locations: LocationPiece[], tail: Buffer): Buffer {
  const parts: Buffer[] = [LOCATIONS_HEAD];
  locations.forEach((l, i) => parts.push(...(i ? [COMMA, l.bytes] : [l.bytes])));
  parts.push(CLOSE, tail);
  return Buffer.concat(parts);
}

/**
 * The board's JSON in pieces: byte for byte `encodeBoard(data)`, but each unit encoded on its own
 * so that a patch re-encodes only the units that changed (`versions`: each unit's version).
 */
export function encodePieces(
  data: DashboardData,
  versions: Map<number, number>,
): { body: Buffer; pieces: BoardPieces } {
  const { locations, search: _search, ...rest } = data;
  const at = new Map<number, [number, number, number]>();
  const pieces: LocationPiece[] = locations.map((l, li) => {
    const { units, totals, ...fields } = l;
    const head = `${JSON.stringify(fields).slice(0, -1)},`;
    const encoded = units.map((row, ri) =>
      row.map((u, ui) => {
        at.set(u.id, [li, ri, ui]);
        return JSON.stringify(u);
      }),
    );
    return { head, units: encoded, bytes: locationBytes(head, encoded, totals) };
  });
  const tail = Buffer.from(`${JSON.stringify({ ...rest, search: null }).replace(/^\{/, ',')}`);
  return { body: assemble(pieces, tail), pieces: { locations: pieces, tail, versions, at } };
}

/**
 * A cached board with some units replaced: only those units are encoded again, and only their
 * locations' JSON (and totals) rebuilt; the other locations' bytes are reused as they are.
 * Answers undefined when a unit is not on the board (a layout change: build the board again).
 */
export function patchPieces(
  board: CachedBoard,
  fresh: Map<number, { unit: Unit; version: number }>,
  totalsOf: (units: Unit[]) => BoardLocation['totals'],
): { data: DashboardData; body: Buffer; pieces: BoardPieces } | undefined {
  const old = board.pieces;
  if (!old) return undefined;
  const locations = [...board.data.locations];
  const pieces = [...old.locations];
  const versions = new Map(old.versions);
  const touched = new Set<number>();
  for (const [id, { unit, version }] of fresh) {
    const where = old.at.get(id);
    if (!where) return undefined;
    const [li, ri, ui] = where;
    if (!touched.has(li)) {
      touched.add(li);
      const l = locations[li]!;
      locations[li] = { ...l, units: l.units.map((r) => [...r]) };
      pieces[li] = { ...pieces[li]!, units: pieces[li]!.units.map((r) => [...r]) };
    }
    if (locations[li]!.units[ri]![ui]!.id !== id) return undefined;
    locations[li]!.units[ri]![ui] = unit;
    pieces[li]!.units[ri]![ui] = JSON.stringify(unit);
    versions.set(id, version);
  }
  for (const li of touched) {
    const l = locations[li]!;
    const totals = totalsOf(l.units.flat());
    locations[li] = { ...l, totals };
    const { head, units } = pieces[li]!;
    pieces[li] = { head, units, bytes: locationBytes(head, units, totals) };
  }
  const data = { ...board.data, locations };
  const body = touched.size ? assemble(pieces, old.tail) : board.body;
  return {
    data,
    body,
    pieces: { locations: pieces, tail: old.tail, deflatedTail: old.deflatedTail, versions, at: old.at },
  };
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
        : hit.pieces
          ? segmentedGzip(hit.body, hit.pieces)
          : zlib.gzipSync(hit.body, { level: 6 });
    hit.encoded[encoding] = bytes;
  }
  return bytes;
}

/**
 * A weak entity tag from the board's JSON (CRC-32 and length): the same day on any instance gets
 * the same tag, whatever the encoding, so a tablet refetching an unchanged day (on focus, after a
 * reconnect) is answered 304 with no body instead of the whole day again.
 */
export function etagOf(board: CachedBoard): string {
  board.etag ??= `W/"${(zlib.crc32(board.body) >>> 0).toString(16)}-${board.body.length.toString(16)}"`;
  return board.etag;
}

/** Does an If-None-Match header name this tag (weak comparison, as RFC 9110 has it for GET)? */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * From this size a board goes out in gzip made of per-location pieces, even to a browser that
 * prefers brotli: a change then compresses one location again (about 0.5 ms) where brotli
 * compresses the whole day again (24–110 ms for a 5,000-unit day's 3 MiB, measured 2026-11-25 on
 * the shared 2-core machine), for about a quarter more bytes (348 KiB against 282 KiB).
 */
export const SEGMENTED_FROM_BYTES = 1024 * 1024;

/** The encoding to send a board in, from those the browser accepts (preferred first). */
export function encodingFor(board: CachedBoard, accepted: readonly BoardEncoding[]): BoardEncoding | undefined {
  if (board.pieces && board.body.length >= SEGMENTED_FROM_BYTES && accepted.includes('gzip')) return 'gzip';
  return accepted[0];
}

const deflatePiece = (b: Buffer) => zlib.deflateRawSync(b, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
// A gzip member: header (no name, no time, unknown OS), deflate blocks, the final empty block.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The board in gzip from pieces deflated on their own: sync-flushed deflate blocks concatenate
 * into one valid stream (as pigz does), so a patch deflates only the locations it changed. The
 * trailer's CRC-32 is over the whole JSON (0.5 ms for 3 MiB).
 */
export function segmentedGzip(body: Buffer, pieces: BoardPieces): Buffer {
  DEFLATED_HEAD ??= deflatePiece(LOCATIONS_HEAD);
  DEFLATED_COMMA ??= deflatePiece(COMMA);
  const parts: Buffer[] = [GZIP_HEADER, DEFLATED_HEAD];
  pieces.locations.forEach((l, i) => {
    if (i) parts.push(DEFLATED_COMMA!);
    l.deflated ??= deflatePiece(l.bytes);
    parts.push(l.deflated);
  });
  pieces.deflatedTail ??= deflatePiece(Buffer.concat([CLOSE, pieces.tail]));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(body) >>> 0, 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  parts.push(pieces.deflatedTail, FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
let DEFLATED_HEAD: Buffer | undefined;
let DEFLATED_COMMA: Buffer | undefined;

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip, else none. */
export function boardEncoding(acceptEncoding: string | undefined): BoardEncoding | undefined {
  return boardEncodings(acceptEncoding)[0];
}

/** The board encodings an Accept-Encoding header accepts, brotli first. */
export function boardEncodings(acceptEncoding: string | undefined): BoardEncoding[] {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

const TTL_MS = 5_000;
/**
 * A board kept up by patches is still built whole once a minute, in the background while the
 * patched one is served: a safety net for a writer that names no units (none is known), not a
 * known staleness. Built whole every 5 s as before, a 5,000-unit day stalled every tablet for the
 * build (p99 951 ms at 50 tablets, 2026-11-25).
 */
export const REBUILD_MS = 60_000;
/** Unit events kept per day for patching; a board further behind is rebuilt whole. */
export const MAX_LOGGED_EVENTS = 1_000;
/** The auth feature's event for revoked sessions (platform/events: never about a board). */
const SESSIONS_EVENT_TYPE = 'sessions';
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
/** The pieces (each unit's JSON string and each location's bytes) hold about twice the JSON again. */
export const PIECES_PER_JSON_BYTE = 2;
const sizeOf = (b: CachedBoard) => b.body.length * (HEAP_PER_JSON_BYTE + (b.pieces ? PIECES_PER_JSON_BYTE : 0));

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
    private readonly limits: { maxEntries: number; maxBytes: number; ttlMs: number; rebuildMs?: number } = {
      maxEntries: MAX_ENTRIES,
      maxBytes: MAX_BYTES,
      ttlMs: TTL_MS,
      rebuildMs: REBUILD_MS,
    },
  ) {
    this.unsubscribe = events.subscribe((e) => {
      // Sessions revoked say nothing about any board.
      if (e.type === SESSIONS_EVENT_TYPE) return;
      if (!e.day || e.type === 'resync') this.clear();
      else if (e.unitIds.length > 0) this.touch(e.day, e.unitIds);
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
  /** When each entry was stored or last served, in real (monotonic) time, for the sweep. */
  private readonly storedAt = new Map<string, number>();

  /** How long a board may be served before it is built whole again (see REBUILD_MS). */
  private maxAge(b: CachedBoard): number {
    return b.pieces ? (this.limits.rebuildMs ?? this.limits.ttlMs) : this.limits.ttlMs;
  }

  /**
   * How long a board may be served at all: a patched one twice its rebuild age (a background build
   * that keeps failing must not leave it served for ever), a plain one its time limit.
   */
  private servedFor(b: CachedBoard): number {
    return b.pieces ? 2 * this.maxAge(b) : this.limits.ttlMs;
  }

  /** Drops the entries stored or served more than the time limit ago (real time): nobody reads them. */
  sweep(nowMonotonic: number): void {
    for (const [key, at] of this.storedAt) if (nowMonotonic - at > this.limits.ttlMs) this.delete(key);
    // The event log of a day no board holds (nor is being made) is of no use: a board made later
    // starts from a later sequence number.
    const days = new Set([...this.entries.keys(), ...this.building.keys()].map((k) => k.slice(0, k.indexOf('|'))));
    for (const day of new Set([...this.changes.keys(), ...this.forgotten.keys()])) {
      if (days.has(day)) continue;
      this.changes.delete(day);
      this.forgotten.delete(day);
    }
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

  /** Boards built whole and boards patched, since start (tests and the benchmark read them). */
  readonly counts = { built: 0, patched: 0 };

  /** Builds in progress, by key, fingerprint and event sequence number. */
  private readonly building = new Map<string, Promise<CachedBoard>>();

  // The log of unit events per day: a cached board with a lower sequence number has them pending.
  private seqNo = 0;
  private readonly changes = new Map<string, { seq: number; unitIds: readonly number[] }[]>();
  /** Per day, the sequence number of the last event no longer in its log (or of a drop). */
  private readonly forgotten = new Map<string, number>();
  /** Boards from before this sequence number are never patched (everything was dropped). */
  private clearedSeq = 0;

  /** The current event sequence number: read it before the reads a board is made of. */
  get seq(): number {
    return this.seqNo;
  }

  /** These units changed on `day`: cached boards of the day patch them on their next request. */
  touch(day: string, unitIds: readonly number[]): void {
    const log = this.changes.get(day) ?? [];
    this.changes.set(day, log);
    log.push({ seq: ++this.seqNo, unitIds });
    // Bounded: a board that missed the events let go is rebuilt whole instead of patched.
    while (log.length > MAX_LOGGED_EVENTS) this.forgotten.set(day, log.shift()!.seq);
  }

  /**
   * The units changed on a board's day since it was made (`board.seq`), or null when it cannot
   * be patched (made before a drop, or the events it missed are no longer logged).
   */
  pendingUnits(day: string, board: CachedBoard): Set<number> | null {
    const since = board.seq ?? 0;
    if (since < this.clearedSeq || since < (this.forgotten.get(day) ?? 0)) return null;
    const out = new Set<number>();
    const log = this.changes.get(day) ?? [];
    for (let i = log.length - 1; i >= 0 && log[i]!.seq > since; i--) for (const id of log[i]!.unitIds) out.add(id);
    return out;
  }

  /** An entry still within its time limit (not checked against the state; see getOrBuild). */
  private live(key: string, now: number): CachedBoard | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at > this.servedFor(hit) || now < hit.at) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.storedAt.set(key, performance.now());
    return hit;
  }

  /**
   * The cached board, patched with the units changed since it was made (`patch`), or one build
   * of it however many requests ask at once. Every tablet refetches the board when a unit
   * changes, so requests arrive together: each used to build its own copy (48 tablets, 48 builds
   * of ~30 ms on 2 cores: a p99 of half a second behind them). Only a request that read the same
   * fingerprint and event sequence number joins a build or patch, so nobody is given a board
   * older than the state it saw.
   */
  getOrBuild(
    key: string,
    now: number,
    fingerprint: string,
    build: () => Promise<CachedBoard>,
    patch?: (previous: CachedBoard, units: ReadonlySet<number>) => Promise<CachedBoard | undefined>,
    /** Are the venue-wide parts of a board still as they were (checked every ttlMs)? */
    recheck?: (previous: CachedBoard) => Promise<boolean>,
  ): Promise<CachedBoard> {
    const seq = this.seqNo;
    const day = key.slice(0, key.indexOf('|'));
    const previous = this.live(key, now);
    if (previous?.pieces && now - previous.at > this.maxAge(previous)) this.rebuildInBackground(key, build);
    if (previous?.pieces && recheck && now - (previous.checkedAt ?? previous.at) > this.limits.ttlMs) {
      return recheck(previous).then((same) => {
        if (same) previous.checkedAt = now;
        else this.delete(key);
        return this.getOrBuild(key, now, fingerprint, build, patch);
      });
    }
    const pending = previous ? this.pendingUnits(day, previous) : null;
    if (previous && pending?.size === 0 && previous.fingerprint === fingerprint) return Promise.resolve(previous);
    const flight = `${key}#${fingerprint}#${seq}`;
    let inFlight = this.building.get(flight);
    if (!inFlight) {
      const whole = () => {
        this.counts.built++;
        return build();
      };
      const make =
        previous?.pieces && pending && patch
          ? patch(previous, pending).then((b) => {
              if (!b) return whole();
              this.counts.patched++;
              return b;
            })
          : whole();
      inFlight = make
        .then((board) => {
          board.seq ??= seq;
          this.set(key, board);
          return board;
        })
        .finally(() => this.building.delete(flight));
      this.building.set(flight, inFlight);
    }
    return inFlight;
  }

  /** The board built whole while the patched one is still served; events meanwhile are pending. */
  private rebuildInBackground(key: string, build: () => Promise<CachedBoard>): void {
    const flight = `${key}#rebuild`;
    if (this.building.has(flight)) return;
    const seq = this.seqNo;
    this.counts.built++;
    const done = build()
      .then((board) => {
        board.seq ??= seq;
        // Unless a drop came meanwhile (then the next request builds anew anyway).
        if (this.entries.has(key)) this.set(key, board);
        return board;
      })
      .finally(() => this.building.delete(flight));
    // A failed safety rebuild is retried by the next request; the patched board stays meanwhile.
    done.catch(() => undefined);
    this.building.set(flight, done);
  }

  set(key: string, value: CachedBoard): void {
    this.delete(key);
    this.entries.set(key, value);
    this.storedAt.set(key, performance.now());
    this.bytes += sizeOf(value);
    for (const [k, v] of this.entries) {
      if (value.at - v.at > this.servedFor(v)) this.delete(k);
    }
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      if (k === key) continue;
      this.delete(k);
    }
  }

  dropDay(day: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${day}|`)) this.delete(key);
    // A board of the day being made now must not be patched later either.
    this.forgotten.set(day, ++this.seqNo);
    this.changes.delete(day);
  }

  clear(): void {
    this.clearedSeq = ++this.seqNo;
    this.changes.clear();
    this.forgotten.clear();
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
