/**
 * The admin preview of an item with a working copy (decision 035): the hub page as it will be
 * once the copy is published. The copy is applied with the ordinary update inside a write
 * transaction, the page's data is read in it, and the transaction is rolled back, so the hub's
 * own queries render the copy and nothing of it is ever committed (no purge, webhook or revision
 * leaves the transaction). The write lock is held for the page's reads only, not its rendering.
 */
import { writeTransaction, type Database } from '../../../db/client.ts';
import type { Locale } from '../../i18n/config.ts';
import { collectionNames, collections } from '../../lib/collections/index.ts';
import type { Actor } from '../auth/actor.ts';
import { loadStates, toEntityInput } from '../engine/entity-state.ts';
import { updateEntityIn } from '../engine/entity-write.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { loadPreview, type Preview } from './preview.ts';
import { adminResources } from '../collections/registry.ts';
import { snapshotPatchBody } from '../engine/revisions.ts';
import { stringValue } from '../engine/spec-helpers.ts';
import { notInWorkingCopy } from '../engine/working-copies.ts';
import { findWorkingCopy } from '../engine/working-copy-store.ts';

/** Carries the preview out of the transaction it was read in, rolling that transaction back. */
class RolledBack {
  constructor(readonly preview: Preview | undefined) {}
}

export type PreviewWithCopy = Preview & { workingCopy: boolean };

/**
 * The preview of `/{type}/{slug}` (the live slug): the working copy's version of the page when
 * the item has one that still applies, else the live item's. Undefined for an unknown item.
 */
export async function loadPreviewWithCopy(
  db: Database,
  actor: Actor,
  type: string,
  slug: string,
  locale: Locale,
  now: Date,
): Promise<PreviewWithCopy | undefined> {
  const live = await loadPreview(db, type, slug, locale, now);
  const name = collectionNames.find((collection) => collections[collection].preview === type);
  if (!live || !name) return live && { ...live, workingCopy: false };
  const resource = adminResources[name];
  const { spec } = resource;
  const id = live.type === 'event' ? live.event.id : live.edition.id;
  const copy = await findWorkingCopy(db, spec, id);
  if (!copy) return { ...live, workingCopy: false };
  try {
    await writeTransaction(db, async (tx) => {
      const current = (await loadStates(tx, spec, [id])).get(id);
      if (!current) throw new RolledBack(undefined);
      const { body } = await snapshotPatchBody(tx, spec, current, copy.snapshot, notInWorkingCopy);
      // On the live version as it is now: the preview shows the copy even when publishing it would conflict.
      const patch = resource.patchSchema.safeParse({ ...body, version: current.values['version'] });
      if (!patch.success) throw new RolledBack(live);
      const { after } = await updateEntityIn(tx, actor, spec, id, toEntityInput(spec, patch.data));
      throw new RolledBack(await loadPreview(tx, type, stringValue(after, 'slug') ?? slug, locale, now));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.preview && { ...error.preview, workingCopy: error.preview !== live };
    // A copy today's rules refuse (it will not publish either): the page as it is.
    if (error instanceof AdminError) return { ...live, workingCopy: false };
    throw error;
  }
  return { ...live, workingCopy: false };
}
