/** Translated fields as the API sends them: the text and the locale it came from. */
import type { Locale } from '../../i18n/config.ts';

export interface Localized {
  value: string;
  locale: Locale;
}

/** `{ value, locale }`, or null when there is no text. */
export function localized(value: string | null | undefined, locale: Locale): Localized | null {
  return value ? { value, locale } : null;
}
