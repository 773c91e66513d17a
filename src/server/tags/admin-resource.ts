/** Tags in the admin API: schema mapping, where they are used, list search and sort. */
import { or, sql } from 'drizzle-orm';
import { tagTranslations, tags } from '../../../db/schema.ts';
import { tagCreateSchema, tagExportQuerySchema, tagListQuerySchema, tagPatchSchema, type TagListQuery } from '../../lib/admin-schemas/tags.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import { likeEscaped, type ListDefinition } from '../admin/list.ts';
import type { AdminResource, BodySchema, PatchSchema } from '../admin/resource.ts';
import { preferredText, translatedTitle } from '../admin/spec-helpers.ts';
import { findUsages } from '../admin/where-used.ts';

export const tagSpec: EntitySpec = {
  entity: 'tag',
  table: tags,
  columns: ['slug'],
  references: {},
  links: {},
  translations: {
    table: tagTranslations,
    owner: tagTranslations.tagId,
    locale: tagTranslations.locale,
    fields: ['label'],
    required: ['label'],
    complete: ['label'],
  },
  slug: { source: (state) => preferredText(state, 'label') },
  changes: (ids) => ({ tags: ids }),
  usage: 'tag',
  detachPermission: 'content.deletePublished',
};

const label = translatedTitle('tag_translations', 'tag_id', 'label', tags.id);

const tagList: ListDefinition<Omit<TagListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: tagSpec,
  title: label,
  sorts: { label, slug: tags.slug, updatedAt: tags.updatedAt, createdAt: tags.createdAt },
  filters: () => [],
  // Few hundred tags at most: a LIKE over labels in every locale is instant.
  search: {
    like: (pattern) =>
      or(
        likeEscaped(tags.slug, pattern),
        sql`${tags.id} IN (SELECT ${tagTranslations.tagId} FROM ${tagTranslations} WHERE ${likeEscaped(tagTranslations.label, pattern)})`,
      )!,
  },
};

export const tagsAdmin: AdminResource = {
  collection: 'tags',
  spec: tagSpec,
  list: tagList as AdminResource['list'],
  listQuery: tagListQuerySchema as AdminResource['listQuery'],
  exportQuery: tagExportQuerySchema as AdminResource['exportQuery'],
  createSchema: tagCreateSchema as BodySchema,
  patchSchema: tagPatchSchema as PatchSchema,
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'tag', [state.id]) }),
};
