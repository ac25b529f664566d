import type { AuthUser } from '@sandbar/contract/auth';
import { type Language, pickLanguage } from '@sandbar/contract/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setLanguage } from './current-language';
import { api } from './api';
import { sessionKeys, useCurrentUser } from './session';

/** The browser's preferred languages (the login page follows them). */
export const browserLanguage = (): Language =>
  pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/**
 * The app's language: the signed-in user's languageCode, else (signed out, the login page) the
 * browser's. Runs once in the staff layout; `<html lang>` follows.
 */
export function useLanguageSync(): void {
  const { data: user, isPending } = useCurrentUser();
  const code = user?.languageCode;
  useEffect(() => {
    if (isPending) return;
    setLanguage(code ?? browserLanguage());
  }, [isPending, code]);
}

/** POST /setMyLanguage: the top bar's switch; the new language shows at once and is saved. */
export function useSetMyLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (languageCode: Language) => api<AuthUser>('/setMyLanguage', { method: 'POST', body: { languageCode } }),
    onMutate: (languageCode) => {
      setLanguage(languageCode);
      qc.setQueryData<AuthUser | null>(sessionKeys.user, (u) => (u ? { ...u, languageCode } : u));
    },
    onSuccess: (user) => qc.setQueryData(sessionKeys.user, user),
  });
}
