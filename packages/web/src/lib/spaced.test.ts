import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spaced } from './spaced';

describe('spaced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one run at the end of the gap', () => {
    const fn = vi.fn();
    const call = spaced(fn, 10_000);
    call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(100);
      call();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(fn).toHaveBeenCalledTimes(2);
    // Nothing left over: no call, no run.
    vi.advanceTimersByTime(60_000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs at once again once the gap has passed', () => {
    const fn = vi.fn();
    const call = spaced(fn, 1_000);
    call();
    vi.advanceTimersByTime(1_500);
    call();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
