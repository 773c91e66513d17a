import { describe, expect, it } from 'vitest';
import { instantToWallTime, listTimeZones, wallTimeToInstant } from '../../src/lib/zoned-time.ts';

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
