/** Marking query terms in titles and excerpts the way the FTS5 tokenizer matches them. */
import { describe, expect, it } from 'vitest';
import { renderHighlight } from '../../src/server/search/highlight.ts';
import { excerptMatches, foldForSearch, markMatches } from '../../src/server/search/marks.ts';

const show = (marked: string) => marked.replaceAll('\u0001', '[').replaceAll('\u0002', ']');

describe('foldForSearch', () => {
  it('lower-cases and drops diacritics like unicode61 remove_diacritics 2', () => {
    expect(foldForSearch('THÉÂTRE')).toBe('theatre');
    expect(foldForSearch('Bücher')).toBe('bucher');
    expect(foldForSearch('Ça')).toBe('ca');
    expect(foldForSearch('concert')).toBe('concert');
  });
});

describe('markMatches', () => {
  it('marks whole tokens a term is a prefix of, with or without accents on either side', () => {
    expect(show(markMatches('Théâtre : Les ateliers du théâtre', ['theatre', 'atel']))).toBe('[Théâtre] : Les [ateliers] du [théâtre]');
    expect(show(markMatches('Theatre night', ['théâtre']))).toBe('[Theatre] night');
  });

  it('matches short terms as whole words only, like the query', () => {
    expect(show(markMatches('Da Vinci and the dance', ['da']))).toBe('[Da] Vinci and the dance');
  });

  it('keeps the text as it is, punctuation and markup included (escaped when rendered)', () => {
    const marked = markMatches('<b>Jazz</b> & “jazzy” nights', ['jazz']);
    expect(show(marked)).toBe('<b>[Jazz]</b> & “[jazzy]” nights');
    expect(renderHighlight(marked)).toBe('&lt;b&gt;<mark>Jazz</mark>&lt;/b&gt; &amp; “<mark>jazzy</mark>” nights');
  });

  it('leaves text without matches unchanged', () => {
    expect(markMatches('Nothing here', ['concert'])).toBe('Nothing here');
    expect(markMatches('', ['concert'])).toBe('');
  });
});

describe('excerptMatches', () => {
  const words = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `w${from + i}`).join(' ');

  it('returns short texts whole', () => {
    expect(show(excerptMatches('A jazz evening.', ['jazz']))).toBe('A [jazz] evening.');
  });

  it('cuts around the first match with a few words before it, and marks the cuts', () => {
    const text = `${words(0, 40)} concert ${words(40, 80)}`;
    const excerpt = show(excerptMatches(text, ['concert'], 10));
    expect(excerpt).toBe(`…w37 w38 w39 [concert] w40 w41 w42 w43 w44 w45…`);
  });

  it('prefers the window holding the most different terms', () => {
    const text = `jazz ${words(0, 30)} jazz night ${words(30, 60)}`;
    expect(show(excerptMatches(text, ['jazz', 'night'], 8))).toBe('…w27 w28 w29 [jazz] [night] w30 w31 w32…');
  });

  it('starts at the beginning when nothing matches (a title-only hit)', () => {
    expect(show(excerptMatches(words(0, 30), ['concert'], 5))).toBe('w0 w1 w2 w3 w4…');
  });

  it('shows the end of the text without a trailing cut', () => {
    expect(show(excerptMatches(`${words(0, 30)} finale`, ['finale'], 6))).toBe('…w25 w26 w27 w28 w29 [finale]');
  });

  // Tokens are kept in arrays shared by every call, grown for long texts and let go past 8,192.
  it('reads texts of any length, and a short text after a long one, the same', () => {
    const short = 'A jazz evening.';
    expect(show(excerptMatches(short, ['jazz']))).toBe('A [jazz] evening.');
    for (const length of [600, 10_000]) {
      const long = `${words(0, length)} jazz night ${words(length, length + 10)}`;
      expect(show(excerptMatches(long, ['jazz', 'night'], 6))).toBe(`…w${length - 3} w${length - 2} w${length - 1} [jazz] [night] w${length}…`);
      expect(show(markMatches(long, ['night'])).endsWith(`jazz [night] ${words(length, length + 10)}`)).toBe(true);
      expect(show(excerptMatches(short, ['jazz']))).toBe('A [jazz] evening.');
      expect(show(markMatches('Jazz night', ['night']))).toBe('Jazz [night]');
    }
  });
});
