/**
 * A labelled form control with its hint and its errors (client-side or from the API) right below
 * it, wired with `aria-describedby` / `aria-invalid` so screen readers announce them.
 */
import type { ReactNode } from 'react';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from './admin-context.tsx';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  errors?: readonly string[] | undefined;
  /** Values for placeholders in the error sentences (`{{suggestion}}`). */
  errorVars?: Record<string, string | number>;
  hint?: ReactNode;
  required?: boolean;
  /** Extra content after the label (a marker, a counter). */
  aside?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, errors = [], errorVars, hint, required = false, aside, className, children }: FieldProps) {
  const { t } = useAdmin();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  const control: ControlProps = { id };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (errors.length) control['aria-invalid'] = true;
  if (required) control['aria-required'] = true;
  return (
    <div className={`admin-field${errors.length ? ' admin-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="admin-field__label">
        {label}
        {required && (
          <span className="admin-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {aside}
      {children(control)}
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId} className="admin-field__errors">
          {errors.map((code) => (
            <li key={code}>{translateCode(t, code, errorVars)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
