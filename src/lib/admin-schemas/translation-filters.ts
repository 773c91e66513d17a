/**
 * The translation filters every collection list has (docs/decisions/037): `missing=<locale>`
 * (no text at all in that locale) and `partial=<locale>` (some text, but not every field the
 * declaration's `complete` names). Part of each declaration's list query, so the API, the
 * export and the list screen's URL state all accept them.
 */
import { z } from 'zod';
import { locales, type Locale } from '../../i18n/config.ts';
import type { FilterControl } from '../collections/declare.ts';

const localeFilter = z.enum(locales as [Locale, ...Locale[]], { error: 'INVALID_VALUE' }).optional();

/** Query parameters: the locale an item lacks (`missing`) or has only in part (`partial`). */
export const translationFilters = { missing: localeFilter, partial: localeFilter };

export type TranslationFilterKey = keyof typeof translationFilters;

/** The list screen's controls for them: one select of the content locales each. */
export const translationFilterControls: readonly FilterControl[] = (['missing', 'partial'] as const).map((key) => ({
  key,
  kind: 'select',
  options: locales,
  labelPrefix: 'admin.translations.inLocale.',
  label: `admin.translations.filter.${key}`,
}));
