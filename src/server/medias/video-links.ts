/**
 * Medias made from a video link (decision 013): `POST /api/admin/medias` with a JSON body. The
 * link arrives canonical (the schema parsed it); the row, its texts and the audit entry are
 * written in one transaction, like an upload's.
 */
import { mediaVideoLinkSchema, type MediaVideoLinkInput } from '../../lib/admin-schemas/medias.ts';
import { demand } from '../admin/actor.ts';
import type { EntityInput } from '../admin/entity-spec.ts';
import { createEntity } from '../admin/entity-write.ts';
import type { CreateUseCase } from '../admin/routes.ts';
import { describeItem } from '../admin/service.ts';

export const createVideoLink: CreateUseCase<typeof mediaVideoLinkSchema> = {
  permission: 'media.upload',
  schema: mediaVideoLinkSchema,
  async create(db, actor, resource, body: MediaVideoLinkInput) {
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
    return { body: await describeItem(db, resource, result.after), changes: changes(result), purgeId: result.purgeId };
  },
};
