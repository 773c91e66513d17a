/** Outlook's Windows zone names map to IANA zones the runtime knows. */
import { describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '../../src/lib/zoned-time.ts';
import { ianaZoneOfWindowsName, windowsZones } from '../../src/server/import/windows-zones.ts';

describe('Windows zone names', () => {
  it('names the IANA zone of the names Outlook writes, and nothing for other names', () => {
    expect(ianaZoneOfWindowsName('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneOfWindowsName('Romance Standard Time')).toBe('Europe/Paris');
    expect(ianaZoneOfWindowsName('Eastern Standard Time')).toBe('America/New_York');
    expect(ianaZoneOfWindowsName('Europe/Berlin')).toBeUndefined();
    expect(ianaZoneOfWindowsName('toString')).toBeUndefined();
  });

  it('maps every name to a zone the runtime knows', () => {
    expect(Object.keys(windowsZones)).toHaveLength(139);
    for (const [name, zone] of Object.entries(windowsZones)) expect(isKnownTimeZone(zone), name).toBe(true);
  });
});
