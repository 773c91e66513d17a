import { describe, expect, it } from 'vitest';
import { defaultLocale, locales } from '../../src/i18n/config.ts';
import { getStrings, getTranslator } from '../../src/i18n/index.ts';

describe('UI strings', () => {
  const source = getStrings(defaultLocale);

  it.each(locales.filter((l) => l !== defaultLocale))('%s has every key of the default locale', (locale) => {
    const strings = getStrings(locale);
    const missing = Object.keys(source).filter((key) => !(key in strings));
    const empty = Object.entries(strings)
      .filter(([, value]) => value.trim() === '')
      .map(([key]) => key);
    expect(missing, `keys missing in ${locale}.json`).toEqual([]);
    expect(empty, `empty strings in ${locale}.json`).toEqual([]);
  });

  it.each(locales)('%s has no keys the default locale lacks', (locale) => {
    const extra = Object.keys(getStrings(locale)).filter((key) => !(key in source));
    expect(extra).toEqual([]);
  });

  it.each(locales)('%s keeps the interpolation placeholders of the default locale', (locale) => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const strings = getStrings(locale);
    for (const [key, value] of Object.entries(source)) {
      expect(placeholders(strings[key] ?? ''), `${locale}:${key}`).toEqual(placeholders(value));
    }
  });

  it('translators are fixed per locale and do not interfere', () => {
    const fr = getTranslator('fr');
    const de = getTranslator('de');
    expect(fr('nav.search')).toBe('Recherche');
    expect(de('nav.search')).toBe('Suche');
    expect(fr('nav.search')).toBe('Recherche');
    expect(de('hub.results', { count: 2 })).toBe('2 Veranstaltungen');
    expect(fr('hub.results', { count: 1 })).toBe('1 événement');
  });
});
