import { describe, expect, it } from 'vitest';
import { CartUnit } from '../src/sales';

// An add-on list as the spec's tablets send it: "12,14". What the pattern lets through the parser
// must read (the fuzz test drew "12 34", which the pattern allowed and the parser refused).
const addOns = (selectedAddons: unknown) => CartUnit.safeParse({ unitId: 1, selectedUnit: 2, selectedAddons });

describe('selectedAddons', () => {
  it('reads commas and spaces alike', () => {
    for (const [text, ids] of [
      ['', []],
      ['12,14', [12, 14]],
      ['12 34', [12, 34]],
      [' 1, 2 ,,3 ', [1, 2, 3]],
      ['123456789', [123456789]],
    ] as const) {
      const r = addOns(text);
      expect(r.success, text).toBe(true);
      expect(r.data?.selectedAddons).toEqual(ids);
    }
    expect(addOns([3, 4]).data?.selectedAddons).toEqual([3, 4]);
  });

  it('refuses what is not a list of ids a column holds, with one message', () => {
    for (const text of ['1234567890', '0', '12a', '-3', '1.5', '9'.repeat(400)]) {
      const r = addOns(text);
      expect(r.success, text).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Item codes are price ids');
    }
  });
});
