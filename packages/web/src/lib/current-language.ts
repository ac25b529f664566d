import { type Language, localeOf, toLanguage } from '@sandbar/contract/i18n';
import i18n from 'i18next';

// The language in force, below the features: any screen may ask it or switch it. The strings
// themselves are composed at the top (app/i18n.ts), which initialises i18next with them.

/** Switches the app's language and the page's `<html lang>`; returns the language now in force. */
export function setLanguage(code: string | null | undefined): Language {
  const lang = toLanguage(code) ?? 'en';
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return lang;
}

/** The language the app shows now. */
export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? 'en';
}

/** The Intl locale of the app's language (money, dates). */
export function currentLocale(): 'en-US' | 'es-US' {
  return localeOf(currentLanguage());
}
