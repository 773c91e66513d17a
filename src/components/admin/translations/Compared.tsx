/**
 * A translated field with its source beside it (≥ 1024 px) or above it when a comparison is on:
 * the source text read-only, labelled "<Field> (<Locale>, source)", and "Copy from <locale>".
 * Outside a comparison, or for another locale's field, it renders the field alone. A field still
 * holding a machine suggestion says so under it, with "Accept" (decision 056).
 */
import type { ReactNode } from 'react';
import { parseTranslationPath, planCopy } from '../lib/copy-translation.ts';
import { errorsAt } from '../lib/field-errors.ts';
import { isUnreviewed } from '../lib/suggest-translation.ts';
import { useForm } from '../edit-form/form-context.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { useCompare } from './compare-context.tsx';

export function Compared({ path, children }: { path: string; children: ReactNode }) {
  const compare = useCompare();
  const target = parseTranslationPath(path);
  if (!compare || !target || target.locale !== compare.target) return children;
  const field = (
    <>
      {children}
      <SuggestionMark path={path} field={target.field} onAccept={compare.accept} suggestions={compare.suggestions} />
    </>
  );
  if (!compare.source) return field;
  return (
    <div className="admin-compare" data-field={target.field}>
      <SourceText source={compare.source} target={target.locale} field={target.field} onCopy={compare.copy} />
      <div className="admin-compare__target">{field}</div>
    </div>
  );
}

/** "Machine suggestion — review before publishing" and "Accept", while the field holds its suggestion (decision 056). */
function SuggestionMark({
  path,
  field,
  onAccept,
  suggestions,
}: {
  path: string;
  field: string;
  onAccept: (fields: readonly string[]) => void;
  suggestions: NonNullable<ReturnType<typeof useCompare>>['suggestions'];
}) {
  const { t } = useAdmin();
  const { draft, errors, fieldLabels } = useForm();
  // Also when the server named it (the form was reloaded since the suggestion came).
  const refused = errorsAt(errors, path).includes('UNREVIEWED_SUGGESTION');
  if (!isUnreviewed(suggestions, draft, path) && !refused) return null;
  return (
    <div className="admin-suggestion" data-testid={`suggestion-${field}`}>
      <p className="admin-suggestion__mark">{t('admin.translations.suggestionMark')}</p>
      <button type="button" className="admin-button admin-button--quiet" onClick={() => onAccept([field])} data-testid={`accept-${field}`}>
        {t('admin.translations.acceptSuggestion')}
        <span className="admin-visually-hidden"> ({fieldLabels[field] ?? field})</span>
      </button>
    </div>
  );
}

function SourceText({
  source,
  target,
  field,
  onCopy,
}: {
  source: string;
  target: string;
  field: string;
  onCopy: NonNullable<ReturnType<typeof useCompare>>['copy'];
}) {
  const { t, localeNames } = useAdmin();
  const { formId, draft, fieldLabels } = useForm();
  const text = draft.translations[source]?.[field] ?? '';
  const locale = localeNames[source] ?? source;
  const fieldName = fieldLabels[field] ?? field;
  const id = `${formId}-source-${field}`;
  const rows = Math.min(10, Math.max(2, text.split('\n').length, Math.ceil(text.length / 60)));
  return (
    <div className="admin-compare__source">
      <label htmlFor={id} className="admin-field__label">
        {t('admin.translations.sourceLabel', { field: fieldName, locale })}
      </label>
      {text.trim() ? (
        <>
          <textarea id={id} readOnly rows={rows} lang={source} value={text} data-testid={`source-${field}`} />
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => onCopy(planCopy(draft, source, target, [field]))}
            data-testid={`copy-${field}`}
          >
            {t('admin.translations.copyField', { locale })}
            <span className="admin-visually-hidden"> ({fieldName})</span>
          </button>
        </>
      ) : (
        <p id={id} className="admin-compare__empty">
          {t('admin.translations.sourceEmpty', { locale })}
        </p>
      )}
    </div>
  );
}
