import { venueParts } from '@sandbar/contract/rules/time';
import { describe, expect, it } from 'vitest';
import { venueMinute } from '../../src/features/sales/sale-units';
import { newReceiptId } from '../../src/features/receipts/receipts.service';

describe('a sale’s venue minute and receipt id, made cheaper (issue 25)', () => {
  it('venueMinute answers what venueParts does, across DST changes and zones of half and quarter hours', () => {
    const zones = ['America/New_York', 'Europe/Madrid', 'Asia/Kathmandu', 'Australia/Adelaide', 'Pacific/Chatham'];
    // Minutes around New York's and Madrid's spring and autumn changes, and a random spread.
    const starts = [Date.UTC(2026, 2, 8, 6, 58), Date.UTC(2026, 10, 1, 5, 58), Date.UTC(2026, 2, 29, 0, 58)];
    for (let i = 0; i < 200; i++) starts.push(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 365 * 86_400_000));
    for (const zone of zones) {
      for (const start of starts) {
        for (const ms of [start, start + 1, start + 59_999, start + 60_000, start + 3_600_000]) {
          expect(venueMinute(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(venueParts(ms, zone));
        }
      }
    }
  });

  it('receipt ids stay 144 random bits each, never repeated across the pooled draws', () => {
    const ids = Array.from({ length: 2000 }, () => newReceiptId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
