import { describe, expect, it } from 'vitest';
import {
  keyDifferences,
  localeOf,
  pickLanguage,
  serverPhrasesEs,
  textPairs,
  toLanguage,
  translateServerText,
} from '../src/i18n';
import { messages } from '../src/messages';
import { reportTexts } from '../src/reports';
import { saleTexts } from '../src/sales';

describe('English and Spanish texts', () => {
  it('have the same keys in both languages', () => {
    for (const [en, es] of textPairs) expect(keyDifferences(en, es)).toEqual([]);
  });
  it('keep the same parameters for texts with values', () => {
    const arity = (en: unknown, es: unknown, path: string): string[] => {
      if (typeof en === 'function') return typeof es === 'function' && es.length === en.length ? [] : [path];
      if (en && typeof en === 'object')
        return Object.keys(en).flatMap((k) =>
          arity((en as Record<string, unknown>)[k], (es as Record<string, unknown>)[k], `${path}.${k}`),
        );
      return [];
    };
    for (const [en, es] of textPairs) expect(arity(en, es, '')).toEqual([]);
  });
  it('notice a missing key, an extra key and an empty text', () => {
    expect(keyDifferences({ a: 'x', b: { c: 'y' } }, { a: 'x', b: {} })).toEqual(['b.c: missing in the second']);
    expect(keyDifferences({ a: 'x' }, { a: 'x', z: 'q' })).toEqual(['z: missing in the first']);
    expect(keyDifferences({ a: 'x' }, { a: '' })).toEqual(['a: string vs empty']);
    expect(keyDifferences({ a: ['x', 'y'] }, { a: ['x'] })).toEqual(['a: 2 items vs 1']);
  });
  it('never translate a server phrase to itself or to nothing', () => {
    for (const [en, es] of Object.entries(serverPhrasesEs)) {
      expect(es.trim(), en).not.toBe('');
      expect(es, en).not.toBe(en);
    }
  });
});

describe('translateServerText', () => {
  it('leaves English alone', () => {
    expect(translateServerText(messages.people.deleted, 'en')).toBe(messages.people.deleted);
  });
  it('translates fixed texts, phrases and texts with values', () => {
    expect(translateServerText(messages.people.deleted, 'es')).toBe('¡Usuario eliminado!');
    expect(translateServerText('Your username or password is not correct.', 'es')).toBe(
      'Tu usuario o tu contraseña no son correctos.',
    );
    expect(translateServerText(saleTexts.unitNotForSale('Pier 3'), 'es')).toBe(
      'Pier 3 es un puesto de muelle o torre y no se puede vender.',
    );
    expect(translateServerText(saleTexts.unitSoldBy('MB 12', 'JS', '2:05 PM', 'Cash'), 'es')).toBe(
      'MB 12 la vendió JS a las 2:05 PM (Cash). Márcala vacía en la pestaña Clientes para venderla otra vez.',
    );
    expect(translateServerText(reportTexts.deletedMany(3), 'es')).toBe('3 transacción(es) eliminada(s).');
    expect(translateServerText(saleTexts.wrongTotal('35.00'), 'es')).toContain('$35.00');
  });
  it('keeps an unknown sentence as it is', () => {
    expect(translateServerText('Something new.', 'es')).toBe('Something new.');
  });
});

describe('language choice', () => {
  it('reads language codes', () => {
    expect(toLanguage('es-MX')).toBe('es');
    expect(toLanguage('EN')).toBe('en');
    expect(toLanguage('fr')).toBeNull();
    expect(toLanguage(undefined)).toBeNull();
  });
  it('follows the first browser language Sandbar speaks', () => {
    expect(pickLanguage(['fr-FR', 'es-ES', 'en'])).toBe('es');
    expect(pickLanguage(['de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
  it('formats with US Spanish', () => {
    expect(localeOf('es')).toBe('es-US');
    expect(localeOf('en')).toBe('en-US');
  });
});
