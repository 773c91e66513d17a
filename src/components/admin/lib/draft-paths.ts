/**
 * One field of a form draft by its path: a base field (`slug`) or a text of one locale
 * (`translations.fr.title`). Pure, so the form's reducer and its field bindings share it.
 */
import type { FormDraft } from './payload.ts';

/** Reads `field` or `translations.<locale>.<field>` from a draft. */
export function readPath(draft: FormDraft, path: string): unknown {
  if (!path.startsWith('translations.')) return draft[path];
  const [, locale, field] = path.split('.');
  return draft.translations[locale ?? '']?.[field ?? ''];
}

/** A copy of `draft` with `path` set to `value`. */
export function writePath(draft: FormDraft, path: string, value: unknown): FormDraft {
  if (!path.startsWith('translations.')) return { ...draft, [path]: value };
  const [, locale = '', field = ''] = path.split('.');
  return { ...draft, translations: { ...draft.translations, [locale]: { ...draft.translations[locale], [field]: String(value ?? '') } } };
}
