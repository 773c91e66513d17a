/** Status and translation-completeness badges, in lists and in the edit form's header. */
import { formatAdminDate } from '../../../lib/dates.ts';
import type { Completeness } from '../lib/api.ts';
import { useAdmin } from './admin-context.tsx';

/**
 * When a published item's "Unpublish on" has passed (at `now`), that instant: the public page is
 * gone although the stored status still reads `published` (decision 029). Null otherwise.
 */
export function unpublishedSince(status: string, unpublishAt: unknown, now: number): Date | null {
  if (status !== 'published' || (typeof unpublishAt !== 'string' && !(unpublishAt instanceof Date))) return null;
  const at = new Date(unpublishAt);
  return at.getTime() <= now ? at : null;
}

/** The status as visitors see it: "Unpublished on …" once a published item's "Unpublish on" passed. */
export function EffectiveStatusBadge({ status, unpublishAt, now }: { status: string; unpublishAt: unknown; now: number }) {
  const { t, locale, timeZone } = useAdmin();
  const since = unpublishedSince(status, unpublishAt, now);
  if (!since) return <StatusBadge status={status} />;
  return (
    <span className="admin-badge admin-badge--draft" data-status="unpublished" data-testid="unpublished-on">
      {t('publication.unpublishedOn', { date: formatAdminDate(locale, timeZone, since, 'shortDate') })}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useAdmin();
  return (
    <span className={`admin-badge admin-badge--${status}`} data-status={status}>
      {t(`admin.status.${status}`)}
    </span>
  );
}

const symbols: Record<Completeness, string> = { complete: '✓', partial: '◐', missing: '✕' };

/** One small badge per content locale: code, symbol, and the state spelled out for screen readers. */
export function LocaleBadges({ locales }: { locales: Readonly<Record<string, Completeness>> | undefined }) {
  const { t, contentLocales, localeNames } = useAdmin();
  return (
    <ul className="admin-locale-badges" aria-label={t('admin.locales.label')}>
      {contentLocales.map((code) => {
        const state = locales?.[code] ?? 'missing';
        const text = t(`admin.locales.${state}`, { locale: localeNames[code] ?? code });
        return (
          <li key={code} className={`admin-locale-badge admin-locale-badge--${state}`} data-locale={code} data-state={state} title={text}>
            <span aria-hidden="true">
              {code.toUpperCase()} {symbols[state]}
            </span>
            <span className="admin-visually-hidden">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
