/**
 * Audit rows as the admin reads them: the item's title (kept at the time, else today's), a link
 * to its edit page while it exists, and relation changes with the related items' titles. Titles
 * are looked up in one query per collection for a whole page of entries.
 */
import type { Executor } from '../../../db/client.ts';
import type { AuditChange, AuditValue } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { referenceTargetOf, type CollectionName } from '../../lib/collections/index.ts';
import { paths } from '../../lib/paths.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import { adminResources } from '../collections/registry.ts';
import { collectionOfEntity } from './filters.ts';
import type { AuditRow } from './queries.ts';

/** An item an entry points at: its title, and its edit page while it still exists. */
export interface ItemRef {
  id: number | string;
  title: string | null;
  href: string | null;
}

export type PresentedChange =
  | { kind: 'value'; field: string; from: AuditValue; to: AuditValue }
  | { kind: 'reference'; field: string; from: ItemRef | null; to: ItemRef | null }
  | { kind: 'link'; field: string; added: ItemRef[]; removed: ItemRef[] }
  | Extract<AuditChange, { kind: 'text' | 'locale' }>;

export interface ActivityEntry {
  id: number;
  at: Date;
  actorLabel: string | null;
  action: string;
  entity: string;
  collection: CollectionName | undefined;
  item: ItemRef;
  /** Null on entries written before changes were recorded: `changedFields` is all there is. */
  changes: PresentedChange[] | null;
  changedFields: string[];
}

class TitleBook {
  private readonly wanted = new Map<CollectionName, Set<number>>();
  private readonly found = new Map<CollectionName, Map<number, string>>();

  want(collection: CollectionName | undefined, id: unknown): void {
    if (!collection || typeof id !== 'number') return;
    const ids = this.wanted.get(collection) ?? new Set();
    ids.add(id);
    this.wanted.set(collection, ids);
  }

  async load(db: Executor): Promise<void> {
    await Promise.all(
      [...this.wanted].map(async ([collection, ids]) => {
        this.found.set(collection, await loadTitles(db, adminResources[collection].spec, [...ids]));
      }),
    );
  }

  /** Today's title, and a link, when the item still exists; `kept` is the title at the time. */
  ref(locale: Locale, collection: CollectionName | undefined, id: number | string, kept: string | null = null): ItemRef {
    const numeric = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : undefined;
    const current = collection && numeric !== undefined ? this.found.get(collection)?.get(numeric) : undefined;
    const exists = current !== undefined;
    return {
      id,
      title: kept ?? current ?? null,
      href: exists && collection && numeric !== undefined ? paths.adminEdit(locale, collection, numeric) : null,
    };
  }
}

function numericId(entityId: string): number | undefined {
  return /^\d+$/.test(entityId) ? Number(entityId) : undefined;
}

/** Entries with titles and links, ready for the activity list. */
export async function presentActivity(db: Executor, locale: Locale, rows: readonly AuditRow[]): Promise<ActivityEntry[]> {
  const book = new TitleBook();
  for (const row of rows) {
    const collection = collectionOfEntity(row.entity);
    book.want(collection, numericId(row.entityId));
    for (const change of row.changes ?? []) {
      if (change.kind === 'link') {
        for (const id of [...change.added, ...change.removed]) book.want(referenceTargetOf(collection, change.field), id);
      } else if (change.kind === 'value') {
        const target = referenceTargetOf(collection, change.field);
        book.want(target, change.from);
        book.want(target, change.to);
      }
    }
  }
  await book.load(db);
  return rows.map((row) => {
    const collection = collectionOfEntity(row.entity);
    const changes = row.changes?.map((change): PresentedChange => {
      if (change.kind === 'link') {
        const target = referenceTargetOf(collection, change.field);
        return {
          kind: 'link',
          field: change.field,
          added: change.added.map((id) => book.ref(locale, target, id)),
          removed: change.removed.map((id) => book.ref(locale, target, id)),
        };
      }
      if (change.kind === 'value') {
        const target = referenceTargetOf(collection, change.field);
        if (target) {
          const refOf = (value: AuditValue) => (typeof value === 'number' ? book.ref(locale, target, value) : null);
          return { kind: 'reference', field: change.field, from: refOf(change.from), to: refOf(change.to) };
        }
      }
      return change;
    });
    return {
      id: row.id,
      at: row.at,
      actorLabel: row.actorLabel,
      action: row.action,
      entity: row.entity,
      collection,
      item: book.ref(locale, collection, numericId(row.entityId) ?? row.entityId, row.title),
      changes: changes ?? null,
      changedFields: row.changedFields,
    };
  });
}
