/** Events in the admin API: how they map onto the schema, and how their list searches and sorts. */
import { eq, inArray, sql } from 'drizzle-orm';
import { eventCurators, eventFiles, eventMedias, eventOrganizers, eventTags, eventTranslations, events } from '../../../db/schema.ts';
import { defaultLocale } from '../../i18n/config.ts';
import {
  eventCreateSchema,
  eventExportQuerySchema,
  eventListQuerySchema,
  eventPatchSchema,
  type EventListQuery,
} from '../../lib/admin-schemas/events.ts';
import type { EntitySpec } from '../admin/entity-spec.ts';
import type { ListDefinition } from '../admin/list.ts';
import type { AdminResource, BodySchema, PatchSchema } from '../admin/resource.ts';
import { defaultLocaleRequirements, idsOf, preferredText, translatedTitle, validateTimeRange } from '../admin/spec-helpers.ts';

export const eventSpec: EntitySpec = {
  entity: 'event',
  table: events,
  columns: ['slug', 'editionId', 'status', 'publishAt', 'startsAt', 'endsAt', 'timeZone', 'venueAddress', 'onlineUrl', 'registrationUrl', 'coverMediaId'],
  references: { editionId: 'edition', coverMediaId: 'image' },
  links: {
    tagIds: { table: eventTags, owner: eventTags.eventId, target: eventTags.tagId, kind: 'tag' },
    organizerIds: { table: eventOrganizers, owner: eventOrganizers.eventId, target: eventOrganizers.organizerId, position: eventOrganizers.position, kind: 'organizer' },
    curatorIds: { table: eventCurators, owner: eventCurators.eventId, target: eventCurators.curatorId, position: eventCurators.position, kind: 'curator' },
    mediaIds: { table: eventMedias, owner: eventMedias.eventId, target: eventMedias.mediaId, position: eventMedias.position, kind: 'media' },
    fileIds: { table: eventFiles, owner: eventFiles.eventId, target: eventFiles.fileId, position: eventFiles.position, kind: 'file' },
  },
  translations: {
    table: eventTranslations,
    owner: eventTranslations.eventId,
    locale: eventTranslations.locale,
    fields: ['title', 'summary', 'body', 'venueName'],
    required: ['title'],
    complete: ['title', 'summary', 'body'],
  },
  slug: { source: (state) => preferredText(state, 'title') },
  publication: {
    // The event page needs a title in the default locale and somewhere to go.
    requirements(state) {
      const errors = defaultLocaleRequirements(state, ['title']);
      const hasPlace = state.values['venueAddress'] || state.values['onlineUrl'] || preferredText(state, 'venueName');
      if (!hasPlace) errors['venueAddress'] = ['VENUE_OR_ONLINE_REQUIRED'];
      return errors;
    },
  },
  search: 'event',
  validate: validateTimeRange,
  // An event shows on its edition's page: the previous and the new edition both change.
  changes: (ids, states) => ({ events: ids, editions: idsOf(states, 'editionId') }),
  detachPermission: 'content.deletePublished',
  present: (state) => ({ previewPath: `/${defaultLocale}/admin/preview/event/${String(state.values['slug'])}` }),
};

const title = translatedTitle('event_translations', 'event_id', 'title', events.id);

const eventList: ListDefinition<Omit<EventListQuery, 'page' | 'limit' | 'sort'>> = {
  spec: eventSpec,
  title,
  sorts: {
    updatedAt: events.updatedAt,
    createdAt: events.createdAt,
    startsAt: events.startsAt,
    title,
    slug: events.slug,
    status: events.status,
  },
  filters: (query) => [
    query.status ? eq(events.status, query.status) : undefined,
    query.edition ? eq(events.editionId, query.edition) : undefined,
    query.tag ? inArray(events.id, sql`(SELECT ${eventTags.eventId} FROM ${eventTags} WHERE ${eventTags.tagId} = ${query.tag})`) : undefined,
  ],
  search: { fts: 'event', also: [] },
};

export const eventsAdmin: AdminResource = {
  collection: 'events',
  spec: eventSpec,
  list: eventList as AdminResource['list'],
  listQuery: eventListQuerySchema as AdminResource['listQuery'],
  exportQuery: eventExportQuerySchema as AdminResource['exportQuery'],
  createSchema: eventCreateSchema as BodySchema,
  patchSchema: eventPatchSchema as PatchSchema,
};
