/**
 * Per-locale tabs for the translated fields (WAI-ARIA tabs: arrow keys, Home/End). Each tab shows
 * whether its locale is complete, partial or missing, marks the default locale as required to
 * publish, and flags a locale that holds errors.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { hasErrorsUnder } from '../lib/field-errors.ts';
import { TranslationCompare } from '../translations/TranslationCompare.tsx';
import { useSuggestionMarks } from '../translations/use-suggestion-marks.ts';
import { draftLocaleStatus } from '../lib/payload.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { useForm } from './form-context.tsx';

const symbols = { complete: '✓', partial: '◐', missing: '✕' } as const;

export function LocaleTabs({ complete, children }: { complete: readonly string[]; children: (locale: string) => ReactNode }) {
  const { t, contentLocales, defaultLocale, localeNames } = useAdmin();
  const { formId, draft, errors, activeLocale, setActiveLocale } = useForm();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // Machine suggestions (decision 056) stay marked while the person looks at another tab.
  const suggestionMarks = useSuggestionMarks();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = contentLocales.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActiveLocale(contentLocales[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <div className="admin-locale-tabs">
      <div role="tablist" aria-label={t('admin.form.translations')} className="admin-locale-tabs__list">
        {contentLocales.map((code, index) => {
          const state = draftLocaleStatus(draft, code, complete);
          const invalid = hasErrorsUnder(errors, `translations.${code}`);
          const selected = code === activeLocale;
          return (
            <button
              key={code}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${formId}-tab-${code}`}
              aria-selected={selected}
              aria-controls={`${formId}-panel-${code}`}
              tabIndex={selected ? 0 : -1}
              className={`admin-locale-tab admin-locale-tab--${state}${invalid ? ' admin-locale-tab--invalid' : ''}`}
              data-locale={code}
              data-state={state}
              onClick={() => setActiveLocale(code)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span lang={code}>{localeNames[code] ?? code}</span>{' '}
              <span className="admin-locale-tab__marker" aria-hidden="true">
                {symbols[state]}
              </span>
              <span className="admin-visually-hidden">{t(`admin.locales.state.${state}`)}</span>
              {code === defaultLocale && <span className="admin-locale-tab__required">{t('admin.form.requiredToPublish')}</span>}
              {invalid && (
                <span className="admin-locale-tab__error">
                  <span aria-hidden="true">!</span>
                  <span className="admin-visually-hidden">{t('admin.form.tabHasErrors')}</span>
                </span>
              )}
            </button>
          );
        })}
      </div>
      {contentLocales.map((code) => (
        <div
          key={code}
          role="tabpanel"
          id={`${formId}-panel-${code}`}
          aria-labelledby={`${formId}-tab-${code}`}
          hidden={code !== activeLocale}
          className="admin-locale-tabs__panel"
        >
          {code === activeLocale && (
            <TranslationCompare locale={code} marks={suggestionMarks}>
              {children(code)}
            </TranslationCompare>
          )}
        </div>
      ))}
    </div>
  );
}
