/** Curators in the admin API: schema mapping, where they are used, list search and sort. */
import { inArray, sql } from 'drizzle-orm';
import { curatorTranslations, curators, editionCurators } from '../../../db/schema.ts';
import {
  curatorCreateSchema,
  curatorExportQuerySchema,
  curatorListQuerySchema,
  curatorPatchSchema,
  type CuratorListQuery,
} from '../../lib/admin-schemas/curators.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import type { ListDefinition } from '../admin/list.ts';
import type { AdminResource, BodySchema, PatchSchema } from '../admin/resource.ts';
import { findUsages } from '../admin/where-used.ts';

export const curatorSpec: EntitySpec = {
  entity: 'curator',
  table: curators,
  columns: ['slug', 'name', 'photoMediaId', 'links'],
  references: { photoMediaId: 'image' },
  links: {},
  translations: {
    table: curatorTranslations,
    owner: curatorTranslations.curatorId,
    locale: curatorTranslations.locale,
    fields: ['shortBio', 'bio'],
    required: [],
    complete: ['shortBio', 'bio'],
  },
  slug: { source: (state) => state.values['name'] as string | undefined },
  search: 'curator',
  searchColumns: ['name'],
  changes: (ids) => ({ curators: ids }),
  usage: 'curator',
  detachPermission: 'content.deletePublished',
};

const curatorList: ListDefinition<Omit<CuratorListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: curatorSpec,
  title: sql`${curators.name}`,
  sorts: { name: curators.name, updatedAt: curators.updatedAt, createdAt: curators.createdAt, slug: curators.slug },
  filters: (query) => [
    query.edition
      ? inArray(curators.id, sql`(SELECT ${editionCurators.curatorId} FROM ${editionCurators} WHERE ${editionCurators.editionId} = ${query.edition})`)
      : undefined,
  ],
  search: { fts: 'curator', also: [curators.name] },
};

export const curatorsAdmin: AdminResource = {
  collection: 'curators',
  spec: curatorSpec,
  list: curatorList as AdminResource['list'],
  listQuery: curatorListQuerySchema as AdminResource['listQuery'],
  exportQuery: curatorExportQuerySchema as AdminResource['exportQuery'],
  createSchema: curatorCreateSchema as BodySchema,
  patchSchema: curatorPatchSchema as PatchSchema,
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'curator', [state.id]) }),
};
