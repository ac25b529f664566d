import { describe, expect, it } from 'vitest';
import { guestBookingTexts, guestLanguage, guestServerText } from '../src/booking-page';
import { keyDifferences } from '../src/i18n';
import { publicBookingTexts, reservationTexts } from '../src/reservations';
import { bookableFor } from '../src/rules/reservation';

describe('the guest booking page texts', () => {
  it('have the same keys and parameters in English and Spanish', () => {
    expect(keyDifferences(guestBookingTexts.en, guestBookingTexts.es)).toEqual([]);
    const { en, es } = guestBookingTexts;
    for (const k of Object.keys(en) as (keyof typeof en)[])
      if (typeof en[k] === 'function') expect((es[k] as () => string).length, k).toBe((en[k] as () => string).length);
  });

  it('are the very answers the server gives a guest, so the page can put them in Spanish', () => {
    expect(publicBookingTexts.unitGone).toBe(guestBookingTexts.en.errors.unitGone);
    expect(reservationTexts.dayPast).toBe(guestBookingTexts.en.errors.dayPast);
    expect(reservationTexts.invalidPhone).toBe(guestBookingTexts.en.errors.invalidPhone);
    expect(reservationTexts.invalidEmail).toBe(guestBookingTexts.en.errors.invalidEmail);
    expect(guestServerText(publicBookingTexts.linkExpired, 'es')).toBe('Este enlace ha caducado o no es válido.');
    expect(guestServerText(publicBookingTexts.linkExpired, 'en')).toBe(publicBookingTexts.linkExpired);
    expect(guestServerText('Something new.', 'es')).toBe('Something new.');
  });

  it('speak the first of the browser languages they know', () => {
    expect(guestLanguage(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(guestLanguage(['fr'])).toBe('en');
    expect(guestLanguage(undefined)).toBe('en');
  });
});

describe('bookableFor', () => {
  const unit = (state: 'free' | 'reserved' | 'taken' | 'dark', am = false, pm = false) => ({
    state,
    halves: { am, pm },
  });
  it('offers a free unit for every window and never a sold or dark one', () => {
    for (const w of ['full', 'morning', 'afternoon'] as const) {
      expect(bookableFor(unit('free'), w)).toBe(true);
      expect(bookableFor(unit('taken'), w)).toBe(false);
      expect(bookableFor(unit('dark'), w)).toBe(false);
    }
  });
  it('offers a unit booked for the afternoon only for the morning', () => {
    const pm = unit('reserved', false, true);
    expect(bookableFor(pm, 'morning')).toBe(true);
    expect(bookableFor(pm, 'afternoon')).toBe(false);
    expect(bookableFor(pm, 'full')).toBe(false);
    expect(bookableFor(unit('reserved', true, true), 'morning')).toBe(false);
  });
});
