/**
 * Dates on admin screens: one formatter per page, in the request's locale and the admin's zone
 * (`HUB_ADMIN_TIME_ZONE`), the zone named after each date (decision 039).
 */
import type { Locale } from '../../i18n/config.ts';
import { formatAdminDate, type AdminDateStyle } from '../../lib/dates.ts';
import { getEnv } from './env.ts';

/** The zone every instant of the admin is shown in (event times keep their own zone). */
export function getAdminTimeZone(): string {
  return getEnv().HUB_ADMIN_TIME_ZONE;
}

/** Formats instants for an admin page: "26 Nov 2026, 14:00 (Europe/Paris)". */
export function getAdminDateFormat(locale: Locale, style: AdminDateStyle = 'dateTime'): (at: Date | null | undefined) => string {
  const zone = getAdminTimeZone();
  return (at) => formatAdminDate(locale, zone, at, style);
}
