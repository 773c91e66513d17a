/**
 * The admin-language reason of an import issue code: the import's own sentence
 * (`import.issue.<CODE>`), else the admin's sentence of an engine code it refused a row with
 * (`admin.error.<CODE>`), else a generic one.
 */
import { getStrings, type Translate, type UiKey } from '../../i18n/index.ts';
import { defaultLocale } from '../../i18n/config.ts';
import type { RowWarning } from './rows.ts';

export const importIssueCodes = [
  'REQUIRED',
  'TOO_LONG',
  'INVALID_DATE',
  'INVALID_DURATION',
  'END_BEFORE_START',
  'UNKNOWN_TIME_ZONE',
  'DUPLICATE_EXTERNAL_ID',
  'RECURRENCE_UNSUPPORTED',
  'VENUE_OR_ONLINE_REQUIRED',
  'INVALID_PRICE',
  'INVALID_AVAILABILITY',
] as const;

/** The reason of `code` in the translator's language. */
export function issueReason(t: Translate, code: string): string {
  if ((importIssueCodes as readonly string[]).includes(code)) return t(`import.issue.${code}` as UiKey);
  const adminKey = `admin.error.${code}`;
  return t((adminKey in getStrings(defaultLocale) ? adminKey : 'import.issue.INVALID') as UiKey);
}

export const importWarningCodes = ['SUMMARY_MOVED', 'TITLE_CUT', 'GUID_TAKEN', 'REPEATS'] as const;

/** The sentence of a warning in the translator's language, naming the file's field and the limit. */
export function warningReason(t: Translate, warning: RowWarning): string {
  const key = (importWarningCodes as readonly string[]).includes(warning.code) ? warning.code : 'CHANGED';
  return t(`import.warning.${key}` as UiKey, { field: warning.field, limit: warning.limit });
}
