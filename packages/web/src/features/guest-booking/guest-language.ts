import { type GuestLanguage, guestBookingTexts, guestLanguage } from '@sandbar/contract/booking-page';
import { useEffect, useState } from 'react';

// The page speaks the browser's language (English or Spanish) unless the guest switched or the
// link says ?lang=es; the switch is remembered on the phone.

const key = 'sandbar.guestLanguage';

function initialLanguage(): GuestLanguage {
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (fromUrl === 'en' || fromUrl === 'es') return fromUrl;
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(key);
  } catch {
    // Private mode may refuse storage: the browser's language then.
  }
  if (saved === 'en' || saved === 'es') return saved;
  return guestLanguage(navigator.languages ?? [navigator.language]);
}

export function useGuestLanguage() {
  const [lang, setLang] = useState<GuestLanguage>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const choose = (next: GuestLanguage) => {
    setLang(next);
    try {
      window.localStorage.setItem(key, next);
    } catch {
      // Not remembered; the page still switches.
    }
  };
  return { lang, t: guestBookingTexts[lang], setLang: choose };
}

/** 'YYYY-MM-DD' as the guest reads it: "Saturday, July 4". */
export function formatDay(day: string, lang: GuestLanguage): string {
  const d = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** A price's name in the page's language: its Spanish name where the price list has one. */
export function priceName(p: { name: string; nameEs?: string }, locale: string): string {
  return (locale.startsWith('es') && p.nameEs) || p.name;
}
