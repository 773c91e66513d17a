/**
 * Bringing an item back from the trash (docs/decisions/053): the same id, its row, texts and
 * relations as they were when it was deleted, in one write transaction that audits it, records a
 * revision, re-indexes search, queues webhooks and purges the hub like a create. Relations to
 * items deleted since are dropped and named; a slug another item took meanwhile is replaced by
 * the first free variant (and said so); an event's repeating dates are derived again from its rule.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { events, trash, type RevisionSnapshot } from '../../../db/schema.ts';
import { reindexSearch } from '../../../db/search-index.ts';
import { isLocale } from '../../i18n/config.ts';
import { referenceTargets, type CollectionName } from '../../lib/collections/declare.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { describeChanges, loadTitles } from '../engine/audit-changes.ts';
import { enqueueContentWebhooks } from '../engine/content-webhooks.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import type { EntitySpec, EntityState } from '../engine/entity-spec.ts';
import { changedFields, loadStates } from '../engine/entity-state.ts';
import { withPurge } from '../engine/entity-write.ts';
import { checkReferences, writeLinks, writeTranslations } from '../engine/references.ts';
import type { AdminResource } from '../engine/resource.ts';
import { recordRevisions } from '../engine/revision-log.ts';
import { changesOf, itemView, type WriteOutcome } from '../engine/service.ts';
import { findFreeSlug } from '../engine/slugs.ts';
import { demandScope } from '../engine/edition-scope.ts';
import { AdminError, FieldErrors } from '../errors/domain-errors.ts';
import { relinkInbound, type LinkNotRestored } from './relink.ts';
import { rowFromSnapshot, wasEverPublished } from './snapshot.ts';
import { findTrashEntry, trashedTitles } from './store.ts';

/** A relation the restore left out because the item it pointed at is gone; `trashed` when that item is in the trash too. */
export interface DroppedRelation {
  field: string;
  collection: CollectionName;
  id: number;
  title: string | null;
  trashed: boolean;
}

export interface UntrashBody {
  item: Record<string, unknown>;
  dropped: DroppedRelation[];
  /** Set when another item took the slug meanwhile: the restored item got the first free variant. */
  slugChanged: { from: string; to: string } | null;
  /** Other items' links to it that the delete removed and the restore put back. */
  relinked: { collection: CollectionName; field: string; id: number }[];
  /** Those it could not: the other item is gone, or its reference points elsewhere now. */
  notRelinked: LinkNotRestored[];
}

const empty: EntityState = { id: 0, values: {}, translations: {}, links: {} };

/** The snapshot's reference values and link lists without the ids that no longer exist. */
async function keepExisting(
  tx: Executor,
  spec: EntitySpec,
  values: Record<string, unknown>,
  snapshot: RevisionSnapshot,
): Promise<{ links: Record<string, number[]>; dropped: { field: string; collection: CollectionName; id: number }[] }> {
  const links: Record<string, number[]> = {};
  for (const key of Object.keys(spec.links)) links[key] = (snapshot.links[key] ?? []).filter((id) => typeof id === 'number');
  const missing = new FieldErrors();
  await checkReferences(tx, spec, { values, links }, missing);
  const dropped: { field: string; collection: CollectionName; id: number }[] = [];
  for (const path of Object.keys(missing.map)) {
    const [field, index] = path.split('.');
    if (!field) continue;
    if (index === undefined) {
      const id = values[field];
      const kind = spec.references[field];
      if (typeof id === 'number' && kind) dropped.push({ field, collection: referenceTargets[kind], id });
      values[field] = null;
    } else {
      const id = links[field]?.[Number(index)];
      const kind = spec.links[field]?.kind;
      if (id !== undefined && kind) dropped.push({ field, collection: referenceTargets[kind], id });
    }
  }
  for (const [key, ids] of Object.entries(links)) links[key] = ids.filter((id) => !dropped.some((item) => item.field === key && item.id === id));
  return { links, dropped };
}

/** Names the dropped relations, from the trash when their items are there too. */
async function nameDropped(db: Executor, dropped: { field: string; collection: CollectionName; id: number }[]): Promise<DroppedRelation[]> {
  const named: DroppedRelation[] = [];
  for (const item of dropped) {
    const titles = await trashedTitles(db, item.collection, [item.id]);
    named.push({ ...item, title: titles.get(item.id) || null, trashed: titles.has(item.id) });
  }
  return named;
}

/**
 * POST /api/admin/trash/<collection>/<id>/restore. 404 when the item is not in the trash; an item
 * that is or was public needs `content.deletePublished`, as deleting it did; 409 `GUID_TAKEN`
 * when an event with its GUID was imported meanwhile (two events cannot share one).
 */
export async function restoreFromTrash(db: Database, actor: Actor, resource: AdminResource, entityId: number): Promise<WriteOutcome<UntrashBody>> {
  const { spec } = resource;
  const result = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const entry = await findTrashEntry(tx, resource.collection, entityId);
      if (!entry) throw new AdminError(404, 'NOT_IN_TRASH', `No ${spec.entity} ${entityId} in the trash`);
      const { snapshot } = entry;
      if (wasEverPublished(snapshot.values)) demand(actor, 'content.deletePublished');
      // Brought back as it was: an item the actor could not have deleted stays in the trash.
      const trashed: EntityState = { id: entityId, values: snapshot.values, translations: snapshot.translations, links: snapshot.links };
      demandScope(actor, spec, trashed, trashed);
      const values = rowFromSnapshot(spec.table, snapshot.values);
      const { links, dropped } = await keepExisting(tx, spec, values, snapshot);

      let slugChanged: UntrashBody['slugChanged'] = null;
      if (spec.slug && typeof values['slug'] === 'string') {
        const free = await findFreeSlug(tx, spec, values['slug']);
        if (free !== values['slug']) slugChanged = { from: values['slug'], to: free };
        values['slug'] = free;
      }
      if (spec.table === events && typeof values['guid'] === 'string') {
        const [clash] = await tx.select({ id: events.id }).from(events).where(eq(events.guid, values['guid']));
        if (clash) {
          throw new AdminError(409, 'GUID_TAKEN', 'Another event has this event’s GUID now (imported meanwhile)', { extensions: { eventId: clash.id } });
        }
      }
      const now = new Date();
      const version = typeof values['version'] === 'number' ? values['version'] + 1 : 1;
      await tx.insert(spec.table).values({ ...values, id: entityId, version, updatedAt: now, updatedBy: actor.id });
      const translations: EntityState['translations'] = {};
      for (const [locale, row] of Object.entries(snapshot.translations)) if (isLocale(locale)) translations[locale] = row;
      const state: EntityState = { id: entityId, values, translations, links };
      await writeTranslations(tx, spec, entityId, { values: {}, links: {}, translations }, state);
      await writeLinks(tx, spec, entityId, { values: {}, links });
      // An event's later dates were deleted with it; its rule gives them again.
      if (spec.afterWrite?.needed(undefined, state)) await spec.afterWrite.write(tx, entityId);
      const relinked = await relinkInbound(tx, actor, entityId, snapshot.inbound ?? []);

      const after = (await loadStates(tx, spec, [entityId])).get(entityId);
      if (!after) throw new Error(`${spec.entity} ${entityId}: the restored row cannot be read back`);
      const changed = changedFields(spec, empty, after);
      const changes = describeChanges(spec, undefined, after, changed);
      const title = (await loadTitles(tx, spec, [entityId])).get(entityId);
      await recordAudit(tx, actor, [{ action: 'untrash', entity: spec.entity, entityId, changedFields: changed, title, changes }]);
      await recordRevisions(tx, actor, spec, [{ state: after, action: 'untrash', changes }]);
      if (spec.search) await reindexSearch(tx, spec.search, [entityId]);
      // Subscribers hear of it as of a new item: they were told it was deleted.
      await enqueueContentWebhooks(tx, spec, [{ before: undefined, after, changed }]);
      await tx.delete(trash).where(eq(trash.id, entry.id));
      return withPurge(tx, { after, dropped, slugChanged, relinked }, (written) => changesOf(resource, [entityId], [written.after], written.relinked.owners));
    }),
  );
  return {
    body: {
      item: await itemView(db, resource, result.after),
      dropped: await nameDropped(db, result.dropped),
      slugChanged: result.slugChanged,
      relinked: result.relinked.restored,
      notRelinked: result.relinked.notRestored,
    },
    purge: result.purge,
  };
}
