/** Organizers in the admin API: schema mapping, where they are used, list search and sort. */
import { eq, sql } from 'drizzle-orm';
import { organizerTranslations, organizers } from '../../../db/schema.ts';
import {
  organizerCreateSchema,
  organizerExportQuerySchema,
  organizerListQuerySchema,
  organizerPatchSchema,
  type OrganizerListQuery,
} from '../../lib/admin-schemas/organizers.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import type { ListDefinition } from '../admin/list.ts';
import type { AdminResource, BodySchema, PatchSchema } from '../admin/resource.ts';
import { findUsages } from '../admin/where-used.ts';

export const organizerSpec: EntitySpec = {
  entity: 'organizer',
  table: organizers,
  columns: ['slug', 'name', 'kind', 'websiteUrl', 'logoMediaId'],
  references: { logoMediaId: 'image' },
  links: {},
  translations: {
    table: organizerTranslations,
    owner: organizerTranslations.organizerId,
    locale: organizerTranslations.locale,
    fields: ['description'],
    required: [],
    complete: ['description'],
  },
  slug: { source: (state) => state.values['name'] as string | undefined },
  search: 'organizer',
  searchColumns: ['name'],
  changes: (ids) => ({ organizers: ids }),
  usage: 'organizer',
  detachPermission: 'content.deletePublished',
};

const organizerList: ListDefinition<Omit<OrganizerListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: organizerSpec,
  title: sql`${organizers.name}`,
  sorts: { name: organizers.name, updatedAt: organizers.updatedAt, createdAt: organizers.createdAt, slug: organizers.slug },
  filters: (query) => [query.kind ? eq(organizers.kind, query.kind) : undefined],
  search: { fts: 'organizer', also: [organizers.name] },
};

export const organizersAdmin: AdminResource = {
  collection: 'organizers',
  spec: organizerSpec,
  list: organizerList as AdminResource['list'],
  listQuery: organizerListQuerySchema as AdminResource['listQuery'],
  exportQuery: organizerExportQuerySchema as AdminResource['exportQuery'],
  createSchema: organizerCreateSchema as BodySchema,
  patchSchema: organizerPatchSchema as PatchSchema,
  describe: async (db, state) => ({ usedBy: await findUsages(db, 'organizer', [state.id]) }),
};
