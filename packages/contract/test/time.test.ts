import { describe, expect, it } from 'vitest';
import { addDays, businessDay, dayOfYear, dayStartMs, toTimestamp } from '../src/rules/time';

describe('venue time', () => {
  const tz = 'America/New_York';
  it('puts a late-evening UTC instant on the venue calendar day', () => {
    // 2026-07-05 02:30 UTC is 22:30 on July 4 in New York.
    expect(businessDay(Date.UTC(2026, 6, 5, 2, 30), tz)).toBe('2026-07-04');
  });
  it('counts days of year', () => {
    expect(dayOfYear('2026-01-01')).toBe(1);
    expect(dayOfYear('2026-12-31')).toBe(365);
    expect(dayOfYear('2028-12-31')).toBe(366);
  });
  it('finds venue midnight across daylight saving', () => {
    expect(new Date(dayStartMs('2026-07-04', tz)).toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(new Date(dayStartMs('2026-01-15', tz)).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(new Date(dayStartMs('2026-03-08', tz)).toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
  it('makes 10-digit timestamps and adds days', () => {
    expect(String(toTimestamp(Date.UTC(2026, 6, 4)))).toHaveLength(10);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
