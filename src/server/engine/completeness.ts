/** Per-locale translation status of an item, shown as badges in lists and forms. */
import { perLocale, type Locale } from '../../i18n/config.ts';
import type { EntityState, TranslationSpec } from './entity-spec.ts';

export type Completeness = 'complete' | 'partial' | 'missing';

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** `missing`: no text at all; `complete`: every field the spec deems essential is filled. */
export function localeCompleteness(spec: TranslationSpec, translations: EntityState['translations']): Record<Locale, Completeness> {
  return perLocale((locale) => {
    const row = translations[locale];
    if (!row || !spec.fields.some((field) => filled(row[field]))) return 'missing';
    return spec.complete.every((field) => filled(row[field])) ? 'complete' : 'partial';
  });
}
