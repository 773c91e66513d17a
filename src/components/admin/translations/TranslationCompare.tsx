/**
 * The "Compare with" bar above a locale tab's fields: a chooser of the other locales that have
 * text for this item, "Copy all from <locale>", and a status line announcing each copy with an
 * Undo. Copies change only the form state; Save sends them (docs/decisions/037).
 */
import { useId, useState, type ReactNode } from 'react';
import { localesWithText, planCopy, undoWrites, overwritesText, type CopyWrite } from '../lib/copy-translation.ts';
import { useForm } from '../edit-form/form-context.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { CompareContext, type CompareState } from './compare-context.tsx';
import '../../../styles/admin-translations.css';

interface LastCopy {
  writes: readonly CopyWrite[];
  message: string;
}

export function TranslationCompare({ locale, children }: { locale: string; children: ReactNode }) {
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
  const copy = (writes: readonly CopyWrite[]) => {
    if (!source) return;
    apply(writes);
    const message = writes.length
      ? t(overwritesText(writes) ? 'admin.translations.copiedOver' : 'admin.translations.copied', { count: writes.length, locale: sourceName })
      : t('admin.translations.copiedNothing', { locale: sourceName });
    setLast({ writes, message });
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
  const context: CompareState = { target: locale, source, copy };

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
