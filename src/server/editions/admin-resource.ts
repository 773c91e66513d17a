/** Editions in the admin API: schema mapping, publication rules, list search and sort. */
import { eq, inArray, sql } from 'drizzle-orm';
import { editionCurators, editionFiles, editionTags, editionTranslations, editions } from '../../../db/schema.ts';
import { defaultLocale } from '../../i18n/config.ts';
import {
  editionCreateSchema,
  editionExportQuerySchema,
  editionListQuerySchema,
  editionPatchSchema,
  type EditionListQuery,
} from '../../lib/admin-schemas/editions.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import type { ListDefinition } from '../admin/list.ts';
import type { AdminResource, BodySchema, PatchSchema } from '../admin/resource.ts';
import { defaultLocaleRequirements, preferredText, translatedTitle, validateTimeRange } from '../admin/spec-helpers.ts';
import { findUsages } from '../admin/where-used.ts';

export const editionSpec: EntitySpec = {
  entity: 'edition',
  table: editions,
  columns: ['slug', 'status', 'publishAt', 'startsAt', 'endsAt', 'timeZone', 'coverMediaId'],
  references: { coverMediaId: 'image' },
  links: {
    tagIds: { table: editionTags, owner: editionTags.editionId, target: editionTags.tagId, kind: 'tag' },
    curatorIds: { table: editionCurators, owner: editionCurators.editionId, target: editionCurators.curatorId, position: editionCurators.position, kind: 'curator' },
    fileIds: { table: editionFiles, owner: editionFiles.editionId, target: editionFiles.fileId, position: editionFiles.position, kind: 'file' },
  },
  translations: {
    table: editionTranslations,
    owner: editionTranslations.editionId,
    locale: editionTranslations.locale,
    fields: ['title', 'summary', 'body'],
    required: ['title'],
    complete: ['title', 'summary', 'body'],
  },
  slug: { source: (state) => preferredText(state, 'title') },
  publication: { requirements: (state) => defaultLocaleRequirements(state, ['title']) },
  search: 'edition',
  validate: validateTimeRange,
  changes: (ids) => ({ editions: ids }),
  // Events of a deleted edition become stand-alone events when the editor detaches them.
  usage: 'edition',
  detachPermission: 'content.deletePublished',
  present: (state) => ({ previewPath: `/${defaultLocale}/admin/preview/edition/${String(state.values['slug'])}` }),
};

const title = translatedTitle('edition_translations', 'edition_id', 'title', editions.id);

const editionList: ListDefinition<Omit<EditionListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: editionSpec,
  title,
  sorts: { startsAt: editions.startsAt, updatedAt: editions.updatedAt, createdAt: editions.createdAt, title, slug: editions.slug, status: editions.status },
  filters: (query) => [
    query.status ? eq(editions.status, query.status) : undefined,
    query.tag ? inArray(editions.id, sql`(SELECT ${editionTags.editionId} FROM ${editionTags} WHERE ${editionTags.tagId} = ${query.tag})`) : undefined,
  ],
  search: { fts: 'edition', also: [] },
};

export const editionsAdmin: AdminResource = {
  collection: 'editions',
  spec: editionSpec,
  list: editionList as AdminResource['list'],
  listQuery: editionListQuerySchema as AdminResource['listQuery'],
  exportQuery: editionExportQuerySchema as AdminResource['exportQuery'],
  createSchema: editionCreateSchema as BodySchema,
  patchSchema: editionPatchSchema as PatchSchema,
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'edition', [state.id]) }),
};
