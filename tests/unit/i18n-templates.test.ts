import { describe, expect, it } from 'vitest';
import { defaultLocale, locales } from '../../src/i18n/config.ts';
import { getStrings, getTranslator, i18nextTranslator, type UiKey } from '../../src/i18n/index.ts';
import { asksForI18nextFeatures, compileTemplate, fillTemplate } from '../../src/i18n/templates.ts';

describe('strings with options', () => {
  const source = getStrings(defaultLocale);
  const placeholders = (key: string) => [...new Set([...(source[key] ?? '').matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!))];
  const pluralBases = [...new Set(Object.keys(source).flatMap((key) => (/_(one|other)$/.test(key) ? [key.replace(/_(one|other)$/, '')] : [])))];

  it.each(locales)('%s answers every string with options exactly as i18next does', (locale) => {
    const t = getTranslator(locale);
    const reference = i18nextTranslator(locale);
    const values = (key: string, count?: number) => ({
      ...Object.fromEntries(placeholders(key).map((name, i) => [name, i % 2 ? 42 : 'Zoë & <b>Ünïcode</b> {{x}}'])),
      ...(count === undefined ? {} : { count }),
    });
    const checked: string[] = [];
    for (const key of Object.keys(source).filter((k) => /{{/.test(source[k]!) && !/_(one|other)$/.test(k))) {
      expect(t(key as UiKey, values(key)), `${locale}:${key}`).toBe(reference(key, values(key)));
      checked.push(key);
    }
    for (const base of pluralBases) {
      for (const count of [0, 1, 2, 5, 1.5, -1, 1000]) {
        const options = values(`${base}_other`, count);
        expect(t(base as UiKey, options), `${locale}:${base} ${count}`).toBe(reference(base, options));
      }
    }
    expect(checked.length + pluralBases.length).toBeGreaterThan(50);
  });

  it('leaves to i18next what the templates do not cover', () => {
    const t = getTranslator('fr');
    const reference = i18nextTranslator('fr');
    // A missing value, a default value, an unknown key, a count given as text.
    expect(t('hub.results', {})).toBe(reference('hub.results', {}));
    expect(t('hub.event.zone', { zone: 'UTC' })).toBe(reference('hub.event.zone', { zone: 'UTC' }));
    expect(t('no.such.key' as UiKey, { defaultValue: 'Défaut' })).toBe('Défaut');
    expect(t('no.such.key' as UiKey, { count: 2 })).toBe('no.such.key');
    expect(t('hub.results', { count: '3' })).toBe(reference('hub.results', { count: '3' }));
  });
});

describe('templates', () => {
  it('fills placeholders in order, trimming their names, and refuses missing values', () => {
    const template = compileTemplate('{{ a }} and {{b}}, {{a}}!');
    expect(template).toEqual(['', 'a', ' and ', 'b', ', ', 'a', '!']);
    expect(fillTemplate(template, { a: 'x', b: 0 })).toBe('x and 0, x!');
    expect(fillTemplate(template, { a: 'x' })).toBeUndefined();
    expect(fillTemplate(compileTemplate('no placeholder'), {})).toBe('no placeholder');
  });

  it('sends calls that use i18next options to i18next', () => {
    expect(asksForI18nextFeatures({ count: 2, name: 'x' })).toBe(false);
    expect(asksForI18nextFeatures({ context: 'male' })).toBe(true);
    expect(asksForI18nextFeatures({ defaultValue_one: 'x' })).toBe(true);
    expect(asksForI18nextFeatures({ count: '2' })).toBe(true);
  });
});
