/** The localized strings the error boundaries need; built on the server and passed as island props. */
import type { Translate } from '../../i18n/index.ts';

export interface ErrorLabels {
  sectionTitle: string;
  retry: string;
  reload: string;
}

/** Strings for `SectionErrorBoundary` / `AppErrorBoundary` in the request's locale. */
export function getErrorLabels(t: Translate): ErrorLabels {
  return {
    sectionTitle: t('errors.section.title'),
    retry: t('errors.section.retry'),
    reload: t('errors.app.reload'),
  };
}
