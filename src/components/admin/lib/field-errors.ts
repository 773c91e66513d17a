/**
 * Reading field errors in a form: the codes at a field, whether a locale tab holds any, the DOM
 * id of a field. The map itself comes from the API or from `issuesToFieldErrors` (src/lib/field-errors.ts).
 */

export type FieldErrorMap = Readonly<Record<string, readonly string[]>>;

/** The codes reported for exactly `path`. */
export function errorsAt(errors: FieldErrorMap, path: string): readonly string[] {
  return errors[path] ?? [];
}

/** True when any error sits at `prefix` or below it (a locale tab's marker: `translations.fr`). */
export function hasErrorsUnder(errors: FieldErrorMap, prefix: string): boolean {
  return Object.keys(errors).some((path) => path === prefix || path.startsWith(`${prefix}.`));
}

/** A DOM id for a field path (`translations.fr.title` → `field-translations-fr-title`). */
export function fieldId(formId: string, path: string): string {
  return `${formId}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
