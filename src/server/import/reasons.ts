/** The admin-language reason of an import issue code (`import.issue.<CODE>`), with a generic one for codes the strings do not name. */
import type { Translate, UiKey } from '../../i18n/index.ts';

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
] as const;

/** The reason of `code` in the translator's language. */
export function issueReason(t: Translate, code: string): string {
  const known = (importIssueCodes as readonly string[]).includes(code);
  return t(`import.issue.${known ? code : 'INVALID'}` as UiKey);
}
