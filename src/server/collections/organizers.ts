/** Organizers in the admin API: where their declaration is stored, where they are used, list search and sort. */
import { eq, sql } from 'drizzle-orm';
import { organizerTranslations, organizers } from '../../../db/schema.ts';
import { organizersCollection } from '../../lib/collections/organizers.ts';
import { defineAdminResource, translationTable } from '../engine/resource.ts';
import { stringValue } from '../engine/spec-helpers.ts';

export const organizersAdmin = defineAdminResource(organizersCollection, {
  table: organizers,
  links: {},
  translations: translationTable(organizerTranslations, organizerTranslations.organizerId),
  slug: { source: (state) => stringValue(state, 'name'), field: 'name' },
  search: 'organizer',
  searchColumns: ['name'],
  detachPermission: 'content.deletePublished',
  list: {
    title: sql`${organizers.name}`,
    sorts: { name: organizers.name, updatedAt: organizers.updatedAt, createdAt: organizers.createdAt, slug: organizers.slug },
    filters: (query) => [query.kind ? eq(organizers.kind, query.kind) : undefined],
    search: { fts: 'organizer', also: [organizers.name] },
  },
});
