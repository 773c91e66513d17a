/**
 * Machine translation suggestions in the form (docs/decisions/056), pure so they can be tested
 * without a browser: which fields to ask for (the target's empty fields whose source has text),
 * the writes that fill them (only those still empty when the answer comes), and which fields
 * still show an unreviewed suggestion (their text is exactly what the service suggested).
 */
import type { CopyWrite } from './copy-translation.ts';
import type { FormDraft } from './payload.ts';

/** Form path → the suggested text a field was filled with, until a person accepts it. */
export type SuggestionMarks = Readonly<Record<string, string>>;

function textOf(draft: FormDraft, locale: string, field: string): string {
  const value = draft.translations[locale]?.[field];
  return typeof value === 'string' ? value : '';
}

/** Field → source text, for every field empty in `to` whose text in `from` is not. */
export function suggestionRequestFields(draft: FormDraft, from: string, to: string): Record<string, string> {
  const fields = Object.keys(draft.translations[from] ?? {});
  return Object.fromEntries(
    fields.flatMap((field) => {
      const source = textOf(draft, from, field);
      return source.trim() !== '' && textOf(draft, to, field).trim() === '' ? [[field, source]] : [];
    }),
  );
}

/** The writes filling `to`'s fields with `suggestions`, skipping any field typed into meanwhile. */
export function suggestionWrites(draft: FormDraft, to: string, suggestions: Readonly<Record<string, string>>): CopyWrite[] {
  return Object.entries(suggestions).flatMap(([field, value]) => {
    const previous = textOf(draft, to, field);
    return previous.trim() === '' ? [{ path: `translations.${to}.${field}`, value, previous }] : [];
  });
}

/** Whether the field at `path` still holds its unreviewed suggestion. */
export function isUnreviewed(marks: SuggestionMarks, draft: FormDraft, path: string): boolean {
  const [, locale, field] = path.split('.');
  const suggested = marks[path];
  return suggested !== undefined && locale !== undefined && field !== undefined && textOf(draft, locale, field) === suggested;
}
