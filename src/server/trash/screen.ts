/**
 * The trash screen's forms (docs/decisions/053): restore, delete forever and empty trash post to
 * the page, which answers 303 back to the list with what happened in the query string, so the
 * result survives POST → redirect → GET without JavaScript (restored item, dropped relations,
 * changed slug, or the refusal's code).
 */
import { z } from 'zod';
import type { Database, Executor } from '../../../db/client.ts';
import type { Locale } from '../../i18n/config.ts';
import { collectionNames, isCollectionName, type CollectionName } from '../../lib/collections/index.ts';
import { paths } from '../../lib/paths.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { adminResources } from '../collections/registry.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import type { WriteOutcome } from '../engine/service.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { Storage } from '../storage/types.ts';
import { restoreFromTrash, type UntrashBody } from './restore.ts';
import { emptyTrash, purgeTrashItem } from './service.ts';
import { trashedTitles } from './store.ts';

const itemForm = z.object({
  intent: z.enum(['restore', 'purge']),
  collection: z.enum(collectionNames),
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const emptyForm = z.object({ intent: z.literal('empty'), collection: z.enum(collectionNames).or(z.literal('')).optional() });
const trashForm = z.discriminatedUnion('intent', [itemForm, emptyForm]);

/** What the form's redirect tells the list. */
export type TrashNotice =
  | { kind: 'restored'; collection: CollectionName; id: number; dropped: { field: string; collection: CollectionName; id: number }[]; slug?: string }
  | { kind: 'purged' }
  | { kind: 'emptied'; count: number }
  | { kind: 'problem'; code: string };

/** Runs one posted form; returns the notice and the hub purge of a restore. */
export async function runTrashForm(
  db: Database,
  storage: Storage,
  actor: Actor,
  form: FormData,
): Promise<{ notice: TrashNotice; outcome?: WriteOutcome<UntrashBody> }> {
  const parsed = trashForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { notice: { kind: 'problem', code: 'INVALID_FORM' } };
  const input = parsed.data;
  try {
    if (input.intent === 'empty') {
      demand(actor, 'content.deletePublished');
      return { notice: { kind: 'emptied', count: await emptyTrash(db, storage, actor, input.collection || undefined) } };
    }
    if (input.intent === 'purge') {
      demand(actor, 'content.deletePublished');
      await purgeTrashItem(db, storage, actor, input.collection, input.id);
      return { notice: { kind: 'purged' } };
    }
    const outcome = await restoreFromTrash(db, actor, adminResources[input.collection], input.id);
    const { dropped, slugChanged } = outcome.body;
    return {
      notice: {
        kind: 'restored',
        collection: input.collection,
        id: input.id,
        dropped: dropped.map(({ field, collection, id }) => ({ field, collection, id })),
        ...(slugChanged ? { slug: slugChanged.to } : {}),
      },
      outcome,
    };
  } catch (error) {
    if (error instanceof AdminError) return { notice: { kind: 'problem', code: error.code } };
    throw error;
  }
}

/** The list's URL with the notice (and the list's own filter, kept). */
export function noticeLocation(locale: Locale, notice: TrashNotice, filter: unknown): string {
  const search = new URLSearchParams();
  if (typeof filter === 'string' && isCollectionName(filter)) search.set('collection', filter);
  search.set('done', notice.kind);
  if (notice.kind === 'restored') {
    search.set('item', `${notice.collection}.${notice.id}`);
    if (notice.dropped.length) search.set('dropped', notice.dropped.map((d) => `${d.field}.${d.collection}.${d.id}`).join(' '));
    if (notice.slug) search.set('slug', notice.slug);
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
  return { kind, collection, id: Number(id), dropped, ...(slug ? { slug } : {}) };
}

/** The restored item's title and each dropped relation's, for the notice (from the trash when the item is there). */
export async function describeRestored(db: Executor, notice: Extract<TrashNotice, { kind: 'restored' }>) {
  const title = (await loadTitles(db, adminResources[notice.collection].spec, [notice.id])).get(notice.id) ?? null;
  const dropped = [];
  for (const item of notice.dropped) {
    const titles = await trashedTitles(db, item.collection, [item.id]);
    dropped.push({ ...item, title: titles.get(item.id) || null });
  }
  return { title, dropped };
}
