/** Translated fields as the API sends them: the text and the locale it came from. */
import type { Locale } from '../../i18n/config.ts';
import type { Localized as LocalizedText } from '../../lib/translated.ts';

/** A text and the locale it is written in (the hub's `Localized` without its page-only flag). */
export type Localized = Pick<LocalizedText, 'value' | 'locale'>;

/** `{ value, locale }`, or null when there is no text. */
export function localized(value: string | null | undefined, locale: Locale): Localized | null {
  return value ? { value, locale } : null;
}
