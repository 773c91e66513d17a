/** Curators in the admin API: where their declaration is stored, where they are used, list search and sort. */
import { sql } from 'drizzle-orm';
import { curatorTranslations, curators, editionCurators } from '../../../db/schema.ts';
import { curatorsCollection } from '../../lib/collections/curators.ts';
import { defineAdminResource, linkTable, translationTable } from '../engine/resource.ts';
import { linkedTo, stringValue } from '../engine/spec-helpers.ts';

export const curatorsAdmin = defineAdminResource(curatorsCollection, {
  table: curators,
  links: {},
  translations: translationTable(curatorTranslations, curatorTranslations.curatorId),
  slug: { source: (state) => stringValue(state, 'name'), field: 'name' },
  search: 'curator',
  searchColumns: ['name'],
  detachPermission: 'content.deletePublished',
  list: {
    title: sql`${curators.name}`,
    sorts: { name: curators.name, updatedAt: curators.updatedAt, createdAt: curators.createdAt, slug: curators.slug },
    filters: (query) => [
      query.edition ? linkedTo(curators.id, linkTable(editionCurators, editionCurators.curatorId, editionCurators.editionId), query.edition) : undefined,
    ],
    search: { fts: 'curator', also: [curators.name] },
  },
});
