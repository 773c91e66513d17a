/** The edit form's state as its fields see it: value and errors by field path, and a setter. */
import { createContext, useContext } from 'react';
import { errorsAt, fieldId, type FieldErrorMap } from '../lib/field-errors.ts';
import { readPath } from '../lib/draft-paths.ts';
import type { FormDraft } from '../lib/payload.ts';

export interface FormContextValue {
  formId: string;
  /** The collection the item belongs to (`events`). */
  collection: string;
  draft: FormDraft;
  errors: FieldErrorMap;
  /** The item as the server last returned it (null while creating). */
  item: Record<string, unknown> | null;
  setValue: (path: string, value: unknown) => void;
  /** The slug the server proposed after a 409 `SLUG_TAKEN`. */
  slugSuggestion: string | null;
  /** The content locale whose tab is open. */
  activeLocale: string;
  setActiveLocale: (locale: string) => void;
  /** Field path → its label, for the error summary and the conflict dialog. */
  fieldLabels: Readonly<Record<string, string>>;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const form = useContext(FormContext);
  if (!form) throw new Error('form field outside <EditForm>');
  return form;
}

/** One field's binding: DOM id, current value, setter and errors. */
export function useFormField<T = unknown>(path: string) {
  const form = useForm();
  return {
    id: fieldId(form.formId, path),
    value: readPath(form.draft, path) as T,
    setValue: (value: T) => form.setValue(path, value),
    errors: errorsAt(form.errors, path),
  };
}
