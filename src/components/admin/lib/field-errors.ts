/**
 * Field errors as the API reports them — `{ "translations.fr.title": ["TOO_LONG"] }` — and the
 * same map built in the browser from the shared zod schemas, so a form shows client-side and
 * server-side errors in one place, next to their fields.
 */
import type { z } from 'zod';

export type FieldErrorMap = Readonly<Record<string, readonly string[]>>;

const CODE = /^[A-Z][A-Z0-9_]*$/;

/** The stable code of a zod issue: the schema's own message when it is one (they all are). */
function codeOf(issue: z.core.$ZodIssue): string {
  if (CODE.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'REQUIRED' : 'INVALID_TYPE';
  if (issue.code === 'too_big') return issue.origin === 'string' ? 'TOO_LONG' : 'TOO_LARGE';
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'REQUIRED' : 'TOO_SMALL';
  return 'INVALID_VALUE';
}

/** Zod issues → field error map, keyed like the API's (`$` for the whole body). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, code: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : '$';
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(path === '$' ? key : `${path}.${key}`, 'UNKNOWN_FIELD');
    else add(path, codeOf(issue));
  }
  return errors;
}

/** The codes reported for exactly `path`. */
export function errorsAt(errors: FieldErrorMap, path: string): readonly string[] {
  return errors[path] ?? [];
}

/** True when any error sits at `prefix` or below it (a locale tab's marker: `translations.fr`). */
export function hasErrorsUnder(errors: FieldErrorMap, prefix: string): boolean {
  return Object.keys(errors).some((path) => path === prefix || path.startsWith(`${prefix}.`));
}

/** Errors whose path no field on screen claims (shown in the form's summary instead). */
export function unclaimedErrors(errors: FieldErrorMap, claimed: ReadonlySet<string>): [string, readonly string[]][] {
  return Object.entries(errors).filter(([path]) => !claimed.has(path));
}

/** A DOM id for a field path (`translations.fr.title` → `field-translations-fr-title`). */
export function fieldId(formId: string, path: string): string {
  return `${formId}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
