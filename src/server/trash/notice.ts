/**
 * What the trash screen's forms tell the list they redirect to (docs/decisions/053): the outcome in
 * the query string, so it survives POST → redirect → GET without JavaScript (restored item,
 * dropped relations, changed slug, or the refusal's code). Pure, so tested on its own.
 */
import type { Locale } from '../../i18n/config.ts';
import { isCollectionName, type CollectionName } from '../../lib/collections/index.ts';
import { paths } from '../../lib/paths.ts';

/** What the form's redirect tells the list. */
export type TrashNotice =
  | {
      kind: 'restored';
      collection: CollectionName;
      id: number;
      dropped: { field: string; collection: CollectionName; id: number }[];
      slug?: string;
      /** Other items whose link to it could not come back: deleted since, or pointing elsewhere now. */
      unlinked?: { collection: CollectionName; id: number; reason: 'gone' | 'replaced' }[];
    }
  | { kind: 'purged' }
  | { kind: 'emptied'; count: number }
  | { kind: 'problem'; code: string };

/** The list's URL with the notice (and the list's own filter, kept). */
export function noticeLocation(locale: Locale, notice: TrashNotice, filter: unknown): string {
  const search = new URLSearchParams();
  if (typeof filter === 'string' && isCollectionName(filter)) search.set('collection', filter);
  search.set('done', notice.kind);
  if (notice.kind === 'restored') {
    search.set('item', `${notice.collection}.${notice.id}`);
    if (notice.dropped.length) search.set('dropped', notice.dropped.map((d) => `${d.field}.${d.collection}.${d.id}`).join(' '));
    if (notice.slug) search.set('slug', notice.slug);
    if (notice.unlinked?.length) search.set('unlinked', notice.unlinked.map((u) => `${u.collection}.${u.id}.${u.reason}`).join(' '));
  }
  if (notice.kind === 'emptied') search.set('count', String(notice.count));
  if (notice.kind === 'problem') search.set('code', notice.code);
  return paths.adminTrash(locale, search);
}

const codePattern = /^[A-Z_]{1,40}$/;

/** Reads the notice back from the list's query string; anything malformed reads as none. */
export function readTrashNotice(search: URLSearchParams): TrashNotice | undefined {
  const kind = search.get('done');
  if (kind === 'purged') return { kind };
  if (kind === 'emptied') return { kind, count: Math.max(0, Number(search.get('count')) || 0) };
  if (kind === 'problem') {
    const code = search.get('code') ?? '';
    return { kind, code: codePattern.test(code) ? code : 'UNKNOWN' };
  }
  if (kind !== 'restored') return undefined;
  const [collection, id] = (search.get('item') ?? '').split('.');
  if (!collection || !isCollectionName(collection) || !/^\d{1,15}$/.test(id ?? '')) return undefined;
  const dropped = (search.get('dropped') ?? '')
    .split(' ')
    .map((part) => part.split('.'))
    .filter((parts): parts is [string, CollectionName, string] => parts.length === 3 && isCollectionName(parts[1]!) && /^\d{1,15}$/.test(parts[2]!))
    .map(([field, target, targetId]) => ({ field, collection: target, id: Number(targetId) }));
  const slug = search.get('slug');
  const unlinked = (search.get('unlinked') ?? '')
    .split(' ')
    .map((part) => part.split('.'))
    .filter(
      (parts): parts is [CollectionName, string, 'gone' | 'replaced'] =>
        parts.length === 3 && isCollectionName(parts[0]!) && /^\d{1,15}$/.test(parts[1]!) && (parts[2] === 'gone' || parts[2] === 'replaced'),
    )
    .map(([owner, ownerId, reason]) => ({ collection: owner, id: Number(ownerId), reason }));
  return { kind, collection, id: Number(id), dropped, ...(slug ? { slug } : {}), ...(unlinked.length ? { unlinked } : {}) };
}
