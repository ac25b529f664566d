import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { publicDb } from './public-db';

// Per-IP and per-contact limits of the guest's page (issue 24 point 9), set by SANDBAR_PUBLIC_*
// (docs/CONFIGURATION.md, env.ts). One instance (SQLite) counts in memory; on PostgreSQL every
// instance counts in one small unlogged table, so N instances allow the limit, not N times it
// (decision record 173). Both count the same way: a sliding-window counter, i.e. the hits of the
// current fixed window plus the previous window's hits weighted by how much of it the sliding
// window still covers. A burst inside one window is cut at the limit exactly; across a window's
// end the count is an estimate (it assumes the previous window's hits were spread evenly).

export interface LimitRule {
  max: number;
  windowMs: number;
}

export type PublicLimit =
  'availabilityPerIp' | 'bookingPerIp' | 'bookingPerContact' | 'managePerIp' | 'hotelCheckPerIp' | 'hotelCheckPerRoom';
export type PublicLimitRules = Record<PublicLimit, LimitRule>;

/** The defaults (docs/CONFIGURATION.md): reads per IP, bookings per IP and per phone / e-mail, manage-link calls per IP. */
export const defaultPublicLimits: PublicLimitRules = {
  availabilityPerIp: { max: 240, windowMs: 60_000 },
  bookingPerIp: { max: 10, windowMs: 60 * 60_000 },
  bookingPerContact: { max: 3, windowMs: 24 * 60 * 60_000 },
  managePerIp: { max: 60, windowMs: 60_000 },
  /**
   * Hotel-rate checks (room + surname against the roster, decision 174): per IP, and per hotel
   * room so that many phones together cannot try surnames for one room. A hotel's guests may share
   * its Wi-Fi's IP, hence the room limit is the tight one.
   */
  hotelCheckPerIp: { max: 20, windowMs: 60 * 60_000 },
  hotelCheckPerRoom: { max: 5, windowMs: 60 * 60_000 },
};

/** Is one more hit allowed, `elapsed` ms into the current window? */
export function allowed(rule: LimitRule, hits: number, previous: number, elapsed: number): boolean {
  const stillCovered = Math.max(0, rule.windowMs - elapsed) / rule.windowMs;
  return hits + Math.floor(previous * stillCovered) < rule.max;
}

export interface LimitStore {
  /** Counts a hit of `key` at `now`; false when the key is over the limit (the hit is then not counted). */
  take(name: PublicLimit, key: string, now: number): Promise<boolean> | boolean;
  /** Several hits at once, all or none (PostgreSQL: one statement). */
  takeAll?(hits: [PublicLimit, string][], now: number): Promise<boolean>;
  /** Adds what is counted only in memory to what every instance shares (PostgreSQL's page views). */
  flush?(): Promise<void>;
  close?(): Promise<void>;
}

/** One instance's counters (SQLite, a single process). */
export class MemoryLimits implements LimitStore {
  private readonly counts = new Map<PublicLimit, Map<string, { start: number; hits: number; previous: number }>>();
  constructor(private readonly rules: PublicLimitRules) {}

  take(name: PublicLimit, key: string, now: number): boolean {
    const rule = this.rules[name];
    let byKey = this.counts.get(name);
    if (!byKey) this.counts.set(name, (byKey = new Map()));
    const start = now - (now % rule.windowMs);
    let c = byKey.get(key);
    if (!c || c.start !== start) {
      const previous = c && c.start === start - rule.windowMs ? c.hits : 0;
      c = { start, hits: 0, previous };
      byKey.set(key, c);
      // Memory stays bounded: forget keys whose windows can no longer count.
      if (byKey.size > 50_000) for (const [k, v] of byKey) if (v.start < start - rule.windowMs) byKey.delete(k);
    }
    if (!allowed(rule, c.hits, c.previous, now - start)) return false;
    c.hits++;
    return true;
  }
}

const hashOf = (key: string) => crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** How often an instance adds its page views to the shared table (decision 270). */
export const READS_FLUSH_MS = 1_000;

/**
 * Page views on PostgreSQL (decision 270, issue 36): counted in this instance's memory and added to
 * the shared table once a second in one statement, which answers each address's total over every
 * instance, and the addresses anyone has used half their allowance from. An address is refused when
 * the total this instance knows (the shared count at the last flush plus its own views since)
 * reaches the limit. A read then costs no database round trip; across instances the cut comes
 * within a second (until then each instance cuts at the limit on its own count).
 */
export class BufferedReads {
  /** Per hashed key: the window it counts, its shared total at the last flush, its views since, and the previous window's total. */
  private readonly keys = new Map<string, { start: number; shared: number; pending: number; previous: number }>();

  constructor(
    readonly name: PublicLimit,
    private readonly rule: LimitRule,
  ) {}

  /** Views of a window that ended before they were flushed (added with the next flush). */
  private leftover: { hash: string; start: number; hits: number }[] = [];

  private counter(hash: string, start: number) {
    let c = this.keys.get(hash);
    if (!c) this.keys.set(hash, (c = { start, shared: 0, pending: 0, previous: 0 }));
    if (c.start !== start) {
      // Another window: what this key reached in the one before still counts, weighted.
      if (c.pending > 0) this.leftover.push({ hash, start: c.start, hits: c.pending });
      c.previous = c.start === start - this.rule.windowMs ? c.shared + c.pending : 0;
      c.start = start;
      c.shared = 0;
      c.pending = 0;
    }
    return c;
  }

  take(key: string, now: number): boolean {
    const start = now - (now % this.rule.windowMs);
    const c = this.counter(hashOf(key), start);
    if (!allowed(this.rule, c.shared + c.pending, c.previous, now - start)) return false;
    c.pending++;
    return true;
  }

  /** The views to add (and moves them out of `pending` into `shared`, as the table will count them). */
  drain(): { hash: string; start: number; hits: number }[] {
    const out = this.leftover;
    this.leftover = [];
    for (const [hash, c] of this.keys) {
      if (c.pending === 0) continue;
      out.push({ hash, start: c.start, hits: c.pending });
      c.shared += c.pending;
      c.pending = 0;
    }
    return out;
  }

  /** A flush that failed: its views count here again, to be added with the next one. */
  undrain(rows: { hash: string; start: number; hits: number }[]): void {
    for (const r of rows) {
      const c = this.keys.get(r.hash);
      if (c?.start === r.start) {
        c.shared -= r.hits;
        c.pending += r.hits;
      } else this.leftover.push(r);
    }
  }

  /** Totals the table answered: each key's count over every instance, for its window or the one before. */
  learn(rows: { key_hash: string; window_start: number; hits: number }[], now: number): void {
    const start = now - (now % this.rule.windowMs);
    for (const r of rows) {
      const at = Number(r.window_start);
      if (at === start) {
        const c = this.counter(r.key_hash, start);
        c.shared = Math.max(c.shared, r.hits);
      } else if (at === start - this.rule.windowMs) {
        const c = this.counter(r.key_hash, start);
        if (c.start === start) c.previous = Math.max(c.previous, r.hits);
      }
    }
    // Memory stays bounded: keys that no longer count and have nothing to add go.
    for (const [hash, c] of this.keys)
      if (c.pending === 0 && c.start < start - this.rule.windowMs) this.keys.delete(hash);
  }

  get size(): number {
    return this.keys.size;
  }
}

/** A hit of a request in a batch: the request's index in it, the limit, the key's hash, the request's time. */
interface BatchedHit {
  r: number;
  name: PublicLimit;
  hash: string;
  now: number;
}

/**
 * The hits of several requests counted in one statement (PostgresLimits.takeAll): each hit is added
 * only while its own estimate stays under its limit, and none of a request's when any of its own
 * is already at its limit. No two requests of a statement share a key (takeAll sees to it). Returns
 * the hits added.
 */
function limitHitsStatement(hits: BatchedHit[], rules: PublicLimitRules) {
  const rows = hits.map(({ r, name, hash, now }) => {
    const rule = rules[name];
    const start = now - (now % rule.windowMs);
    const covered = Math.max(0, rule.windowMs - (now - start)) / rule.windowMs;
    return sql`(${r}::int, ${name}::text, ${hash}::text, ${start}::bigint, ${start - rule.windowMs}::bigint, ${covered}::float8, ${rule.max}::int)`;
  });
  return sql<{ limit_name: string; key_hash: string }>`
    WITH wanted (r, limit_name, key_hash, window_start, previous_start, covered, max) AS (VALUES ${sql.join(rows)}),
    now_at AS (
      SELECT w.r, w.limit_name, w.key_hash, w.window_start, w.max,
        floor(coalesce(p.hits, 0) * w.covered) AS previous, coalesce(c.hits, 0) AS hits
      FROM wanted w
      LEFT JOIN public_limit_hits p
        ON p.limit_name = w.limit_name AND p.key_hash = w.key_hash AND p.window_start = w.previous_start
      LEFT JOIN public_limit_hits c
        ON c.limit_name = w.limit_name AND c.key_hash = w.key_hash AND c.window_start = w.window_start
    )
    INSERT INTO public_limit_hits AS t (limit_name, key_hash, window_start, hits)
    SELECT limit_name, key_hash, window_start, 1 FROM now_at
    WHERE NOT EXISTS (SELECT 1 FROM now_at x WHERE x.r = now_at.r AND x.hits + x.previous >= x.max)
    ON CONFLICT (limit_name, key_hash, window_start) DO UPDATE SET hits = t.hits + 1
      WHERE t.hits + (SELECT x.previous FROM now_at x WHERE x.limit_name = excluded.limit_name AND x.key_hash = excluded.key_hash)
        < (SELECT x.max FROM now_at x WHERE x.limit_name = excluded.limit_name AND x.key_hash = excluded.key_hash)
    RETURNING limit_name, key_hash`;
}

/** A booking's limits statement with sample values, for the pool's warm-up (decision 374). */
export function limitStatementsToWarm() {
  return [
    limitHitsStatement(
      [
        { r: 0, name: 'bookingPerIp', hash: '', now: 0 },
        { r: 0, name: 'bookingPerContact', hash: '', now: 0 },
      ],
      defaultPublicLimits,
    ),
  ];
}

/** A request's hits waiting for their statement (PostgresLimits.takeAll). */
interface Counting {
  keys: { name: PublicLimit; hash: string }[];
  now: number;
  resolve(allowed: boolean): void;
  reject(err: unknown): void;
}

/**
 * Every instance's counters in public_limit_hits (PostgreSQL). A booking's limits (per address, per
 * phone / e-mail, hotel-room checks, manage links): one statement per hit that adds it only while the
 * estimate stays under the limit; the row lock of the key's window makes concurrent hits from any
 * instance queue for it, so a burst is cut at the limit exactly. Page views: counted in memory and
 * flushed (BufferedReads). Keys are stored as hashes: the table never holds a guest's phone, e-mail
 * or address.
 */
export class PostgresLimits implements LimitStore {
  private lastSweep = 0;
  private counting: Counting[] = [];
  private readonly reads: BufferedReads;
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<DB>,
    /** Where page views are flushed (the page's own connections); bookings count with the app's. */
    private readonly readsDb: Kysely<DB>,
    private readonly rules: PublicLimitRules,
    private readonly clock: { now(): number },
  ) {
    this.reads = new BufferedReads('availabilityPerIp', rules.availabilityPerIp);
    this.timer = setInterval(() => void this.flush().catch(() => undefined), READS_FLUSH_MS);
    this.timer.unref();
  }

  async take(name: PublicLimit, key: string, now: number): Promise<boolean> {
    if (name === this.reads.name) return this.reads.take(key, now);
    const rule = this.rules[name];
    const start = now - (now % rule.windowMs);
    const covered = Math.max(0, rule.windowMs - (now - start)) / rule.windowMs;
    const hash = hashOf(key);
    const previous = sql`floor(coalesce((SELECT p.hits FROM public_limit_hits p
      WHERE p.limit_name = ${name} AND p.key_hash = ${hash} AND p.window_start = ${start - rule.windowMs}), 0) * ${covered}::float8)`;
    const { rows } = await sql<{ hits: number }>`
      INSERT INTO public_limit_hits (limit_name, key_hash, window_start, hits)
      SELECT ${name}, ${hash}, ${start}, 1 WHERE ${previous} < ${rule.max}
      ON CONFLICT (limit_name, key_hash, window_start)
        DO UPDATE SET hits = public_limit_hits.hits + 1
        WHERE public_limit_hits.hits + ${previous} < ${rule.max}
      RETURNING hits`.execute(this.db);
    this.sweep(now);
    return rows.length === 1;
  }

  /**
   * Several hits of one request (a booking: its address and each of its contacts) in one statement
   * (issue 36: in the opening rush each phone's two statements queued for the pool behind every
   * other phone's): each is added only while its own estimate stays under its limit — the row
   * lock of a key's window still makes concurrent hits queue for it — and none is added when any
   * is already at its limit, as the one-by-one check stopped at the first refusal.
   */
  async takeAll(hits: [PublicLimit, string][], now: number): Promise<boolean> {
    if (hits.some(([name]) => name === this.reads.name)) {
      for (const [name, key] of hits) if (!(await this.take(name, key, now))) return false;
      return true;
    }
    return new Promise<boolean>((resolve, reject) => {
      const keys = hits.map(([name, key]) => ({ name, hash: hashOf(key) }));
      if (this.counting.push({ keys, now, resolve, reject }) === 1) setImmediate(() => void this.countWaiting());
    });
  }

  /**
   * The requests' hits asked in one turn of the event loop, counted in one statement (issue 36,
   * decision 375): under the opening rush fifty phones' limits were fifty statements, and the
   * tablets' sales queued behind them for the pool. A request sharing a key with one already in the
   * statement waits for the next (the key's row lock orders them, as between instances).
   */
  private async countWaiting(): Promise<void> {
    const batch: Counting[] = [];
    const later: Counting[] = [];
    const taken = new Set<string>();
    for (const c of this.counting) {
      const mine = c.keys.map((k) => `${k.name}|${k.hash}`);
      if (mine.some((k) => taken.has(k))) later.push(c);
      else {
        for (const k of mine) taken.add(k);
        batch.push(c);
      }
    }
    this.counting = later;
    if (later.length) setImmediate(() => void this.countWaiting());
    try {
      const { rows } = await limitHitsStatement(
        batch.flatMap((c, r) => c.keys.map((k) => ({ r, ...k, now: c.now }))),
        this.rules,
      ).execute(this.db);
      const added = new Set(rows.map((x) => `${x.limit_name}|${x.key_hash}`));
      for (const c of batch) c.resolve(c.keys.every((k) => added.has(`${k.name}|${k.hash}`)));
      this.sweep(batch[0]!.now);
    } catch (err) {
      for (const c of batch) c.reject(err);
    }
  }

  /**
   * Adds this instance's page views to the table in one statement and learns, for the addresses it
   * counted and for every address anyone has used half its allowance from, the total over all
   * instances. One flush at a time; a second call waits for the running one and then flushes again.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    const run = this.flushOnce();
    this.flushing = run;
    try {
      await run;
    } finally {
      if (this.flushing === run) this.flushing = null;
    }
  }

  private async flushOnce(): Promise<void> {
    const now = this.clock.now();
    const rule = this.rules.availabilityPerIp;
    const start = now - (now % rule.windowMs);
    const rows = this.reads.drain();
    const name = this.reads.name;
    try {
      const added = rows.length
        ? (
            await sql<{ key_hash: string; window_start: number; hits: number }>`
              INSERT INTO public_limit_hits (limit_name, key_hash, window_start, hits)
              SELECT ${name}, k, w, h FROM unnest(${rows.map((r) => r.hash)}::text[],
                ${rows.map((r) => r.start)}::bigint[], ${rows.map((r) => r.hits)}::int[]) AS t(k, w, h)
              ON CONFLICT (limit_name, key_hash, window_start)
                DO UPDATE SET hits = public_limit_hits.hits + excluded.hits
              RETURNING key_hash, window_start, hits`.execute(this.readsDb)
          ).rows
        : [];
      const hot = await sql<{ key_hash: string; window_start: number; hits: number }>`
        SELECT key_hash, window_start, hits FROM public_limit_hits
        WHERE limit_name = ${name} AND window_start >= ${start - rule.windowMs} AND hits * 2 >= ${rule.max}`.execute(
        this.readsDb,
      );
      this.reads.learn([...added, ...hot.rows], this.clock.now());
    } catch (err) {
      this.reads.undrain(rows);
      throw err;
    }
    this.sweep(now);
  }

  /** Stops the flushing timer after a last flush (the app closes). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }

  /** Once a minute per instance, windows that can no longer count go (no job needed). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000 && now >= this.lastSweep) return;
    this.lastSweep = now;
    for (const [name, rule] of Object.entries(this.rules))
      void sql`DELETE FROM public_limit_hits WHERE limit_name = ${name} AND window_start < ${now - 2 * rule.windowMs}`
        .execute(this.db)
        .catch(() => undefined);
  }
}

export type LimitDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'env' | 'database'>;

/** The rules from the environment (env.ts validated them), defaults for what it leaves out. */
export function publicLimitRules(env: Partial<LimitDeps['env']>): PublicLimitRules {
  return {
    availabilityPerIp: env.SANDBAR_PUBLIC_READS_PER_IP ?? defaultPublicLimits.availabilityPerIp,
    bookingPerIp: env.SANDBAR_PUBLIC_BOOKINGS_PER_IP ?? defaultPublicLimits.bookingPerIp,
    bookingPerContact: env.SANDBAR_PUBLIC_BOOKINGS_PER_CONTACT ?? defaultPublicLimits.bookingPerContact,
    managePerIp: env.SANDBAR_PUBLIC_MANAGE_PER_IP ?? defaultPublicLimits.managePerIp,
    hotelCheckPerIp: defaultPublicLimits.hotelCheckPerIp,
    hotelCheckPerRoom: defaultPublicLimits.hotelCheckPerRoom,
  };
}

const stores = new WeakMap<object, LimitStore>();

/** This instance's store (keyed by its event bus, as its caches are): shared on PostgreSQL, memory on SQLite. */
export function limitStore(deps: LimitDeps): LimitStore {
  let s = stores.get(deps.events);
  if (!s) {
    const rules = publicLimitRules(deps.env);
    // Page views are flushed through the page's own connections (public-db.ts), never queued
    // behind checkouts; a booking's own counts go with the booking, through the app's pool.
    s =
      deps.database.dialect === 'postgres'
        ? new PostgresLimits(deps.db, publicDb(deps), rules, deps.clock)
        : new MemoryLimits(rules);
    stores.set(deps.events, s);
  }
  return s;
}

/** Adds this instance's in-memory counts to the shared table now (tests; the app does it every second). */
export async function flushLimits(deps: LimitDeps): Promise<void> {
  await limitStore(deps).flush?.();
}

/** The app closes: a last flush, and the timer stops. */
export async function closeLimits(deps: Pick<LimitDeps, 'events'>): Promise<void> {
  const s = stores.get(deps.events);
  stores.delete(deps.events);
  await s?.close?.();
}

/** Counts a hit of each (limit, key) in turn; false at the first one over its limit. */
export async function takeLimits(deps: LimitDeps, hits: [PublicLimit, string][]): Promise<boolean> {
  const store = limitStore(deps);
  const now = deps.clock.now();
  if (store.takeAll && hits.length > 1) return store.takeAll(hits, now);
  for (const [name, key] of hits) if (!(await store.take(name, key, now))) return false;
  return true;
}
