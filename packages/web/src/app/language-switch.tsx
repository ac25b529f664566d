import { UnstyledButton } from '@mantine/core';
import type { Language } from '@sandbar/contract/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../lib/current-language';
import { useSetMyLanguage } from '../lib/language';
import { useCurrentUser } from '../lib/session';

/**
 * The top bar's English / Spanish switch: shows the other language's code and changes to it.
 * Signed in, the choice is saved as the user's languageCode (POST /setMyLanguage); signed out
 * (the login page) it only changes this page. 48 px square for a wet thumb.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const save = useSetMyLanguage();
  // Re-render on a change of language (i18n.language), then read the normalised one.
  void i18n.language;
  const other: Language = currentLanguage() === 'es' ? 'en' : 'es';
  const name = t(`ui.languageNames.${other}`);
  return (
    <UnstyledButton
      className="sb-lang-switch"
      aria-label={t('ui.switchLanguage', { code: other.toUpperCase(), name })}
      title={name}
      data-language-switch={other}
      onClick={() => (user ? save.mutate(other) : setLanguage(other))}
      miw={48}
      mih={48}
      c="white"
      fw={700}
      style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {other.toUpperCase()}
    </UnstyledButton>
  );
}
