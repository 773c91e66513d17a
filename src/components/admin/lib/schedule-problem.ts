/** Why a scheduled "Publish changes at" failed, as a sentence (the form's notice and the list's badge). */
import type { AdminT } from './translate.ts';

const explained = new Set(['VERSION_CONFLICT', 'WORKING_COPY_INVALID', 'SCHEDULER_NOT_ALLOWED', 'SCHEDULER_OUT_OF_SCOPE']);

export function scheduleProblemText(t: AdminT, code: string): string {
  return explained.has(code) ? t(`workingCopy.problem.${code}`) : t('workingCopy.problem.OTHER');
}
