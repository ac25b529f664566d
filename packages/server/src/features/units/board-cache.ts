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
