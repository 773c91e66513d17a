/** Form controls bound to the edit form's draft by field path. */
import { useState, type ReactNode } from 'react';
import { Compared } from '../translations/Compared.tsx';
import { Field } from '../ui/Field.tsx';
import { useFormField } from './form-context.tsx';

interface BoundProps {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Language of the text typed in (translated fields). */
  lang?: string;
}

export function TextField({
  path,
  label,
  hint,
  required,
  lang,
  type = 'text',
  maxLength,
  autoComplete,
  placeholder,
}: BoundProps & {
  type?: 'text' | 'url' | 'email';
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
}) {
  const field = useFormField<string>(path);
  return (
    <Compared path={path}>
      <Field id={field.id} label={label} hint={hint} errors={field.errors} required={required ?? false}>
        {(control) => (
          <input
            {...control}
            type={type}
            lang={lang}
            value={field.value ?? ''}
            maxLength={maxLength}
            autoComplete={autoComplete ?? 'off'}
            placeholder={placeholder}
            onChange={(event) => field.setValue(event.target.value)}
          />
        )}
      </Field>
    </Compared>
  );
}

export function TextAreaField({ path, label, hint, required, lang, rows = 3, maxLength }: BoundProps & { rows?: number; maxLength?: number }) {
  const field = useFormField<string>(path);
  return (
    <Compared path={path}>
      <Field id={field.id} label={label} hint={hint} errors={field.errors} required={required ?? false}>
        {(control) => (
          <textarea
            {...control}
            lang={lang}
            rows={rows}
            maxLength={maxLength}
            value={field.value ?? ''}
            onChange={(event) => field.setValue(event.target.value)}
          />
        )}
      </Field>
    </Compared>
  );
}

export function SelectField({ path, label, hint, required, options }: BoundProps & { options: readonly { value: string; label: string }[] }) {
  const field = useFormField<string | null>(path);
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} required={required ?? false}>
      {(control) => (
        // The empty option ("not stated") is no value: null, as the API stores it.
        <select {...control} value={field.value ?? ''} onChange={(event) => field.setValue(event.target.value === '' ? null : event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A decimal number (a coordinate, a price). What is typed stays as typed while it is not a number
 * yet (`-`, `48.`, `12,`), and is sent as a number once it parses (a comma read as the decimal
 * point), so the API checks the range; empty is no value.
 */
export function DecimalField({ path, label, hint, required }: BoundProps) {
  const field = useFormField<number | string | null>(path);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const shown = typed ?? (field.value === null || field.value === undefined ? '' : String(field.value));
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} required={required ?? false}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={shown}
          onChange={(event) => {
            const text = event.target.value.replace(',', '.');
            setTyped(event.target.value);
            const number = Number(text);
            field.setValue(text.trim() === '' ? null : Number.isFinite(number) ? number : text);
          }}
        />
      )}
    </Field>
  );
}

/** A fraction 0–1 (focal point), edited as a percentage. */
export function PercentField({ path, label, hint }: BoundProps) {
  const field = useFormField<number>(path);
  const percent = typeof field.value === 'number' ? Math.round(field.value * 100) : 50;
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <input
          {...control}
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          value={percent}
          onChange={(event) => field.setValue(Math.max(0, Math.min(100, Number(event.target.value) || 0)) / 100)}
        />
      )}
    </Field>
  );
}

/** A group of fields with a visible legend. */
export function Section({ legend, children, description }: { legend: string; children: ReactNode; description?: string }) {
  return (
    <fieldset className="admin-section">
      <legend>{legend}</legend>
      {description && <p className="admin-section__description">{description}</p>}
      <div className="admin-section__fields">{children}</div>
    </fieldset>
  );
}
