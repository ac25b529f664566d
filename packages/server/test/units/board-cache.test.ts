import type { DashboardData } from '@sandbar/contract/units';
import { afterEach, describe, expect, it, vi } from 'vitest';
import zlib from 'node:zlib';
import {
  BoardCache,
  type CachedBoard,
  HEAP_PER_JSON_BYTE,
  SEGMENTED_FROM_BYTES,
  encodeBoard,
  encodePieces,
  encodedBody,
  encodingFor,
  withSearch,
} from '../../src/features/units/board-cache';
import type { EventBus } from '../../src/platform/events';

// Issue 15: the board's day cache is bounded by count, age and memory (least recently used goes
// first), and a search answers from the cached bytes instead of serialising the day again.

const bus = { subscribe: () => () => undefined } as unknown as EventBus;

function board(day: string, kb: number, at: number): CachedBoard {
  const data = {
    currentDay: day,
    locations: [{ name: 'x'.repeat(kb * 1024) }],
    search: null,
  } as unknown as DashboardData;
  return { data, body: encodeBoard(data), at, fingerprint: 'f' };
}

afterEach(() => vi.useRealTimers());

describe('board cache', () => {
  it('keeps its memory bound by evicting the least recently used day', () => {
    const cache = new BoardCache(bus, {
      maxEntries: 100,
      maxBytes: 3.5 * HEAP_PER_JSON_BYTE * 100 * 1024,
      ttlMs: 60_000,
    });
    for (let d = 1; d <= 3; d++) cache.set(`2026-07-0${d}|1`, board(`2026-07-0${d}`, 100, 1000));
    expect(cache.size).toBe(3);
    // Reading day 1 makes day 2 the least recently used.
    expect(cache.get('2026-07-01|1', 1000, 'f')).toBeDefined();
    cache.set('2026-07-04|1', board('2026-07-04', 100, 1000));
    expect(cache.size).toBe(3);
    expect(cache.get('2026-07-02|1', 1000, 'f')).toBeUndefined();
    expect(cache.get('2026-07-01|1', 1000, 'f')).toBeDefined();
    expect(cache.heldBytes).toBeLessThanOrEqual(3.5 * HEAP_PER_JSON_BYTE * 100 * 1024);
  });

  it('drops entries past their time limit when a new one arrives, and bounds the count', () => {
    const cache = new BoardCache(bus, { maxEntries: 2, maxBytes: 2 ** 30, ttlMs: 5_000 });
    cache.set('a|1', board('a', 1, 0));
    cache.set('b|1', board('b', 1, 6_000));
    expect(cache.size).toBe(1);
    cache.set('c|1', board('c', 1, 6_000));
    cache.set('d|1', board('d', 1, 6_000));
    expect(cache.size).toBe(2);
    expect(cache.get('d|1', 6_000, 'f')).toBeDefined();
    cache.clear();
    expect([cache.size, cache.heldBytes]).toEqual([0, 0]);
  });

  it('lets expired entries go on its own, with no new board arriving (an idle evening)', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const cache = new BoardCache(bus, { maxEntries: 10, maxBytes: 2 ** 30, ttlMs: 5_000 });
    cache.set('2026-07-01|1', board('2026-07-01', 100, 0));
    cache.set('2026-07-02|1', board('2026-07-02', 100, 0));
    vi.advanceTimersByTime(4_000);
    expect(cache.size).toBe(2);
    vi.advanceTimersByTime(6_000);
    expect([cache.size, cache.heldBytes]).toEqual([0, 0]);
    cache.close();
  });

  it('builds a board once for requests that ask together, and only for the same fingerprint', async () => {
    const cache = new BoardCache(bus, { maxEntries: 10, maxBytes: 2 ** 30, ttlMs: 5_000 });
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const build = (fingerprint: string) => async () => {
      builds++;
      await gate;
      return { ...board('2026-07-01', 1, 1000), fingerprint };
    };
    const same = Array.from({ length: 10 }, () => cache.getOrBuild('2026-07-01|1', 1000, 'f', build('f')));
    // A request that saw a newer state must not be handed the board being built from the older.
    const newer = cache.getOrBuild('2026-07-01|1', 1000, 'g', build('g'));
    release();
    const boards = await Promise.all(same);
    expect(new Set(boards).size).toBe(1);
    expect((await newer).fingerprint).toBe('g');
    expect(builds).toBe(2);
    // Built and stored: the next request is a hit.
    await cache.getOrBuild('2026-07-01|1', 1000, 'g', build('g'));
    expect(builds).toBe(2);
    cache.close();
  });

  it('does not keep a failed build: the next request builds again', async () => {
    const cache = new BoardCache(bus, { maxEntries: 10, maxBytes: 2 ** 30, ttlMs: 5_000 });
    const failing = () => Promise.reject(new Error('database down'));
    await expect(cache.getOrBuild('d|1', 1000, 'f', failing)).rejects.toThrow('database down');
    const ok = await cache.getOrBuild('d|1', 1000, 'f', async () => board('d', 1, 1000));
    expect(ok.fingerprint).toBe('f');
    expect(cache.size).toBe(1);
    cache.close();
  });

  it('answers a search with the cached bytes and the result in place of null', () => {
    const b = board('2026-07-01', 1, 0);
    const search = { searchTerm: 'smith "jr"', count: 2, unitIds: [4, 9] };
    const out = JSON.parse(withSearch(b, search).toString('utf8'));
    expect(out).toEqual({ ...b.data, search });
    expect(JSON.parse(b.body.toString('utf8')).search).toBeNull();
  });

  it('sends a big day as gzip made of per-location pieces, byte for byte the JSON', () => {
    const unit = (id: number, kb: number) => ({ id, note: `${id}`.repeat(kb * 1024) });
    const data = {
      locations: [1, 2, 3].map((id) => ({
        id,
        name: `L${id}`,
        units: [[unit(id * 10, 200), unit(id * 10 + 1, 200)]],
        totals: { units: 2 },
      })),
      hotels: [],
      currentDay: '2026-07-01',
      search: null,
    } as unknown as DashboardData;
    const { body, pieces } = encodePieces(data, new Map());
    expect(body.equals(encodeBoard(data))).toBe(true);
    const big: CachedBoard = { data, body, pieces, at: 0, fingerprint: 'f' };
    expect(body.length).toBeGreaterThan(SEGMENTED_FROM_BYTES);
    // A browser preferring brotli still gets gzip for a big day; a small one gets brotli.
    expect(encodingFor(big, ['br', 'gzip'])).toBe('gzip');
    expect(encodingFor(big, ['br'])).toBe('br');
    expect(encodingFor(board('d', 1, 0), ['br', 'gzip'])).toBe('br');
    expect(zlib.gunzipSync(encodedBody(big, 'gzip')).equals(body)).toBe(true);
  });
});
