/** Word forms shared by the search index, the query and the highlighting (stems, German spellings). */
import { describe, expect, it } from 'vitest';
import { excerptMatches, markMatches } from '../../src/server/search/marks.ts';
import { getStrings } from '../../src/i18n/index.ts';
import { canonicalSpelling, createFormsMatcher, indexForms, stemWord, termForms, wordForms } from '../../src/server/search/word-forms.ts';

const show = (marked: string) => marked.replaceAll('\u0001', '[').replaceAll('\u0002', ']');
/** Whether a query term finds a word, as the index would (the word's forms against the term's). */
const finds = (term: string, word: string, locale: 'en' | 'fr' | 'de') => createFormsMatcher(termForms(term, locale))(wordForms(word, locale));

describe('stems and spellings', () => {
  it('stems with the language of the text', () => {
    expect(stemWord('concerts', 'en')).toBe('concert');
    expect(stemWord('dancing', 'en')).toBe(stemWord('dance', 'en'));
    expect(stemWord('ateliers', 'fr')).toBe(stemWord('atelier', 'fr'));
    expect(stemWord('vortrage', 'de')).toBe('vortrag');
  });

  it('spells German umlauts and ß one way, in both directions, and leaves other languages alone', () => {
    expect(canonicalSpelling('zuhoeren', 'de')).toBe('zuhoren');
    expect(canonicalSpelling('zuhoren', 'de')).toBe('zuhoren');
    expect(canonicalSpelling('straße', 'de')).toBe('strasse');
    expect(canonicalSpelling('quelle', 'de')).toBe('quelle');
    expect(canonicalSpelling('poeme', 'fr')).toBe('poeme');
  });

  it('writes each distinct extra form once into the forms column', () => {
    expect(indexForms('Concerts and dancing, concerts again', 'en')).toBe('concert danc');
    expect(indexForms('Zuhören und Zuhoeren', 'de')).toBe('zuhor zuhoren');
    expect(indexForms(null, 'en')).toBe('');
  });
});

describe('what a term finds', () => {
  it.each([
    ['en', 'concerts', 'concert'],
    ['en', 'concert', 'concerts'],
    ['en', 'dancing', 'dance'],
    ['en', 'dance', 'dancing'],
    ['en', 'festiva', 'festival'],
    ['fr', 'concerts', 'concert'],
    ['fr', 'danses', 'danser'],
    ['fr', 'ateliers', 'Atelier'],
    ['fr', 'theatres', 'Théâtre'],
    ['de', 'Konzerte', 'Konzert'],
    ['de', 'Vorträge', 'Vortrag'],
    ['de', 'Vortraege', 'Vorträge'],
    ['de', 'Zuhoeren', 'Zuhören'],
    ['de', 'Zuhören', 'Zuhoeren'],
    ['de', 'zuhoe', 'Zuhören'],
    ['de', 'Strasse', 'Straße'],
    ['de', 'Straße', 'Strasse'],
  ] as const)('%s: "%s" finds "%s"', (locale, term, word) => {
    expect(finds(term, word, locale)).toBe(true);
  });

  it('does not find unrelated words', () => {
    expect(finds('concerts', 'conference', 'en')).toBe(false);
    expect(finds('dancing', 'dinner', 'en')).toBe(false);
    // The German spelling rule is German only.
    expect(finds('zuhoeren', 'Zuhören', 'en')).toBe(false);
  });
});

describe('highlighting marks the words as written', () => {
  it('marks inflected words, not their stems', () => {
    expect(show(markMatches('A dance, two dances and dancing', ['dancing']))).toBe('A [dance], two [dances] and [dancing]');
    expect(show(markMatches('Zuhören lernen', ['zuhoeren'], 'de'))).toBe('[Zuhören] lernen');
    expect(show(excerptMatches('Les concerts du soir', ['concert'], 24, 'fr'))).toBe('Les [concerts] du soir');
  });
});

describe('the first letter of a word decides which terms can match it', () => {
  // Highlighting skips the forms of a word whose first letter begins none of the terms' forms
  // (marks.ts): that holds only while every form starts with the word's own first letter.
  const words = [
    ...Object.values({ ...getStrings('en'), ...getStrings('fr'), ...getStrings('de') }).flatMap((text) => text.split(/[^\p{L}\p{N}\p{M}]+/u)),
    ...[
      'skies',
      'dying',
      'lying',
      'idly',
      'gently',
      'early',
      'only',
      'news',
      'yelling',
      'Yves',
      'quand',
      'yeux',
      'Ärger',
      'Öffnung',
      'Übungen',
      'Straße',
      'ẞtraße',
    ],
    ...['Queue', 'aequo', 'Oeuvre', 'ueber', '2026er', 'Zuhören', 'Gespräche', 'Vorträge', 'théâtres', 'ateliers', 'Éléphants', 'cities', 'dancing'],
  ].filter(Boolean);

  it.each(['en', 'fr', 'de'] as const)('holds for every form of every word in %s', (locale) => {
    for (const word of words) {
      const [folded, ...others] = wordForms(word, locale);
      const first = String.fromCodePoint(folded!.codePointAt(0)!);
      // ß is spelled ss in German.
      for (const form of others) expect(form.startsWith(first) || (first === 'ß' && form.startsWith('s')), `${locale}: ${word} → ${form}`).toBe(true);
    }
  });

  it('still marks inflections and other spellings starting with a capital', () => {
    expect(show(markMatches('CITIES and Cities; Concerts', ['city', 'concert']))).toBe('[CITIES] and [Cities]; [Concerts]');
    expect(show(markMatches('Über Gespräche, ÜBUNGEN', ['gespraeche', 'uebung'], 'de'))).toBe('Über [Gespräche], [ÜBUNGEN]');
    expect(show(markMatches('Straße und Strasse', ['strasse'], 'de'))).toBe('[Straße] und [Strasse]');
  });
});
