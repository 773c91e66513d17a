/** Curators in the admin API: where their declaration is stored, where they are used, list search and sort. */
import { sql } from 'drizzle-orm';
import { curatorTranslations, curators, editionCurators } from '../../../db/schema.ts';
import { curatorsCollection } from '../../lib/collections/curators.ts';
import { defineAdminResource, linkTable, translationTable } from '../admin/resource.ts';
import { linkedTo, stringValue } from '../admin/spec-helpers.ts';
import { findUsages } from '../admin/where-used.ts';

export const curatorsAdmin = defineAdminResource(curatorsCollection, {
  table: curators,
  links: {},
  translations: translationTable(curatorTranslations, curatorTranslations.curatorId),
  slug: { source: (state) => stringValue(state, 'name'), field: 'name' },
  search: 'curator',
  searchColumns: ['name'],
  changes: (ids) => ({ curators: ids }),
  usage: 'curator',
  detachPermission: 'content.deletePublished',
  list: {
    title: sql`${curators.name}`,
    sorts: { name: curators.name, updatedAt: curators.updatedAt, createdAt: curators.createdAt, slug: curators.slug },
    filters: (query) => [
      query.edition ? linkedTo(curators.id, linkTable(editionCurators, editionCurators.curatorId, editionCurators.editionId), query.edition) : undefined,
    ],
    search: { fts: 'curator', also: [curators.name] },
  },
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'curator', [state.id]) }),
});
