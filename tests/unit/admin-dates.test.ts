/** The admin's one date format (src/lib/dates.ts `formatAdminDate`): locale order, explicit zone, zone named. */
import { describe, expect, it } from 'vitest';
import { formatAdminDate } from '../../src/lib/dates.ts';
import { parseEnv } from '../../src/server/config/env.ts';

// 13:00 UTC on 26 November 2026 is 14:00 in Paris (winter time) and 08:00 in New York.
const at = new Date('2026-11-26T13:00:00Z');

describe('formatAdminDate', () => {
  it('writes each locale’s own date order and names the zone', () => {
    expect(formatAdminDate('en', 'Europe/Paris', at)).toBe('26 Nov 2026, 14:00 (Europe/Paris)');
    expect(formatAdminDate('fr', 'Europe/Paris', at)).toBe('26 nov. 2026, 14:00 (Europe/Paris)');
    expect(formatAdminDate('de', 'Europe/Paris', at)).toBe('26.11.2026, 14:00 (Europe/Paris)');
  });

  it('shows the instant in the zone it is given, never the machine’s', () => {
    expect(formatAdminDate('en', 'America/New_York', at)).toBe('26 Nov 2026, 08:00 (America/New_York)');
    expect(formatAdminDate('de', 'UTC', at)).toBe('26.11.2026, 13:00 (UTC)');
    // A summer date in Paris is two hours ahead of UTC.
    expect(formatAdminDate('fr', 'Europe/Paris', '2026-07-14T20:30:00Z')).toBe('14 juil. 2026, 22:30 (Europe/Paris)');
  });

  it('has a style with seconds and one with the date alone', () => {
    expect(formatAdminDate('en', 'UTC', '2026-11-26T13:00:07Z', 'dateTimeSeconds')).toBe('26 Nov 2026, 13:00:07 (UTC)');
    expect(formatAdminDate('fr', 'UTC', at, 'dateTimeSeconds')).toBe('26 nov. 2026, 13:00:00 (UTC)');
    expect(formatAdminDate('de', 'Europe/Berlin', at, 'shortDate')).toBe('26.11.2026 (Europe/Berlin)');
  });

  it('takes API values (ISO strings, epoch milliseconds) and leaves missing or invalid ones empty', () => {
    expect(formatAdminDate('en', 'UTC', at.getTime())).toBe('26 Nov 2026, 13:00 (UTC)');
    expect(formatAdminDate('en', 'UTC', null)).toBe('');
    expect(formatAdminDate('en', 'UTC', undefined)).toBe('');
    expect(formatAdminDate('en', 'UTC', 'not a date')).toBe('');
  });
});

describe('HUB_ADMIN_TIME_ZONE', () => {
  it('defaults to UTC, takes IANA names as Intl spells them, and refuses anything else', () => {
    expect(parseEnv({}).HUB_ADMIN_TIME_ZONE).toBe('UTC');
    expect(parseEnv({ HUB_ADMIN_TIME_ZONE: 'europe/paris' }).HUB_ADMIN_TIME_ZONE).toBe('Europe/Paris');
    expect(() => parseEnv({ HUB_ADMIN_TIME_ZONE: 'Mars/Olympus' })).toThrow(/HUB_ADMIN_TIME_ZONE/);
    expect(() => parseEnv({ HUB_ADMIN_TIME_ZONE: '+02:00' })).toThrow(/IANA/);
  });
});
