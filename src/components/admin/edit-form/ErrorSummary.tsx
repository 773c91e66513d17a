/**
 * The errors of the last save attempt, listed above the form: each names its field (and locale)
 * and moves focus to it — switching the locale tab first when the field is a translation.
 */
import { fieldId } from '../lib/field-errors.ts';
import { translateCode } from '../lib/translate.ts';
import { useAdmin } from '../ui/admin-context.tsx';
import { useForm } from './form-context.tsx';

export function describeField(path: string, labels: Readonly<Record<string, string>>, localeNames: Readonly<Record<string, string>>): string {
  const match = /^translations\.([^.]+)\.(.+)$/.exec(path);
  if (match) return `${labels[match[2]!] ?? match[2]} (${localeNames[match[1]!] ?? match[1]})`;
  if (path === '$') return '';
  const head = path.split('.')[0] ?? path;
  return labels[path] ?? labels[head] ?? path;
}

export function ErrorSummary() {
  const { t, localeNames } = useAdmin();
  const { formId, errors, fieldLabels, setActiveLocale } = useForm();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;

  const focusField = (path: string) => {
    const locale = /^translations\.([^.]+)\./.exec(path)?.[1];
    if (locale) setActiveLocale(locale);
    requestAnimationFrame(() => document.getElementById(fieldId(formId, path))?.focus());
  };

  return (
    <div className="admin-form__summary" role="alert" tabIndex={-1} aria-labelledby={`${formId}-summary-title`}>
      <h2 id={`${formId}-summary-title`}>{t('admin.form.errorSummary', { count: entries.length })}</h2>
      <ul>
        {entries.map(([path, codes]) => {
          const name = describeField(path, fieldLabels, localeNames);
          const message = codes.map((code) => translateCode(t, code)).join(' ');
          return (
            <li key={path}>
              <button type="button" className="admin-link-button" onClick={() => focusField(path)} data-error-path={path}>
                {name ? `${name}: ${message}` : message}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
