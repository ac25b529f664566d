import { type FnbLanguage, type FnbTexts, fnbErrorKey, fnbTexts } from '@sandbar/contract/fnb-texts';
import { useEffect, useState } from 'react';

// The order page speaks the phone's language (English or Spanish) unless the guest switched or
// the code's link says ?lang=es; the switch is remembered on the phone (the booking page's key:
// one guest, one language).
const key = 'sandbar.guestLanguage';

function initialLanguage(): FnbLanguage {
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (fromUrl === 'en' || fromUrl === 'es') return fromUrl;
  try {
    const saved = window.localStorage.getItem(key);
    if (saved === 'en' || saved === 'es') return saved;
  } catch {
    // Private mode may refuse storage: the browser's language then.
  }
  for (const code of navigator.languages ?? [navigator.language]) {
    const base = code.trim().toLowerCase().split(/[-_]/)[0];
    if (base === 'en' || base === 'es') return base;
  }
  return 'en';
}

export function useOrderLanguage() {
  const [lang, setLang] = useState<FnbLanguage>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const choose = (next: FnbLanguage) => {
    setLang(next);
    try {
      window.localStorage.setItem(key, next);
    } catch {
      // Not remembered; the page still switches.
    }
  };
  return { lang, t: fnbTexts[lang], setLang: choose };
}

/**
 * A server refusal in the page's language: a fixed sentence by its key; a sentence with a name in
 * it (an item sold out) the server already wrote in the order's language, so it stays as sent.
 */
export function refusalText(t: FnbTexts, details: string): string {
  const k = fnbErrorKey(details);
  const v = k ? t.errors[k] : null;
  return typeof v === 'string' ? v : details;
}
