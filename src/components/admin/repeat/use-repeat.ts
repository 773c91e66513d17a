/**
 * The "Repeats" controls' binding to the edit form: the draft's recurrence and first date, a
 * dispatch through the pure reducer, and the API's `recurrence.*` errors sorted to the control
 * each belongs to (the rule, an extra date, a changed date, or the group as a whole).
 */
import type { Recurrence } from '../../../lib/recurrence.ts';
import { fieldId } from '../lib/field-errors.ts';
import { useForm } from '../edit-form/form-context.tsx';
import { repeatReducer, sortRepeatErrors, type FirstDate, type RepeatAction } from './repeat-state.ts';

export type { RepeatErrors } from './repeat-state.ts';

export function useRepeat() {
  const form = useForm();
  const recurrence = (form.draft['recurrence'] ?? null) as Recurrence | null;
  const first: FirstDate = {
    startsAt: String(form.draft['startsAt'] ?? ''),
    endsAt: String(form.draft['endsAt'] ?? ''),
    timeZone: String(form.draft['timeZone'] || 'UTC'),
  };
  return {
    recurrence,
    first,
    errors: sortRepeatErrors(form.errors),
    /** The DOM id of a control by its path under `recurrence` (where the error summary moves focus). */
    idOf: (path: string) => fieldId(form.formId, path ? `recurrence.${path}` : 'recurrence'),
    dispatch: (action: RepeatAction) => form.setValue('recurrence', repeatReducer(recurrence, action, first)),
  };
}

export type RepeatBinding = ReturnType<typeof useRepeat>;
