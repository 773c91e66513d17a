/** Medias in the admin API: where their declaration is stored, where used, blob clean-up. */
import { eq, sql } from 'drizzle-orm';
import { defaultLocale } from '../../i18n/config.ts';
import { mediaTranslations, medias } from '../../../db/schema.ts';
import { mediasCollection } from '../../lib/collections/medias.ts';
import { paths } from '../../lib/paths.ts';
import { likeEscaped } from '../engine/list.ts';
import { defineAdminResource, translationTable } from '../engine/resource.ts';
import { storageKeysOf } from '../engine/spec-helpers.ts';
import { getStorage } from '../storage/index.ts';
import { releaseBlobs } from '../storage/blobs.ts';

const title = sql`coalesce((SELECT t.alt FROM media_translations t WHERE t.media_id = ${medias.id} AND t.alt <> ''
  ORDER BY t.locale = ${defaultLocale} DESC, t.locale LIMIT 1), ${medias.originalName}, ${medias.embedUrl}, ${medias.storageKey})`;

export const mediasAdmin = defineAdminResource(mediasCollection, {
  table: medias,
  links: {},
  translations: translationTable(mediaTranslations, mediaTranslations.mediaId),
  validate: (state, errors) => {
    if (state.values['kind'] !== 'embed' && state.values['embedUrl'] != null) errors.add('embedUrl', 'NOT_A_VIDEO_LINK');
  },
  detachPermission: 'media.deleteInUse',
  present: (state) => {
    const key = state.values['storageKey'];
    return typeof key === 'string' && state.values['kind'] === 'image' ? { url: paths.media(key) } : {};
  },
  list: {
    title,
    sorts: { createdAt: medias.createdAt, updatedAt: medias.updatedAt, byteSize: medias.byteSize, originalName: medias.originalName },
    filters: (query) => [query.kind ? eq(medias.kind, query.kind) : undefined],
    search: {
      like: (pattern) => sql`(${likeEscaped(medias.originalName, pattern)} OR ${likeEscaped(medias.credit, pattern)} OR ${likeEscaped(medias.embedUrl, pattern)}
      OR ${medias.id} IN (SELECT media_id FROM media_translations WHERE alt LIKE ${pattern} ESCAPE '\\' OR caption LIKE ${pattern} ESCAPE '\\'))`,
    },
  },
  afterRemove: async (db, removed) => {
    await releaseBlobs(db, getStorage(), storageKeysOf(removed));
  },
});
