import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneMatches, phoneSearchDigits } from '../src/rules/phone';

describe('phone numbers', () => {
  it('saves every way of typing a number as its digits', () => {
    for (const typed of ['305-555-0122', '(305) 555-0122', '305 555 0122', '305.555.0122', '3055550122'])
      expect(normalisePhone(typed)).toBe('3055550122');
    expect(normalisePhone('+1 (305) 555-0122')).toBe('+13055550122');
    expect(normalisePhone('call me')).toBeNull();
    expect(normalisePhone('555-12')).toBeNull();
  });
  it('searches by digits whatever the format on either side', () => {
    for (const term of ['305-555-0122', '(305) 555-0122', '555-0122', '0122']) {
      const d = phoneSearchDigits(term)!;
      expect(phoneMatches('3055550122', d)).toBe(true);
      expect(phoneMatches('305 555 0122', d)).toBe(true);
    }
    expect(phoneSearchDigits('12')).toBeNull();
    expect(phoneSearchDigits('Smith')).toBeNull();
    expect(phoneMatches('', '0122')).toBe(false);
  });
});
