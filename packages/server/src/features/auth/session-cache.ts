import type { EventBus } from '../../platform/events';
import type { SessionUser } from '../../platform/deps';

// Every signed-in request looked its session up in the database: on PostgreSQL a round trip of
// its own beside the sale's one read and one write, on SQLite a Kysely query. A tablet asks
// several calls in a row (a sale is catalogue, price check, receipt check, save, board), so the
// answer is kept for a few seconds per token (decision 252). What can change the answer tells the
// cache at once: sign-out, a new password, deactivation and any edit of the user go through
// sessionsEnded/usersChanged (auth.service.ts), which forget the user's entries here and publish
// the 'sessions' event, which forgets them on every other instance; a resync (events possibly
// missed) forgets everything. A change made behind the app's back (SQL by hand, a CLI on SQLite)
// counts within REVALIDATE_MS.

/** How long a looked-up session answers from memory before the database is asked again. */
export const REVALIDATE_MS = 5_000;
/** Entries kept at most (the oldest go first): a venue has tens of tablets, not thousands. */
const MAX_ENTRIES = 2_000;

interface Entry {
  user: SessionUser;
  /** When the database last said this token was live (app clock). */
  checkedAt: number;
  /** The session's last_seen_at as then read or written (idle expiry and the touch). */
  lastSeenAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(events: EventBus, sessionsEvent: string) {
    events.subscribe((e) => {
      if (e.type === 'resync') this.clear();
      else if (e.type === sessionsEvent) this.forget(e.userIds ?? null);
    });
  }

  /** The cached user of this token, if checked less than REVALIDATE_MS ago and not idle past `idleMs`. */
  get(token: string, now: number, idleMs: number, touchEveryMs: number): SessionUser | null {
    const e = this.entries.get(token);
    if (!e) return null;
    // A clock that went back, a check too old, or a touch due: ask the database.
    if (now < e.checkedAt || now - e.checkedAt >= REVALIDATE_MS) return null;
    if (now - e.lastSeenAt > idleMs || now - e.lastSeenAt > touchEveryMs) return null;
    return e.user;
  }

  set(token: string, user: SessionUser, now: number, lastSeenAt: number): void {
    this.entries.delete(token);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { user, checkedAt: now, lastSeenAt });
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  /** Forgets the entries of these users (null: everyone's). */
  forget(userIds: readonly number[] | null): void {
    if (!userIds) return this.clear();
    const ids = new Set(userIds);
    for (const [token, e] of this.entries) if (ids.has(e.user.id)) this.entries.delete(token);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per app, found by the app's event bus (tests build several apps in one process). */
const caches = new WeakMap<EventBus, SessionCache>();

export function sessionCacheOf(events: EventBus, sessionsEvent: string): SessionCache {
  let cache = caches.get(events);
  if (!cache) {
    cache = new SessionCache(events, sessionsEvent);
    caches.set(events, cache);
  }
  return cache;
}
