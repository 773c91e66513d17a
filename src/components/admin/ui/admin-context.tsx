/**
 * What every admin island shares: its strings (a translator over the props the page passed), the
 * UI locale, the content locales and their names, the person's permissions. Provided once by
 * `AdminIsland`.
 */
import { createContext, useContext } from 'react';
import type { Locale } from '../../../i18n/config.ts';
import type { AdminT } from '../lib/translate.ts';

export interface AdminEnv {
  t: AdminT;
  /** The UI locale (of the page URL). */
  locale: Locale;
  /** Locales content is written in, the default one first. */
  contentLocales: readonly string[];
  defaultLocale: string;
  /** Locale code → its own name ("Français"). */
  localeNames: Readonly<Record<string, string>>;
  /** The zone the admin shows instants in, named beside each date. */
  timeZone: string;
  /**
   * What the signed-in person's role allows (src/server/auth/permissions.ts), from the page's
   * props: known on the server's render too, so an action the role cannot take is never offered.
   */
  permissions: readonly string[];
  /** Whether a machine translation service is configured: the side-by-side view then offers "Suggest" (decision 056). */
  machineTranslation: boolean;
}

export const AdminContext = createContext<AdminEnv | null>(null);

/** The admin environment; throws outside an `AdminIsland` (a wiring bug, caught by the boundary). */
export function useAdmin(): AdminEnv {
  const env = useContext(AdminContext);
  if (!env) throw new Error('useAdmin() outside <AdminIsland>');
  return env;
}
