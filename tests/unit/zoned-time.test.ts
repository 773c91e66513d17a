import { describe, expect, it } from 'vitest';
import {
  formatIsoWithOffset,
  instantToWallTime,
  isRepeatedWallTime,
  listTimeZones,
  wallParts,
  wallTimeToInstant,
  zoneOffsetMs,
} from '../../src/lib/zoned-time.ts';

describe('wall times in a time zone', () => {
  it('converts both ways across zones', () => {
    expect(wallTimeToInstant('2026-05-01T18:00', 'Europe/Paris')?.toISOString()).toBe('2026-05-01T16:00:00.000Z');
    expect(wallTimeToInstant('2026-01-15T09:30', 'America/New_York')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(wallTimeToInstant('2026-01-15T09:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-01-15T04:00:00.000Z');
    expect(instantToWallTime('2026-05-01T16:00:00Z', 'Europe/Paris')).toBe('2026-05-01T18:00');
    expect(instantToWallTime('2026-05-01T16:00:00Z', 'UTC')).toBe('2026-05-01T16:00');
  });

  it('handles daylight-saving changes: a gap moves forward, an overlap takes the earlier instant', () => {
    expect(wallTimeToInstant('2026-03-29T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeToInstant('2026-10-25T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every quarter hour of a year in a zone with DST', () => {
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 15 * 60_000 * 97) {
      const wall = instantToWallTime(new Date(ms), 'Europe/Berlin');
      const back = wallTimeToInstant(wall, 'Europe/Berlin')!;
      expect(instantToWallTime(back, 'Europe/Berlin')).toBe(wall);
    }
  });

  it('refuses malformed times and unknown zones', () => {
    expect(wallTimeToInstant('2026-05-01 18:00', 'UTC')).toBeNull();
    expect(wallTimeToInstant('2026-05-01T18:00', 'Mars/Olympus')).toBeNull();
    // Date.UTC would roll these over into another real date; the editor typed an impossible one.
    expect(wallTimeToInstant('2026-13-01T10:00', 'UTC')).toBeNull();
    expect(wallTimeToInstant('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(wallTimeToInstant('2026-02-10T24:00', 'UTC')).toBeNull();
    expect(instantToWallTime('not a date', 'UTC')).toBe('');
    expect(instantToWallTime(null, 'UTC')).toBe('');
  });

  it('lists UTC first, then the IANA zones', () => {
    const zones = listTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('wall clock parts from cached quarter-hour offsets', () => {
  const SEVEN_MINUTES = 7 * 60_000;
  const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'];
  const reference = (zone: string) => {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return (ms: number) =>
      Object.fromEntries(format.formatToParts(new Date(ms)).flatMap((part) => (part.type === 'literal' ? [] : [[part.type, Number(part.value)]])));
  };

  // Paris and New York change by an hour, Lord Howe by 30 minutes, Kathmandu sits at +5:45.
  it.each(['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'])(
    'agrees with Intl over a year in %s, across its changes',
    (zone) => {
      const expected = reference(zone);
      const mismatches: string[] = [];
      // 13 seconds past, so the steps also land inside quarters, not only on their edges.
      for (let ms = Date.UTC(2026, 0, 1, 0, 0, 13); ms < Date.UTC(2027, 0, 1); ms += SEVEN_MINUTES) {
        const got = wallParts(ms, zone);
        const want = expected(ms);
        if (FIELDS.some((field) => got[field] !== want[field])) mismatches.push(new Date(ms).toISOString());
      }
      expect(mismatches).toEqual([]);
    },
    60_000,
  );

  it('reads the instants either side of a change with their own offsets', () => {
    // Lord Howe goes from +11 to +10:30 at 02:00 local on 5 April 2026 (15:00 UTC the day before).
    const change = Date.UTC(2026, 3, 4, 15, 0);
    expect(instantToWallTime(new Date(change - 60_000), 'Australia/Lord_Howe')).toBe('2026-04-05T01:59');
    expect(instantToWallTime(new Date(change), 'Australia/Lord_Howe')).toBe('2026-04-05T01:30');
    expect(zoneOffsetMs(change - 1000, 'Europe/Paris')).toBe(2 * 3_600_000);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 10), 'Asia/Kathmandu')).toBe(5.75 * 3_600_000);
  });

  it('keeps Intl exact where an offset changed off the quarter hour (local mean time)', () => {
    // Paris left its local mean time (+0:09:21) on 11 March 1911 at 00:01 local, off any quarter of UTC.
    const expected = reference('Europe/Paris');
    for (let ms = Date.UTC(1911, 2, 10, 23, 40); ms < Date.UTC(1911, 2, 11, 0, 40); ms += 60_000) {
      expect(wallParts(ms, 'Europe/Paris')).toEqual(expected(ms));
    }
  });

  it('still refuses an unknown zone', () => {
    expect(() => wallParts(Date.UTC(2026, 0, 1), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('local times with their offset', () => {
  const at = (iso: string) => new Date(iso).getTime();

  it('writes an instant in the wall time of its zone with the offset in force', () => {
    expect(formatIsoWithOffset(at('2031-07-12T17:30:00Z'), 'Europe/Paris')).toBe('2031-07-12T19:30:00+02:00');
    expect(formatIsoWithOffset(at('2031-01-12T18:30:00Z'), 'Europe/Paris')).toBe('2031-01-12T19:30:00+01:00');
    expect(formatIsoWithOffset(at('2031-01-13T00:30:00Z'), 'America/Montreal')).toBe('2031-01-12T19:30:00-05:00');
    expect(formatIsoWithOffset(at('2031-07-12T14:00:00Z'), 'Asia/Kolkata')).toBe('2031-07-12T19:30:00+05:30');
    expect(formatIsoWithOffset(at('2031-07-12T14:00:00Z'), 'UTC')).toBe('2031-07-12T14:00:00+00:00');
  });

  it('knows the wall times an autumn change repeats, and only those', () => {
    // Paris: 03:00 CEST becomes 02:00 CET on 26 October 2031 (01:00Z).
    expect(isRepeatedWallTime(at('2031-10-26T00:00:00Z'), 'Europe/Paris')).toBe(true); // 02:00 CEST
    expect(isRepeatedWallTime(at('2031-10-26T00:59:00Z'), 'Europe/Paris')).toBe(true); // 02:59 CEST
    expect(isRepeatedWallTime(at('2031-10-26T01:30:00Z'), 'Europe/Paris')).toBe(true); // 02:30 CET
    expect(isRepeatedWallTime(at('2031-10-25T23:59:00Z'), 'Europe/Paris')).toBe(false); // 01:59 CEST
    expect(isRepeatedWallTime(at('2031-10-26T02:00:00Z'), 'Europe/Paris')).toBe(false); // 03:00 CET
    // Spring forward skips an hour; nothing repeats.
    expect(isRepeatedWallTime(at('2031-03-30T01:30:00Z'), 'Europe/Paris')).toBe(false); // 03:30 CEST
    // Lord Howe Island changes by half an hour.
    expect(isRepeatedWallTime(at('2031-04-05T14:45:00Z'), 'Australia/Lord_Howe')).toBe(true); // 01:45 +11:00
    expect(isRepeatedWallTime(at('2031-07-12T17:30:00Z'), 'Asia/Tokyo')).toBe(false);
    expect(isRepeatedWallTime(at('2031-07-12T17:30:00Z'), 'UTC')).toBe(false);
  });
});
