/**
 * The "Compare with" bar above a locale tab's fields: a chooser of the other locales that have
 * text for this item, "Copy all from <locale>", "Suggest from <locale>" when a machine translation
 * service is configured (decision 056), and a status line announcing each copy or suggestion
 * with an Undo. Copies and suggestions change only the form state; Save sends them
 * (docs/decisions/037).
 */
import { useId, useState, type ReactNode } from 'react';
import { localesWithText, planCopy, undoWrites, overwritesText, type CopyWrite } from '../lib/copy-translation.ts';
import { isUnreviewed } from '../lib/suggest-translation.ts';
import { useForm } from '../edit-form/form-context.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { CompareContext, type CompareState } from './compare-context.tsx';
import { useSuggest } from './use-suggest.ts';
import type { SuggestionMarksState } from './use-suggestion-marks.ts';
import '../../../styles/admin-translations.css';

interface LastCopy {
  writes: readonly CopyWrite[];
  message: string;
}

export function TranslationCompare({ locale, marks, children }: { locale: string; marks: SuggestionMarksState; children: ReactNode }) {
  const { t, contentLocales, localeNames } = useAdmin();
  const { draft, setValue } = useForm();
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [last, setLast] = useState<LastCopy | null>(null);
  const available = localesWithText(draft, contentLocales, locale);
  const source = available.includes(chosen) ? chosen : null;
  const sourceName = source ? (localeNames[source] ?? source) : '';

  const apply = (writes: readonly CopyWrite[]) => {
    for (const write of writes) setValue(write.path, write.value);
  };
  const report = (writes: readonly CopyWrite[], message: string) => {
    apply(writes);
    setLast({ writes, message });
  };
  const suggestion = useSuggest({ target: locale, source, sourceName, marks, report });
  const unreviewed = Object.keys(marks.marks).filter((path) => path.startsWith(`translations.${locale}.`) && isUnreviewed(marks.marks, draft, path));
  const copy = (writes: readonly CopyWrite[]) => {
    if (!source) return;
    const message = writes.length
      ? t(overwritesText(writes) ? 'admin.translations.copiedOver' : 'admin.translations.copied', { count: writes.length, locale: sourceName })
      : t('admin.translations.copiedNothing', { locale: sourceName });
    report(writes, message);
  };
  const undo = () => {
    if (!last) return;
    apply(undoWrites(last.writes));
    setLast({ writes: [], message: t('admin.translations.undone') });
  };
  const choose = (next: string) => {
    setChosen(next);
    setLast(null);
  };
  const context: CompareState = { target: locale, source, copy, suggestions: marks.marks, accept: (fields) => void suggestion.accept(fields) };

  return (
    <CompareContext.Provider value={context}>
      <div className="admin-compare-bar" data-testid="compare-bar">
        {available.length > 0 ? (
          <div className="admin-compare-bar__field">
            <label htmlFor={`${id}-source`}>{t('admin.translations.compareWith')}</label>
            <select id={`${id}-source`} value={source ?? ''} onChange={(event) => choose(event.target.value)} data-testid="compare-with">
              <option value="">{t('admin.translations.compareNone')}</option>
              {available.map((code) => (
                <option key={code} value={code} lang={code}>
                  {localeNames[code] ?? code}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="admin-compare-bar__empty">{t('admin.translations.compareEmpty')}</p>
        )}
        {source && (
          <button
            type="button"
            className="admin-button"
            onClick={() => copy(planCopy(draft, source, locale, Object.keys(draft.translations[source] ?? {})))}
            data-testid="copy-all"
          >
            {t('admin.translations.copyAll', { locale: sourceName })}
          </button>
        )}
        {source && suggestion.available && (
          <button type="button" className="admin-button" aria-disabled={suggestion.pending} onClick={() => void suggestion.suggest()} data-testid="suggest">
            {t('admin.translations.suggest', { locale: sourceName })}
          </button>
        )}
        {unreviewed.length > 1 && (
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => suggestion.accept(unreviewed.map((path) => path.split('.')[2]!))}
            data-testid="accept-all"
          >
            {t('admin.translations.acceptAll', { count: unreviewed.length })}
          </button>
        )}
        <p role="status" className="admin-compare-bar__status">
          {last?.message}
          {last && last.writes.length > 0 && (
            <button type="button" className="admin-button admin-button--quiet admin-compare-bar__undo" onClick={undo} data-testid="copy-undo">
              {t('admin.translations.undo')}
            </button>
          )}
        </p>
      </div>
      {children}
    </CompareContext.Provider>
  );
}
