/**
 * "Suggest from <locale>" and "Accept" (docs/decisions/056): asks the server for machine
 * suggestions of the target's empty fields, fills those still empty when the answer comes, and
 * tells the server when a person accepts one. A failure is said in the status line; the form
 * keeps everything it had.
 */
import { useEffect, useRef, useState } from 'react';
import type { SuggestTranslationResult } from '../../../lib/admin-schemas/translation-suggestions.ts';
import { apiRequest } from '../lib/api.ts';
import { readPath } from '../lib/draft-paths.ts';
import type { CopyWrite } from '../lib/copy-translation.ts';
import { fieldId } from '../lib/field-errors.ts';
import { suggestionRequestFields, suggestionWrites } from '../lib/suggest-translation.ts';
import { translateCode } from '../lib/translate.ts';
import { useForm } from '../edit-form/form-context.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import type { SuggestionMarksState } from './use-suggestion-marks.ts';

interface SuggestOptions {
  target: string;
  source: string | null;
  sourceName: string;
  marks: SuggestionMarksState;
  /** Applies writes to the form and says `message` in the status line, with Undo when there are writes. */
  report(writes: readonly CopyWrite[], message: string): void;
}

export function useSuggest({ target, source, sourceName, marks, report }: SuggestOptions) {
  const { t, machineTranslation } = useAdmin();
  const { formId, collection, item, draft, fieldLabels, setValue } = useForm();
  const [pending, setPending] = useState(false);
  // The answer is applied to the form as it is then, not as it was when asked.
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  const id = typeof item?.['id'] === 'number' ? item['id'] : null;

  const suggest = async () => {
    if (!source || id === null || pending) return;
    const fields = suggestionRequestFields(latest.current, source, target);
    if (Object.keys(fields).length === 0) return report([], t('admin.translations.suggestNothing', { locale: sourceName }));
    setPending(true);
    report([], t('admin.translations.suggesting', { locale: sourceName }));
    const result = await apiRequest<SuggestTranslationResult>('POST', '/api/admin/translations/suggest', { collection, id, from: source, to: target, fields });
    setPending(false);
    if (!result.ok) return report([], translateCode(t, result.problem.code));
    const writes = suggestionWrites(latest.current, target, result.data.suggestions);
    marks.add(Object.fromEntries(writes.map((write) => [write.path, write.value])));
    report(
      writes,
      writes.length
        ? t('admin.translations.suggested', { count: writes.length, locale: sourceName })
        : t('admin.translations.suggestNothing', { locale: sourceName }),
    );
  };

  const accept = async (fields: readonly string[]) => {
    if (id === null || fields.length === 0) return;
    const result = await apiRequest<null>('POST', '/api/admin/translations/suggest/accept', { collection, id, locale: target, fields });
    if (!result.ok) return report([], translateCode(t, result.problem.code));
    const paths = fields.map((field) => `translations.${target}.${field}`);
    marks.remove(paths);
    // Setting a field again clears the refusal a save may have left on it; its text stays.
    for (const path of paths) setValue(path, readPath(latest.current, path));
    const names = fields.map((field) => fieldLabels[field] ?? field).join(', ');
    report([], t('admin.translations.suggestionAccepted', { count: fields.length, fields: names }));
    // The accept button went with the mark: the field it belonged to takes the focus.
    requestAnimationFrame(() => document.getElementById(fieldId(formId, paths[0]!))?.focus());
  };

  return { available: machineTranslation && id !== null, pending, suggest, accept };
}
