/** Why a scheduled "Publish changes at" failed, as a sentence (the form's notice and the list's badge). */
import type { AdminT } from './translate.ts';

export function scheduleProblemText(t: AdminT, code: string): string {
  return code === 'VERSION_CONFLICT' || code === 'WORKING_COPY_INVALID' || code === 'SCHEDULER_NOT_ALLOWED'
    ? t(`workingCopy.problem.${code}`)
    : t('workingCopy.problem.OTHER');
}
