/** Texts too long for their field: cut at a sentence or a word, moved with a warning. */
import { describe, expect, it } from 'vitest';
import { eventsCollection } from '../../src/lib/collections/events.ts';
import { cutAtSentence, cutTitle, fitLongTexts, TEXT_LIMITS } from '../../src/server/import/fit.ts';
import { emptyRow } from '../../src/server/import/rows.ts';

describe('cutting texts to fit', () => {
  it('keeps the whole sentences that fit', () => {
    expect(cutAtSentence('One. Two words. Three is long.', 16, 'en')).toBe('One. Two words.');
    expect(cutAtSentence('Kurz. Ein längerer Satz folgt.', 10, 'de')).toBe('Kurz.');
  });

  it('cuts at a word with "…" when no sentence fits, and leaves short texts alone', () => {
    expect(cutAtSentence('A sentence without any end that runs on', 20, 'en')).toBe('A sentence without…');
    expect(cutTitle('Short')).toBe('Short');
    const title = cutTitle(`${'word '.repeat(60)}end`);
    expect(title.length).toBeLessThanOrEqual(TEXT_LIMITS.title);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('moves a long abstract into the description before the description, with one warning', () => {
    const abstract = `${'A sentence of ten words that keeps the reader reading on. '.repeat(20)}`.trim();
    const row = emptyRow(7, 'Europe/Berlin');
    row.texts.en = { title: 'T', summary: abstract, body: 'The description.' };
    fitLongTexts(row, { title: '<title>', summary: '<abstract>' });
    expect(row.texts.en.body).toBe(`${abstract}\n\nThe description.`);
    expect(row.texts.en.summary!.length).toBeLessThanOrEqual(1_000);
    expect(row.texts.en.summary!.endsWith('reading on.')).toBe(true);
    expect(row.warnings).toEqual([{ field: '<abstract>', code: 'SUMMARY_MOVED', limit: 1_000 }]);
  });

  it('uses the events collection’s own limits', () => {
    const texts = eventsCollection.texts.partial();
    expect(texts.safeParse({ title: 'x'.repeat(TEXT_LIMITS.title), summary: 'x'.repeat(TEXT_LIMITS.summary) }).success).toBe(true);
    expect(texts.safeParse({ title: 'x'.repeat(TEXT_LIMITS.title + 1) }).success).toBe(false);
    expect(texts.safeParse({ summary: 'x'.repeat(TEXT_LIMITS.summary + 1) }).success).toBe(false);
  });
});
