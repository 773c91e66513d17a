/**
 * Why a bulk action left items as they were, told in the editor's words: each item by its title
 * with a link to its edit page, each field by its label ("Title (English)"), not its API path.
 */
import { fieldLabel } from '../collection-forms/use-labels.ts';
import type { AdminT } from '../lib/translate.ts';
import { translateCode } from '../lib/translate.ts';

/** One item the action could not apply to. */
export interface BulkReason {
  id: number;
  /** "Field: message" sentences, one per field code. */
  problems: string[];
}

/** The label of an API field path: `translations.en.title` → "Title (English)". */
export function describeFieldPath(t: AdminT, localeNames: Readonly<Record<string, string>>, path: string): string {
  const [head, locale, field] = path.split('.');
  if (head === 'translations' && locale && field) return `${fieldLabel(t, field)} (${localeNames[locale] ?? locale})`;
  return fieldLabel(t, head ?? path);
}

/** Groups `items.<id>.<path>` errors (a refused batch, or a publish's `skipped` list) by item. */
export function reasonsByItem(t: AdminT, localeNames: Readonly<Record<string, string>>, errors: Readonly<Record<string, readonly string[]>>): BulkReason[] {
  const byId = new Map<number, string[]>();
  for (const [path, codes] of Object.entries(errors)) {
    const [, rawId, ...field] = path.split('.');
    const id = Number(rawId);
    if (!Number.isInteger(id)) continue;
    const label = field.length ? `${describeFieldPath(t, localeNames, field.join('.'))}: ` : '';
    const list = byId.get(id) ?? [];
    for (const code of codes) list.push(`${label}${translateCode(t, code)}`);
    byId.set(id, list);
  }
  return [...byId].map(([id, problems]) => ({ id, problems }));
}

/** The `skipped` list of a bulk publish answer, as `items.<id>.<path>` errors. */
export function skippedErrors(skipped: readonly { id: number; errors: Readonly<Record<string, readonly string[]>> }[]): Record<string, readonly string[]> {
  const errors: Record<string, readonly string[]> = {};
  for (const item of skipped) for (const [path, codes] of Object.entries(item.errors)) errors[`items.${item.id}.${path}`] = codes;
  return errors;
}
