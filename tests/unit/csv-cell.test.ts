/**
 * The cell rule of admin CSV exports: whatever a spreadsheet would run as a formula is opened as
 * text (ASCII and full-width starts alike, inside joined lists too), and nested values are
 * written for a person, never as `[object Object]`.
 */
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/server/engine/csv-cell.ts';

describe('csvCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '＝HYPERLINK("http://evil.example")', '＋1', '－1', '＠SUM(A1)'])(
    'prefixes %j with an apostrophe',
    (text) => {
      expect(csvCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['Spring 2026', 'a=b', ' =1', '１', "'quoted", 'ＡＢＣ'])('leaves %j as it is', (text) => {
    expect(csvCell(text)).toBe(text);
  });

  it('keeps numbers, dates and empty values as such', () => {
    expect(csvCell(-3)).toBe(-3);
    expect(csvCell(new Date('2026-05-01T10:00:00Z'))).toBe('2026-05-01T10:00:00.000Z');
    expect(csvCell(null)).toBeNull();
    expect(csvCell(undefined)).toBeNull();
  });

  it('writes relation lists as space-separated ids', () => {
    expect(csvCell([3, 5, 8])).toBe('3 5 8');
    expect(csvCell([])).toBe('');
  });

  it('writes links as "label <url>" joined by "; ", a link without a label as its URL', () => {
    const links = [
      { label: 'Website', url: 'https://ada.example/' },
      { label: '', url: 'https://social.example/@ada' },
    ];
    expect(csvCell(links)).toBe('Website <https://ada.example/>; https://social.example/@ada');
    expect(csvCell(links[0])).toBe('Website <https://ada.example/>');
  });

  it('neutralises a formula that starts a joined list, whichever form it takes', () => {
    expect(csvCell([{ label: '=HYPERLINK("http://evil.example")', url: 'https://a.example/' }])).toBe(
      `'=HYPERLINK("http://evil.example") <https://a.example/>`,
    );
    expect(csvCell([{ label: '＠cmd', url: 'https://a.example/' }])).toBe(`'＠cmd <https://a.example/>`);
    expect(csvCell(['=1', 'b'])).toBe(`'=1 b`);
  });

  it('writes any other object as JSON, never as [object Object]', () => {
    expect(csvCell({ x: 1 })).toBe('{"x":1}');
    expect(csvCell([{ x: 1 }, { y: 2 }])).toBe('{"x":1}; {"y":2}');
  });
});
