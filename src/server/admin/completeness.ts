/** Per-locale translation status of an item, shown as badges in lists and forms. */
import { locales, type Locale } from '../../i18n/config.ts';
import type { EntityState, TranslationSpec } from './entity-spec.ts';

export type Completeness = 'complete' | 'partial' | 'missing';

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** `missing`: no text at all; `complete`: every field the spec deems essential is filled. */
export function localeCompleteness(spec: TranslationSpec, translations: EntityState['translations']): Record<Locale, Completeness> {
  return Object.fromEntries(
    locales.map((locale): [Locale, Completeness] => {
      const row = translations[locale];
      if (!row || !spec.fields.some((field) => filled(row[field]))) return [locale, 'missing'];
      return [locale, spec.complete.every((field) => filled(row[field])) ? 'complete' : 'partial'];
    }),
  ) as Record<Locale, Completeness>;
}
