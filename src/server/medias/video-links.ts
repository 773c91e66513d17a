/**
 * Medias made from a video link (decision 013): `POST /api/admin/medias` with a JSON body. The
 * link arrives canonical (the schema parsed it); the row, its texts and the audit entry are
 * written in one transaction, like an upload's.
 */
import type { Database } from '../../../db/client.ts';
import type { MediaVideoLinkInput } from '../../lib/collections/medias.ts';
import { demand, type Actor } from '../auth/actor.ts';
import type { EntityInput } from '../engine/entity-spec.ts';
import { createEntity } from '../engine/entity-write.ts';
import type { AdminResource } from '../engine/resource.ts';
import { itemView, type WriteOutcome } from '../engine/service.ts';

/** Creates a media of kind `embed` from a parsed video link. */
export async function createVideoLink(db: Database, actor: Actor, resource: AdminResource, body: MediaVideoLinkInput): Promise<WriteOutcome> {
  demand(actor, 'media.upload');
  const { translations, ...values } = body;
  const changes = (created: { id: number }) => ({ medias: [created.id] });
  const result = await createEntity(
    db,
    actor,
    resource.spec,
    { values: { ...values, kind: 'embed' }, translations: translations as EntityInput['translations'], links: {} },
    changes,
  );
  return { body: await itemView(db, resource, result.after), purge: result.purge };
}
