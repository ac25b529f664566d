/**
 * Phone numbers as staff type them: "305-555-0122", "(305) 555-0122", "305 555 0122" are one number.
 * Saved as digits (with a leading + when typed), searched by digits, so any of them finds the others.
 */

const phoneChars = /^\+?[\d\s().-]+$/;

/** The number as saved: digits only, a leading + kept; null when it is not a phone number. */
export function normalisePhone(phone: string): string | null {
  const p = phone.trim();
  if (!phoneChars.test(p)) return null;
  const digits = p.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  return (p.startsWith('+') ? '+' : '') + digits;
}

/**
 * The digits of a search term that reads as (part of) a phone number, else null. Four digits at
 * least, so "12" finds unit 12 rather than every 555-12… number.
 */
export function phoneSearchDigits(term: string): string | null {
  const t = term.trim();
  if (!phoneChars.test(t)) return null;
  const digits = t.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}

/** Does a saved phone (in any format) contain the digits searched for? */
export function phoneMatches(saved: string, digits: string): boolean {
  return saved !== '' && saved.replace(/\D/g, '').includes(digits);
}
