/** Status and translation-completeness badges, in lists and in the edit form's header. */
import type { Completeness } from '../lib/api.ts';
import { useAdmin } from './admin-context.tsx';

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
