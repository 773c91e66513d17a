/** Medias in the admin API: editable texts and focal point, where used, blob clean-up. */
import { eq, sql } from 'drizzle-orm';
import { defaultLocale } from '../../i18n/config.ts';
import { mediaTranslations, medias } from '../../../db/schema.ts';
import { mediaExportQuerySchema, mediaListQuerySchema, mediaPatchSchema, type MediaListQuery } from '../../lib/admin-schemas/medias.ts';
import { paths } from '../../lib/paths.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import { likeEscaped, type ListDefinition } from '../admin/list.ts';
import type { AdminResource, PatchSchema } from '../admin/resource.ts';
import { findUsages } from '../admin/where-used.ts';
import { getStorage } from '../storage/index.ts';
import { releaseBlobs } from '../uploads/blobs.ts';

export const mediaSpec: EntitySpec = {
  entity: 'media',
  table: medias,
  // What an editor may change; the file-derived columns are set once, by the upload. A video
  // link's address may change (to another YouTube or Vimeo video), never a file's kind.
  columns: ['focalX', 'focalY', 'credit', 'licence', 'embedUrl'],
  references: {},
  links: {},
  translations: {
    table: mediaTranslations,
    owner: mediaTranslations.mediaId,
    locale: mediaTranslations.locale,
    fields: ['alt', 'caption'],
    required: [],
    complete: ['alt'],
    defaults: { alt: '' },
  },
  validate: (state, errors) => {
    if (state.values['kind'] !== 'embed' && state.values['embedUrl'] != null) errors.add('embedUrl', 'NOT_A_VIDEO_LINK');
  },
  changes: (ids) => ({ medias: ids }),
  usage: 'media',
  detachPermission: 'media.deleteInUse',
  present: (state) => {
    const key = state.values['storageKey'];
    return typeof key === 'string' && state.values['kind'] === 'image' ? { url: paths.media(key) } : {};
  },
};

const title = sql`coalesce((SELECT t.alt FROM media_translations t WHERE t.media_id = ${medias.id} AND t.alt <> ''
  ORDER BY t.locale = ${defaultLocale} DESC, t.locale LIMIT 1), ${medias.originalName}, ${medias.embedUrl}, ${medias.storageKey})`;

const mediaList: ListDefinition<Omit<MediaListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: mediaSpec,
  title,
  sorts: { createdAt: medias.createdAt, updatedAt: medias.updatedAt, byteSize: medias.byteSize, originalName: medias.originalName },
  filters: (query) => [query.kind ? eq(medias.kind, query.kind) : undefined],
  search: {
    like: (pattern) => sql`(${likeEscaped(medias.originalName, pattern)} OR ${likeEscaped(medias.credit, pattern)} OR ${likeEscaped(medias.embedUrl, pattern)}
      OR ${medias.id} IN (SELECT media_id FROM media_translations WHERE alt LIKE ${pattern} ESCAPE '\\' OR caption LIKE ${pattern} ESCAPE '\\'))`,
  },
};

export const mediasAdmin: AdminResource = {
  collection: 'medias',
  spec: mediaSpec,
  list: mediaList as AdminResource['list'],
  listQuery: mediaListQuerySchema as AdminResource['listQuery'],
  exportQuery: mediaExportQuerySchema as AdminResource['exportQuery'],
  patchSchema: mediaPatchSchema as PatchSchema,
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'media', [state.id]) }),
  afterRemove: async (db, removed) => {
    await releaseBlobs(db, getStorage(), removed.map((state) => state.values['storageKey'] as string | null));
  },
};
