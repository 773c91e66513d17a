/**
 * The root of every admin island: top-level error boundary, the shared strings and locales, the
 * signed-in user and the unsaved-changes guard (both in nanostores, shared with other islands),
 * and a section boundary with "Try again" around the screen itself.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Locale } from '../../../i18n/config.ts';
import { AppErrorBoundary, SectionErrorBoundary, type ErrorLabels } from '../../errors/index.ts';
import { setCurrentUser, type CurrentUser } from '../../../stores/current-user.ts';
import { installDirtyGuard } from '../../../stores/dirty-guard.ts';
import { createTranslator, type AdminStrings } from '../lib/translate.ts';
import { AdminContext, type AdminEnv } from './admin-context.tsx';

/** Props every island receives from its page (built by `getAdminIslandProps`). */
export interface AdminIslandProps {
  strings: AdminStrings;
  locale: Locale;
  contentLocales: readonly string[];
  defaultLocale: string;
  localeNames: Readonly<Record<string, string>>;
  /** The zone the admin shows instants in (`HUB_ADMIN_TIME_ZONE`). */
  timeZone: string;
  user: CurrentUser | null;
  errorLabels: ErrorLabels;
  /** A machine translation service is configured (`DEEPL_API_KEY` or `LIBRETRANSLATE_URL`). */
  machineTranslation?: boolean;
}

export function AdminIsland({ children, ...props }: AdminIslandProps & { children: ReactNode }) {
  const { strings, locale, contentLocales, defaultLocale, localeNames, timeZone, user, errorLabels, machineTranslation = false } = props;
  const permissions = user?.permissions;
  const env = useMemo<AdminEnv>(
    () => ({
      t: createTranslator(strings, locale),
      locale,
      contentLocales,
      defaultLocale,
      localeNames,
      timeZone,
      permissions: permissions ?? [],
      machineTranslation,
    }),
    [strings, locale, contentLocales, defaultLocale, localeNames, timeZone, permissions, machineTranslation],
  );
  useEffect(() => setCurrentUser(user), [user]);
  useEffect(() => installDirtyGuard(env.t('admin.form.unsavedPrompt')), [env]);
  return (
    <AppErrorBoundary labels={errorLabels}>
      <AdminContext.Provider value={env}>
        <SectionErrorBoundary labels={errorLabels}>{children}</SectionErrorBoundary>
      </AdminContext.Provider>
    </AppErrorBoundary>
  );
}
