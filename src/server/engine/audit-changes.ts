/**
 * What an audit entry says changed: old → new for base fields, added/removed ids for relations,
 * per-locale text changes, and the item's title at the time. Computed from the before and after
 * states the write engine already holds, inside the write's transaction.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { AuditChange, AuditValue } from '../../../db/schema.ts';
import { isLocale } from '../../i18n/config.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';

/** Long texts (Markdown descriptions) are cut: the log says what changed, not a second copy of the content. */
export const AUDIT_TEXT_LIMIT = 300;

function cut(text: string): string {
  return text.length > AUDIT_TEXT_LIMIT ? `${text.slice(0, AUDIT_TEXT_LIMIT)}…` : text;
}

/** A stored value as the log keeps it: dates as ISO strings, structures as JSON text. */
export function toAuditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return cut(JSON.stringify(value));
}

function textOf(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : cut(value);
}

/** The changes between two states, in the order of `changedFields` (values, texts, relations). */
export function describeChanges(
  spec: EntitySpec,
  before: EntityState | undefined,
  after: EntityState | undefined,
  changedFields: readonly string[],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const path of changedFields) {
    if (spec.links[path]) {
      const old = before?.links[path] ?? [];
      const next = after?.links[path] ?? [];
      // Same ids in another order: a link change with nothing added or removed says "reordered".
      changes.push({ kind: 'link', field: path, added: next.filter((id) => !old.includes(id)), removed: old.filter((id) => !next.includes(id)) });
      continue;
    }
    const [head, locale, field] = path.split('.');
    if (head === 'translations' && isLocale(locale)) {
      const typed = locale;
      if (!field) {
        changes.push({ kind: 'locale', locale, change: after?.translations[typed] ? 'added' : 'removed' });
        continue;
      }
      const from = textOf(before?.translations[typed]?.[field]);
      const to = textOf(after?.translations[typed]?.[field]);
      if (!before?.translations[typed] && after?.translations[typed] && !changes.some((c) => c.kind === 'locale' && c.locale === locale)) {
        changes.push({ kind: 'locale', locale, change: 'added' });
      }
      changes.push({ kind: 'text', locale, field, from, to });
      continue;
    }
    changes.push({ kind: 'value', field: path, from: toAuditValue(before?.values[path]), to: toAuditValue(after?.values[path]) });
  }
  return changes;
}

/** Display titles of items of `spec` (the list's title expression), by id. */
export async function loadTitles(db: Executor, spec: EntitySpec, ids: readonly number[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  if (ids.length === 0) return titles;
  const idColumn = columnOf(spec, 'id');
  const rows = await db
    .select({ id: sql<number>`${idColumn}`, title: sql<string | null>`${spec.title}` })
    .from(spec.table)
    .where(inArray(idColumn, [...new Set(ids)]));
  for (const row of rows) if (row.title) titles.set(row.id, row.title);
  return titles;
}
