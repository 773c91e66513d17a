/**
 * Markdown through a translation service (docs/decisions/056): only words are sent, and the
 * syntax around them comes back exactly as written, whatever the service does to the words.
 */
import { describe, expect, it } from 'vitest';
import { prepareText } from '../../src/server/translations/markdown-segments.ts';
import { uppercaseHtml } from '../helpers/uppercase-html.ts';

function roundTrip(source: string, translate: (html: string) => string = uppercaseHtml): string {
  const prepared = prepareText(source);
  return prepared.restore(prepared.segments.map(translate));
}

describe('prepareText', () => {
  it('gives back the source unchanged when the service answers what it was sent', () => {
    const source = [
      '## Lanterns & lights',
      '',
      'Bring a *torch*, **warm** clothes and `npm run build` to [the quay](https://example.org/quay?a=1&b=2 "Quay").',
      'A second line of the same paragraph.',
      '',
      '- first item with __strong__ text',
      '  - nested item',
      '1. numbered ~~old~~ item',
      '> a quote with ![a map](/media/map.png)',
      '',
      '```js',
      'const lanterns = 3; // keep *this*',
      '```',
      '',
      '---',
      'snake_case_name stays, \\*not emphasis\\*, <https://example.org> and <b>html</b>.  ',
      '[ref]: https://example.org/ref',
    ].join('\n');
    expect(roundTrip(source, (html) => html)).toBe(source);
  });

  it('keeps links, emphasis, lists, headings and code through a service that changes every word', () => {
    const source = [
      '## Lanterns',
      '',
      'Bring a *torch* and **warm** clothes to [the quay](https://example.org/Quay) with `Code Span`.',
      '',
      '- first item',
      '- second _item_',
      '',
      '```',
      'keep me as I am',
      '```',
      '![Map](/media/Map.png)',
    ].join('\n');
    expect(roundTrip(source)).toBe(
      [
        '## LANTERNS',
        '',
        'BRING A *TORCH* AND **WARM** CLOTHES TO [THE QUAY](https://example.org/Quay) WITH `Code Span`.',
        '',
        '- FIRST ITEM',
        '- SECOND _ITEM_',
        '',
        '```',
        'keep me as I am',
        '```',
        '![Map](/media/Map.png)',
      ].join('\n'),
    );
  });

  it('sends no Markdown syntax, URL or code to the service', () => {
    const { segments } = prepareText('# Title\n\nSee [docs](https://example.org/x_y) and `a*b`.\n\n```\nsecret code\n```');
    expect(segments).toEqual(['Title', 'See <a href="#0" data-i="0">docs</a> and <code data-i="1"></code>.']);
    expect(segments.join(' ')).not.toMatch(/https:|a\*b|secret|# /);
  });

  it('sends nothing for a text without words, and plain text as one escaped fragment', () => {
    expect(prepareText('`only code`\n\n---').segments).toEqual([]);
    expect(prepareText('Rock & Roll <3').segments).toEqual(['Rock &amp; Roll &lt;3']);
    expect(roundTrip('Rock & Roll <3')).toBe('ROCK & ROLL <3');
  });

  it('keeps the source of a fragment whose tags the service lost or invented', () => {
    const source = 'A *lantern* walk.\n\nA quiet [walk](https://example.org).';
    const damaged = roundTrip(source, (html) => uppercaseHtml(html).replace(/<\/?(i|a)[^>]*>/g, ''));
    expect(damaged).toBe(source);
  });

  it('decodes entities and line breaks the service writes', () => {
    const prepared = prepareText('Line one\nline two');
    expect(prepared.segments).toEqual(['Line one<br>line two']);
    expect(prepared.restore(['Ligne un &amp; demi<br/>ligne&#39;deux'])).toBe("Ligne un & demi\nligne'deux");
  });
});
