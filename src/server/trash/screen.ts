/**
 * The trash screen's forms (docs/decisions/053): restore, delete forever and empty trash post to
 * the page, which answers 303 back to the list with what happened (notice.ts).
 */
import { z } from 'zod';
import type { Database, Executor } from '../../../db/client.ts';
import { collectionNames, isCollectionName } from '../../lib/collections/index.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { adminResources } from '../collections/registry.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import type { WriteOutcome } from '../engine/service.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { Storage } from '../storage/types.ts';
import { restoreFromTrash, type UntrashBody } from './restore.ts';
import { emptyTrash, purgeTrashItem } from './service.ts';
import { trashedTitles } from './store.ts';
import type { TrashNotice } from './notice.ts';

const itemForm = z.object({
  intent: z.enum(['restore', 'purge']),
  collection: z.enum(collectionNames),
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const emptyForm = z.object({ intent: z.literal('empty'), collection: z.enum(collectionNames).or(z.literal('')).optional() });
const trashForm = z.discriminatedUnion('intent', [itemForm, emptyForm]);

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
    const { dropped, slugChanged, notRelinked } = outcome.body;
    const unlinked = notRelinked.flatMap(({ collection, id, reason }) => (isCollectionName(collection) ? [{ collection, id, reason }] : []));
    return {
      notice: {
        kind: 'restored',
        collection: input.collection,
        id: input.id,
        dropped: dropped.map(({ field, collection, id }) => ({ field, collection, id })),
        ...(slugChanged ? { slug: slugChanged.to } : {}),
        ...(unlinked.length ? { unlinked } : {}),
      },
      outcome,
    };
  } catch (error) {
    if (error instanceof AdminError) return { notice: { kind: 'problem', code: error.code } };
    throw error;
  }
}

/** The restored item's title and each dropped relation's, for the notice (from the trash when the item is there). */
export async function describeRestored(db: Executor, notice: Extract<TrashNotice, { kind: 'restored' }>) {
  const title = (await loadTitles(db, adminResources[notice.collection].spec, [notice.id])).get(notice.id) ?? null;
  const dropped = [];
  for (const item of notice.dropped) {
    const titles = await trashedTitles(db, item.collection, [item.id]);
    dropped.push({ ...item, title: titles.get(item.id) || null });
  }
  const unlinked = [];
  for (const item of notice.unlinked ?? []) {
    // An owner deleted since may be in the trash; one that points elsewhere now is still there.
    const titles =
      item.reason === 'gone' ? await trashedTitles(db, item.collection, [item.id]) : await loadTitles(db, adminResources[item.collection].spec, [item.id]);
    unlinked.push({ ...item, title: titles.get(item.id) || null });
  }
  return { title, dropped, unlinked };
}
