/** Imported descriptions: indented paragraphs (frab abstracts) are paragraphs, fenced code stays code. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/server/markdown/render.ts';
import { normaliseImportedMarkdown } from '../../src/server/import/markdown.ts';
import { readImportRows } from '../../src/server/import/parse.ts';

describe('imported Markdown', () => {
  it('turns paragraphs indented by four spaces or a tab into paragraphs', () => {
    const text = 'First paragraph.\n\n    An indented second paragraph\n    on two lines.\n\n\tA tabbed third.';
    const normalised = normaliseImportedMarkdown(text);
    expect(normalised).toBe('First paragraph.\n\nAn indented second paragraph\non two lines.\n\nA tabbed third.');
    expect(renderMarkdown(text)).toContain('<code>');
    const html = renderMarkdown(normalised);
    expect(html).not.toContain('<code>');
    expect(html.match(/<p>/g)).toHaveLength(3);
  });

  it('keeps fenced code, list nesting and text without indentation untouched', () => {
    const fenced = 'Run it:\n\n```\n    indented inside a fence\n```\n';
    expect(normaliseImportedMarkdown(fenced)).toBe(fenced);
    const list = '- one\n    - nested\n- two\n';
    expect(normaliseImportedMarkdown(list)).toBe(list);
    expect(normaliseImportedMarkdown('Plain.\n\nText.')).toBe('Plain.\n\nText.');
  });

  it('is applied to every imported description: a frab JSON event with an indented description', () => {
    const event = { guid: 'g-1', title: 'Talk', date: '2031-06-12T10:00:00+02:00', duration: '00:45', description: 'Intro.\r\n\r\n    Indented details.' };
    const schedule = { schedule: { conference: { days: [{ rooms: { Hall: [event] } }] } } };
    const [row] = readImportRows('frab-json', JSON.stringify(schedule), 'Europe/Berlin', 'en');
    expect(row!.texts.en!.body).toBe('Intro.\n\nIndented details.');
  });
});
