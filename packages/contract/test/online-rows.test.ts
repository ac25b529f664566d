import { describe, expect, it } from 'vitest';
import { bookableFor, onlineRowsFor, onlineRowsRule } from '../src/rules/reservation';

// Bookable rows (issue 24 point 5): the rule Config writes and the page and server read.

describe('online rows', () => {
  it('reads the rows of a named location; an unnamed location books every row', () => {
    expect(onlineRowsFor('MB=2 1, CD=1', 'mb')).toEqual([1, 2]);
    expect(onlineRowsFor('MB=2 1, CD=1', 'CD')).toEqual([1]);
    expect(onlineRowsFor('MB=2 1', 'CD')).toBeNull();
    expect(onlineRowsFor('', 'MB')).toBeNull();
    expect(onlineRowsFor('MB=', 'MB')).toEqual([]);
  });

  it('writes back only the locations with walk-in rows', () => {
    expect(
      onlineRowsRule([
        { name: 'MB', allRows: 4, rows: [2, 1] },
        { name: 'CD', allRows: 2, rows: [1, 2] },
      ]),
    ).toBe('MB=1 2');
    expect(onlineRowsRule([{ name: 'CD', allRows: 2, rows: [] }])).toBe('CD=');
    const rule = onlineRowsRule([{ name: 'MB', allRows: 4, rows: [3] }]);
    expect(onlineRowsFor(rule, 'MB')).toEqual([3]);
  });

  it('never lets the page book a walk-in unit, free or not', () => {
    const halves = { am: false, pm: false };
    expect(bookableFor({ state: 'free', halves }, 'full')).toBe(true);
    expect(bookableFor({ state: 'free', halves, walkIn: true }, 'full')).toBe(false);
    expect(bookableFor({ state: 'reserved', halves: { am: true, pm: false }, walkIn: true }, 'afternoon')).toBe(false);
  });
});
