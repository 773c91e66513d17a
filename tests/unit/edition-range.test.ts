import { describe, expect, it } from 'vitest';
import { isOutsideEdition } from '../../src/lib/edition-range.ts';

describe('event dates against the edition', () => {
  // "1–31 March" in Paris, stored as midnight at both ends.
  const edition = { startsAt: new Date('2031-02-28T23:00:00Z'), endsAt: new Date('2031-03-30T22:00:00Z'), timeZone: 'Europe/Paris' };
  const event = (start: string, end: string) => ({ startsAt: new Date(start), endsAt: new Date(end) });

  it('counts the whole first and last day, in the edition zone', () => {
    expect(isOutsideEdition(event('2031-02-28T23:30:00Z', '2031-03-01T01:00:00Z'), edition)).toBe(false);
    expect(isOutsideEdition(event('2031-03-31T17:00:00Z', '2031-03-31T21:00:00Z'), edition)).toBe(false);
  });

  it('warns for a start before the first day or an end after the last', () => {
    expect(isOutsideEdition(event('2031-02-28T20:00:00Z', '2031-03-01T02:00:00Z'), edition)).toBe(true);
    expect(isOutsideEdition(event('2031-03-31T20:00:00Z', '2031-03-31T22:30:00Z'), edition)).toBe(true);
  });
});
