import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BoardCache,
  type CachedBoard,
  MAX_BYTES,
  MAX_ENTRIES,
  boardCache,
} from '../../src/features/units/board-cache';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs } from '../helpers';

// Issue 25, deliver 4: the board cache proves its bound through the app. A supervisor leafs
// through more past days than the cache may hold: it never holds more than its bound, and a day
// it let go is garbage (nothing else — a build in flight, the sweep's list — keeps it alive).
// The clock stands still and the time-limit sweep is held (fake setInterval), so only the bound
// itself can evict: remove it and this fails.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MORNING = Date.UTC(2026, 6, 4, 14, 0);

describe('board cache bound, through the app', () => {
  let t: TestApp;
  let cache: BoardCache;
  const stored: WeakRef<CachedBoard>[] = [];
  let most = 0;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await buildTestApp({ clock: fixedClock(MORNING) });
    cache = boardCache(t.deps.events);
    const set = cache.set.bind(cache);
    cache.set = (key: string, value: CachedBoard) => {
      set(key, value);
      stored.push(new WeakRef(value));
      most = Math.max(most, cache.size);
    };
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it(`holds at most ${MAX_ENTRIES} days and lets the evicted ones be collected`, async () => {
    const days = MAX_ENTRIES + 8;
    for (let k = 1; k <= days; k++) {
      const ts = Math.floor((MORNING - k * 86_400_000) / 1000);
      const res = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getUnits/${ts}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(stored).toHaveLength(days);
    expect(most).toBe(MAX_ENTRIES);
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.heldBytes).toBeLessThanOrEqual(MAX_BYTES);
    // The oldest days were evicted; once collected, their memory is back.
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setImmediate(r));
    }
    const evicted = stored.slice(0, days - MAX_ENTRIES);
    expect(evicted.filter((r) => r.deref() !== undefined)).toHaveLength(0);
    // The days still held are alive (the check above is not vacuous).
    expect(stored.slice(-MAX_ENTRIES).every((r) => r.deref() !== undefined)).toBe(true);
    // 72 board builds: under 2 s on a quiet machine, over 30 s at a load of 20 (CI beside helpers).
  }, 120_000);
});
