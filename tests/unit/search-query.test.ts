import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHighlight, stripMarkdownSyntax } from '../../src/server/search/highlight.ts';
import { MAX_QUERY_LENGTH, parseSearchQuery } from '../../src/server/search/query.ts';

/** Quoted forms, each maybe a prefix; a term's forms ORed in parentheses; terms ANDed. */
const FORM = '"[\\p{L}\\p{N}]+"\\*?';
const TERM = `(?:${FORM}|\\(${FORM}(?: OR ${FORM})+\\))`;
const QUERY_SHAPE = new RegExp(`^${TERM}(?: AND ${TERM})*$`, 'u');

describe('parseSearchQuery', () => {
  it('quotes every term and makes it a prefix, lower-cased', () => {
    expect(parseSearchQuery('Théâtre  Archi')).toMatchObject({ kind: 'ok', terms: ['théâtre', 'archi'], match: '"théâtre"* AND "archi"*' });
    expect(parseSearchQuery('the')).toMatchObject({ match: '"the"*' });
  });

  it('turns FTS5 syntax into plain terms', () => {
    for (const input of ['"unbalanced', 'title:secret', 'NEAR(a b)', 'a OR b NOT c', '^start*', 'x AND (y', 'a + - b']) {
      const parsed = parseSearchQuery(input);
      expect(parsed.kind, input).toBe('ok');
      if (parsed.kind === 'ok') expect(parsed.match, input).toMatch(QUERY_SHAPE);
    }
    expect(parseSearchQuery('title:secret')).toMatchObject({ terms: ['title', 'secret'] });
  });

  it("adds each term's other forms in the page's language, ORed", () => {
    expect(parseSearchQuery('Concerts dancing', 'en')).toMatchObject({ match: '("concerts"* OR "concert") AND ("dancing"* OR "danc")' });
    expect(parseSearchQuery('Zuhoeren', 'de')).toMatchObject({ match: '("zuhoeren"* OR "zuhoren"* OR "zuhor")' });
    expect(parseSearchQuery('Vorträge', 'de')).toMatchObject({ match: '("vorträge"* OR "vortrag")' });
    // Without a language (the admin lists search every language): the term alone.
    expect(parseSearchQuery('dancing')).toMatchObject({ match: '"dancing"*' });
  });

  it('reports empty, symbol-only and over-long queries instead of failing', () => {
    expect(parseSearchQuery('   ')).toEqual({ kind: 'empty' });
    expect(parseSearchQuery(null)).toEqual({ kind: 'empty' });
    expect(parseSearchQuery('"*()^:-')).toEqual({ kind: 'no-terms' });
    expect(parseSearchQuery('x'.repeat(MAX_QUERY_LENGTH))).toMatchObject({ kind: 'ok' });
    expect(parseSearchQuery('x'.repeat(MAX_QUERY_LENGTH + 1))).toEqual({ kind: 'too-long', length: MAX_QUERY_LENGTH + 1 });
    expect(parseSearchQuery('é'.repeat(10_000))).toMatchObject({ kind: 'too-long' });
  });

  it('keeps at most 8 distinct terms', () => {
    const parsed = parseSearchQuery('a b c d e f g h i j a');
    expect(parsed.kind === 'ok' && parsed.terms).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('matches short terms as whole words and drops single letters next to real words', () => {
    expect(parseSearchQuery('L’art de la réparation')).toMatchObject({
      kind: 'ok',
      terms: ['art', 'de', 'la', 'réparation'],
      match: '"art"* AND "de" AND "la" AND "réparation"*',
    });
    expect(parseSearchQuery('a')).toMatchObject({ kind: 'ok', terms: ['a'], match: '"a"' });
  });

  it('never produces anything but quoted prefix terms, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (input) => {
        const parsed = parseSearchQuery(input, 'de');
        if (parsed.kind !== 'ok') return true;
        return QUERY_SHAPE.test(parsed.match);
      }),
      { numRuns: 500 },
    );
    // 500 random inputs: seconds on a busy machine.
  }, 30_000);
});

describe('renderHighlight', () => {
  it('escapes the text before marking matches', () => {
    expect(renderHighlight('<b>x</b> \u0001Théâtre\u0002 & "y"')).toBe('&lt;b&gt;x&lt;/b&gt; <mark>Théâtre</mark> &amp; &quot;y&quot;');
  });

  it('cannot be tricked into markup by markers or control characters in the text', () => {
    expect(renderHighlight('\u0001<script>\u0002')).toBe('<mark>&lt;script&gt;</mark>');
    expect(renderHighlight('a\u0002b\u0001c\u0000')).toBe('abc');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const html = renderHighlight(text).replace(/<\/?mark>/g, '');
        return !/[<>]/.test(html);
      }),
      { numRuns: 300 },
    );
  });
});

describe('stripMarkdownSyntax', () => {
  it('keeps the words of headings, lists and links', () => {
    expect(stripMarkdownSyntax('## About this event\n\n- Duration: 90 min\n\n[Book a place](https://x.example/a) **now**')).toBe(
      'About this event Duration: 90 min Book a place now',
    );
  });
});
