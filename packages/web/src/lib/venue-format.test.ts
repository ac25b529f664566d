import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useVenueClock } from './venue-format';

// The signed-in user carries the venue's zone; the tablet's own zone must not matter.
vi.mock('./session', () => ({ useCurrentUser: () => ({ data: { timeZone: 'America/New_York' } }) }));

describe('useVenueClock', () => {
  it("says the venue's 24-hour time whatever zone the tablet is in", () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      const { result } = renderHook(() => useVenueClock());
      // 2026-07-04 15:24 UTC is 11:24 in New York (EDT) and 00:24 the next day in Tokyo.
      expect(result.current(Date.UTC(2026, 6, 4, 15, 24))).toBe('11:24');
      expect(result.current(Date.UTC(2026, 0, 4, 4, 5))).toBe('23:05');
    } finally {
      process.env.TZ = before;
    }
  });
});
