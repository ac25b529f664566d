import { keyDifferences } from '@sandbar/contract/i18n';
import { messages } from '@sandbar/contract/messages';
import { describe, expect, it } from 'vitest';
import i18n, { en, es, resources } from './i18n';

describe('web app texts', () => {
  it('have every key in English and in Spanish, and no more', () => {
    expect(keyDifferences(resources.en.translation, resources.es.translation)).toEqual([]);
  });
  it('keep the same {{values}} in both languages', () => {
    const values = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const walk = (a: unknown, b: unknown, path: string): string[] => {
      if (typeof a === 'string') return values(a).join() === values(b as string).join() ? [] : [path];
      if (a && typeof a === 'object')
        return Object.keys(a).flatMap((k) =>
          walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`),
        );
      return [];
    };
    expect(walk(en, es, '')).toEqual([]);
  });
  it('keep the spec English texts exactly', () => {
    expect(en.messages).toBe(messages);
  });
  it('answer in Spanish when the language is Spanish', async () => {
    await i18n.changeLanguage('es');
    expect(i18n.t('messages.login.logIn')).toBe('ENTRAR');
    expect(i18n.t('board.results', { count: 2 })).toBe('2 resultados');
    await i18n.changeLanguage('en');
    expect(i18n.t('messages.login.logIn')).toBe('LOG IN');
  });
});
