/**
 * Copying text from one locale of a form draft to another ("Copy from English"), pure so it can
 * be tested without a browser. A copy is a list of path writes the form applies with its own
 * setter, so nothing is saved until Save; each write remembers the value it replaced, which is
 * what "Undo" writes back (docs/decisions/037).
 */
import { draftLocaleStatus, type FormDraft } from './payload.ts';

/** One field write of a copy: the form path, the copied text and the text it replaces. */
export interface CopyWrite {
  path: string;
  value: string;
  previous: string;
}

function textOf(draft: FormDraft, locale: string, field: string): string {
  const value = draft.translations[locale]?.[field];
  return typeof value === 'string' ? value : '';
}

/** The locales (in the given order) that hold any text in the draft, except `exclude`. */
export function localesWithText(draft: FormDraft, locales: readonly string[], exclude: string): string[] {
  return locales.filter((locale) => locale !== exclude && draftLocaleStatus(draft, locale, []) !== 'missing');
}

/**
 * The writes that copy `fields` from locale `from` to locale `to`: only fields whose source has
 * text (an empty source never blanks a translation) and whose target differs.
 */
export function planCopy(draft: FormDraft, from: string, to: string, fields: readonly string[]): CopyWrite[] {
  return fields.flatMap((field) => {
    const value = textOf(draft, from, field);
    const previous = textOf(draft, to, field);
    return value.trim() === '' || value === previous ? [] : [{ path: `translations.${to}.${field}`, value, previous }];
  });
}

/** The writes that put back what a copy replaced. */
export function undoWrites(writes: readonly CopyWrite[]): CopyWrite[] {
  return writes.map(({ path, value, previous }) => ({ path, value: previous, previous: value }));
}

/** Whether a copy replaces text someone had typed (the form then says so and offers Undo). */
export function overwritesText(writes: readonly CopyWrite[]): boolean {
  return writes.some((write) => write.previous.trim() !== '');
}

/** `translations.<locale>.<field>` → its locale and field; undefined for a base field. */
export function parseTranslationPath(path: string): { locale: string; field: string } | undefined {
  const match = /^translations\.([^.]+)\.([^.]+)$/.exec(path);
  return match ? { locale: match[1]!, field: match[2]! } : undefined;
}
