/**
 * The translation filters every collection list has (docs/decisions/037): `missing=<locale>`
 * (no text at all in that locale), `partial=<locale>` (some text, but not every field the
 * declaration's `complete` names) and `complete=<locale>` (every one of them). Part of each declaration's list query, so the API, the
 * export and the list screen's URL state all accept them.
 */
import { z } from 'zod';
import { locales, type Locale } from '../../i18n/config.ts';

const localeFilter = z.enum(locales as [Locale, ...Locale[]], { error: 'INVALID_VALUE' }).optional();

/** The translation states an item can be filtered by, in the order the list screen offers them. */
export const translationFilterKeys = ['missing', 'partial', 'complete'] as const;
export type TranslationFilterKey = (typeof translationFilterKeys)[number];

/** Query parameters: the locale an item lacks (`missing`), has only in part (`partial`) or has in full (`complete`). */
export const translationFilters: Record<TranslationFilterKey, typeof localeFilter> = { missing: localeFilter, partial: localeFilter, complete: localeFilter };

/**
 * The list screen's controls for them: one select of the content locales each (filter controls
 * of `collections/declare.ts`, which adds them to every list; typed there, so this module needs
 * nothing of it).
 */
export const translationFilterControls = translationFilterKeys.map((key) => ({
  key,
  kind: 'select' as const,
  options: locales,
  labelPrefix: 'admin.translations.inLocale.',
  label: `admin.translations.filter.${key}`,
}));
