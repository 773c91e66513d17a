/** Field labels of a form, by field key, from the `admin.field.*` strings. */
import { useMemo } from 'react';
import { useAdmin } from '../ui/admin-context.tsx';

export function useFieldLabels(keys: readonly string[]): Record<string, string> {
  const { t } = useAdmin();
  return useMemo(() => Object.fromEntries(keys.map((key) => [key, fieldLabel(t, key)])), [keys, t]);
}

/** `admin.field.<key>`, else `publication.field.<key>` (fields added with their own strings). */
export function fieldLabel(t: (key: string) => string, key: string): string {
  const label = t(`admin.field.${key}`);
  return label === `admin.field.${key}` ? t(`publication.field.${key}`) : label;
}

/** A default-locale text of the item for the heading, else any locale's, else `fallback`. */
export function headingText(item: Record<string, unknown> | null, field: string, defaultLocale: string, fallback: string): string {
  const translations = (item?.['translations'] ?? {}) as Record<string, Record<string, unknown> | null>;
  for (const row of [translations[defaultLocale], ...Object.values(translations)]) {
    const value = row?.[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return fallback;
}
