/**
 * Builds the props every admin island gets, on the server, in the page: the `admin.*` strings
 * picked with the request's `t` (so the browser never loads i18next), the locales, the user and
 * the error-boundary labels. Server-side only (imports the i18n instance); islands import the
 * `AdminIslandProps` type alone.
 */
import { defaultLocale, localeConfig, locales } from '../../i18n/config.ts';
import { getStrings, type UiKey } from '../../i18n/index.ts';
import { getAdminTimeZone } from '../../server/config/admin-dates.ts';
import { getEnv } from '../../server/config/env.ts';
import { listPermissions } from '../../server/auth/permissions.ts';
import { getErrorLabels } from '../errors/index.ts';
import type { AdminIslandProps } from './ui/AdminIsland.tsx';

// Besides `admin.*`, the prefixes of admin features whose strings live in their own sections.
const islandPrefixes = ['admin.', 'eventStatus.', 'publication.', 'bulkPublish.', 'workingCopy.'];
const adminKeys = Object.keys(getStrings(defaultLocale)).filter((key) => islandPrefixes.some((prefix) => key.startsWith(prefix))) as UiKey[];
const localeNames = Object.fromEntries(locales.map((code) => [code, localeConfig[code].label]));

/** The shared props of an admin island for this request. */
export function getAdminIslandProps(locals: App.Locals): AdminIslandProps {
  const { t, locale, user } = locals;
  return {
    strings: Object.fromEntries(adminKeys.map((key) => [key, t(key)])),
    locale,
    contentLocales: locales,
    defaultLocale,
    localeNames,
    timeZone: getAdminTimeZone(),
    user: user ? { id: user.id, name: user.name, email: user.email, role: user.role, permissions: listPermissions(user.role) } : null,
    errorLabels: getErrorLabels(t),
    machineTranslation: getEnv().MACHINE_TRANSLATION !== null,
  };
}
