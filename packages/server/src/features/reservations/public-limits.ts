// Per-IP and per-contact limits of the guest's page (issue 24 point 9): a sliding window of
// timestamps per key, kept in this instance's memory (several instances each allow their share:
// the limit is per instance, which still bounds a scraper or a flood by the instance count).

export class SlidingLimit {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit for `key` at `now`; false when the key is over its limit (the hit is not counted). */
  take(key: string, now: number): boolean {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.max) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    // Keep memory bounded: forget keys with nothing recent.
    if (this.hits.size > 50_000) for (const [k, v] of this.hits) if (!v.some((t) => t > since)) this.hits.delete(k);
    return true;
  }
}

/** The page's limits: reads per IP, bookings per IP and per phone / e-mail. */
export const publicLimits = {
  availabilityPerIp: () => new SlidingLimit(240, 60_000),
  bookingPerIp: () => new SlidingLimit(10, 60 * 60_000),
  bookingPerContact: () => new SlidingLimit(3, 24 * 60 * 60_000),
  managePerIp: () => new SlidingLimit(60, 60_000),
};
