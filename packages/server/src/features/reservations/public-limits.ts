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

/**
 * Every instance's counters in public_limit_hits (PostgreSQL). One statement per hit: it adds the
 * hit only while the estimate stays under the limit, and the row lock of the key's window makes
 * concurrent hits from any instance queue for it, so a burst is cut at the limit exactly. Keys are
 * stored as hashes: the table never holds a guest's phone, e-mail or address.
 */
export class PostgresLimits implements LimitStore {
  private lastSweep = 0;
  constructor(
    private readonly db: Kysely<DB>,
    /** Where page views count (the page's own connections); bookings count with the app's. */
    private readonly readsDb: Kysely<DB>,
    private readonly rules: PublicLimitRules,
  ) {}

  async take(name: PublicLimit, key: string, now: number): Promise<boolean> {
    const rule = this.rules[name];
    const start = now - (now % rule.windowMs);
    const covered = Math.max(0, rule.windowMs - (now - start)) / rule.windowMs;
    const hash = crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);
    const previous = sql`floor(coalesce((SELECT p.hits FROM public_limit_hits p
      WHERE p.limit_name = ${name} AND p.key_hash = ${hash} AND p.window_start = ${start - rule.windowMs}), 0) * ${covered}::float8)`;
    const { rows } = await sql<{ hits: number }>`
      INSERT INTO public_limit_hits (limit_name, key_hash, window_start, hits)
      SELECT ${name}, ${hash}, ${start}, 1 WHERE ${previous} < ${rule.max}
      ON CONFLICT (limit_name, key_hash, window_start)
        DO UPDATE SET hits = public_limit_hits.hits + 1
        WHERE public_limit_hits.hits + ${previous} < ${rule.max}
      RETURNING hits`.execute(name === 'availabilityPerIp' ? this.readsDb : this.db);
    this.sweep(now);
    return rows.length === 1;
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
    // A page view counts through the page's own connections (public-db.ts), never queued behind
    // checkouts; a booking's own counts go with the booking, through the app's pool (through the
    // page's two connections, 200 phones checking out at once made the page wait 2 s).
    s =
      deps.database.dialect === 'postgres'
        ? new PostgresLimits(deps.db, publicDb(deps), rules)
        : new MemoryLimits(rules);
    stores.set(deps.events, s);
  }
  return s;
}

/** Counts a hit of each (limit, key) in turn; false at the first one over its limit. */
export async function takeLimits(deps: LimitDeps, hits: [PublicLimit, string][]): Promise<boolean> {
  const store = limitStore(deps);
  const now = deps.clock.now();
  for (const [name, key] of hits) if (!(await store.take(name, key, now))) return false;
  return true;
}
