/** Curators in the admin API: where their declaration is stored, where they are used, list search and sort. */
import { inArray, sql } from 'drizzle-orm';
import { curatorTranslations, curators, editionCurators } from '../../../db/schema.ts';
import { curatorsCollection } from '../../lib/collections/curators.ts';
import { defineAdminResource } from '../admin/resource.ts';
import { stringValue } from '../admin/spec-helpers.ts';
import { findUsages } from '../admin/where-used.ts';

export const curatorsAdmin = defineAdminResource(curatorsCollection, {
  table: curators,
  links: {},
  translations: { table: curatorTranslations, owner: curatorTranslations.curatorId, locale: curatorTranslations.locale },
  slug: { source: (state) => stringValue(state, 'name') },
  search: 'curator',
  searchColumns: ['name'],
  changes: (ids) => ({ curators: ids }),
  usage: 'curator',
  detachPermission: 'content.deletePublished',
  list: {
    title: sql`${curators.name}`,
    sorts: { name: curators.name, updatedAt: curators.updatedAt, createdAt: curators.createdAt, slug: curators.slug },
    filters: (query) => [
      query.edition
        ? inArray(curators.id, sql`(SELECT ${editionCurators.curatorId} FROM ${editionCurators} WHERE ${editionCurators.editionId} = ${query.edition})`)
        : undefined,
    ],
    search: { fts: 'curator', also: [curators.name] },
  },
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'curator', [state.id]) }),
});
