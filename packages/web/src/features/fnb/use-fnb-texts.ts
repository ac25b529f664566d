import { type FnbLanguage, type FnbTexts, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import { useTranslation } from 'react-i18next';

/**
 * The F&B words in the staff member's language: the contract's texts (fnb-texts.ts, EN/ES key for
 * key), read directly rather than copied into the i18next tables, so guest page, staff screens and
 * server say the same thing. Re-renders on a language switch (useTranslation).
 */
export function useFnbTexts(): { t: FnbTexts; lang: FnbLanguage } {
  const { i18n } = useTranslation();
  const lang: FnbLanguage = i18n.language?.startsWith('es') ? 'es' : 'en';
  return { t: fnbTextsIn(lang), lang };
}
