/** Venues in the admin API: where their declaration is stored, publication, coordinates, where they are used. */
import { and, eq, or, sql } from 'drizzle-orm';
import { events, venueTranslations, venues } from '../../../db/schema.ts';
import { venuesCollection } from '../../lib/collections/venues.ts';
import { likeEscaped } from '../engine/list.ts';
import { defineAdminResource, translationTable } from '../engine/resource.ts';
import { stringValue } from '../engine/spec-helpers.ts';
import { isEventItem } from './event-dates.ts';

export const venuesAdmin = defineAdminResource(venuesCollection, {
  table: venues,
  links: {},
  translations: translationTable(venueTranslations, venueTranslations.venueId),
  slug: { source: (state) => stringValue(state, 'name'), field: 'name' },
  // A venue page shows its name and address; without an address visitors cannot find it.
  publication: {
    requirements: (state) => (stringValue(state, 'address')?.trim() ? {} : { address: ['REQUIRED_TO_PUBLISH'] }),
  },
  validate(state, errors) {
    // A map link needs a point: one coordinate alone is a typo, not a place.
    const { latitude, longitude } = state.values;
    if ((latitude === null || latitude === undefined) !== (longitude === null || longitude === undefined)) {
      errors.add(latitude === null || latitude === undefined ? 'latitude' : 'longitude', 'COORDINATES_INCOMPLETE');
    }
  },
  // An event's search text includes its (published) venue's name.
  searchDependents: {
    type: 'event',
    columns: ['name', 'status'],
    ids: async (tx, id) =>
      (
        await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.venueId, id), isEventItem))
      ).map((row) => row.id),
  },
  detachPermission: 'content.deletePublished',
  list: {
    title: sql`${venues.name}`,
    sorts: { name: venues.name, updatedAt: venues.updatedAt, createdAt: venues.createdAt, slug: venues.slug, status: venues.status },
    filters: (query) => [query.status ? eq(venues.status, query.status) : undefined],
    // A few hundred venues at most: LIKE over name and address is enough, no search index.
    search: { like: (pattern) => or(likeEscaped(venues.name, pattern), likeEscaped(venues.address, pattern)) ?? sql`0` },
  },
});
