import { describe, expect, it } from 'vitest';
import { Id, digitsBetween, wholeNumber } from '../src/common';
import { TimeStamp } from '../src/units';

describe('whole numbers in requests (issue 27: ids are integers only)', () => {
  it('digitsBetween matches exactly the digits of lo…hi', () => {
    for (const [lo, hi] of [
      [1, 2147483647],
      [946684800, 4102444800],
      [0, 500],
      [37, 4321],
    ] as const) {
      const re = new RegExp(digitsBetween(lo, hi));
      const probes = [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1, Math.floor((lo + hi) / 2)];
      for (let k = 1; k < 12; k++) probes.push(10 ** k, 10 ** k - 1);
      for (const n of probes) if (n >= 0) expect(re.test(String(n)), `${n} in ${lo}…${hi}`).toBe(n >= lo && n <= hi);
      expect(re.test(`0${lo}`)).toBe(false);
    }
  });

  it('takes numbers and digit texts, and refuses true, hex, exponents, spaces and decimals', () => {
    expect(Id.parse(12)).toBe(12);
    expect(Id.parse('12')).toBe(12);
    for (const bad of [true, '0x1', '1e3', ' 1', '1.0', 1.5, 0, '0', -1, 2147483648, '2147483648', null, '']) {
      expect(Id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(Id.safeParse('0x1').error?.issues[0]?.message).toBe('An id must be a whole number from 1 to 2147483647.');
    expect(wholeNumber(1, 500, 'x').safeParse('501').success).toBe(false);
  });

  it('time stamps are seconds or milliseconds of 2000…2099', () => {
    expect(TimeStamp.parse(1767225600)).toBe(1767225600);
    expect(TimeStamp.parse('1767225600000')).toBe(1767225600);
    // 12-digit numbers are neither: the fuzzer's 946684800026 was accepted and read as seconds, a
    // day in year 31970 that PostgreSQL refused as an 11-character day (a 500).
    for (const bad of [946684800026, '999999999999', 999999999999]) {
      expect(TimeStamp.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(TimeStamp.parse(1_000_000_000_000)).toBe(1_000_000_000);
    for (const bad of [5, '5', true, '0x69500000', 1e14, '17672256000', 4102444801]) {
      expect(TimeStamp.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
