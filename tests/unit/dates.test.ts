/** Date formatting in the event's own zone, and the memos in front of Intl (src/lib/dates.ts). */
import { describe, expect, it } from 'vitest';
import { formatDateTimeRange, formatTimeZoneName, startOfLocalDay, toLocalDateKey } from '../../src/lib/dates.ts';

describe('formatTimeZoneName', () => {
  it('names the offset in force at that instant, on either side of a DST change', () => {
    // Paris moves to summer time at 01:00 UTC on 29 March 2026.
    const before = new Date('2026-03-29T00:59:00Z');
    const after = new Date('2026-03-29T01:00:00Z');
    expect(formatTimeZoneName('en', 'Europe/Paris', before)).toBe('Central European Standard Time');
    expect(formatTimeZoneName('en', 'Europe/Paris', after)).toBe('Central European Summer Time');
    // Asked again (from the memo), in the other order.
    expect(formatTimeZoneName('en', 'Europe/Paris', after)).toBe('Central European Summer Time');
    expect(formatTimeZoneName('en', 'Europe/Paris', before)).toBe('Central European Standard Time');
  });

  it('changes with a half-hour offset zone on its quarter hour, and per locale', () => {
    // Lord Howe Island leaves daylight time (+11) for +10:30 at 15:00 UTC on 4 April 2026.
    const daylight = formatTimeZoneName('en', 'Australia/Lord_Howe', new Date('2026-04-04T14:59:00Z'));
    const standard = formatTimeZoneName('en', 'Australia/Lord_Howe', new Date('2026-04-04T15:00:00Z'));
    expect(daylight).not.toBe(standard);
    expect(formatTimeZoneName('fr', 'Europe/Paris', new Date('2026-07-01T12:00:00Z'))).toBe('heure d’été d’Europe centrale');
    expect(formatTimeZoneName('de', 'Europe/Paris', new Date('2026-07-01T12:00:00Z'))).toBe('Mitteleuropäische Sommerzeit');
  });
});

describe('formatDateTimeRange', () => {
  it('formats in the event zone, the same from the memo', () => {
    const start = new Date('2026-11-21T18:30:00Z');
    const end = new Date('2026-11-21T20:00:00Z');
    const first = formatDateTimeRange('en', 'Europe/Paris', start, end);
    expect(first).toMatch(/21 Nov 2026.*19:30.*21:00/);
    expect(formatDateTimeRange('en', 'Europe/Paris', start, end)).toBe(first);
    expect(formatDateTimeRange('en', 'America/New_York', start, end)).toMatch(/13:30.*15:00/);
  });
});

describe('local days', () => {
  it('finds the start of a local day and the local date of an instant', () => {
    expect(startOfLocalDay('Europe/Paris', '2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(toLocalDateKey('Pacific/Auckland', new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-22');
  });
});
