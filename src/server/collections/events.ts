/** Events in the admin API: where their declaration is stored, and how their list searches and sorts. */
import { eq, sql } from 'drizzle-orm';
import { eventCurators, eventFiles, eventMedias, eventOrganizers, eventTags, eventStatusCounts, eventTranslations, events } from '../../../db/schema.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { eventsCollection } from '../../lib/collections/events.ts';
import { paths } from '../../lib/paths.ts';
import { dateVenues, eventDates, isEventItem } from './event-dates.ts';
import { defineAdminResource, linkTable, orderedLinkTable, translationTable } from '../engine/resource.ts';
import {
  defaultLocaleRequirements,
  linkedTo,
  preferredText,
  stringValue,
  translatedTitle,
  validatePreviousStart,
  validateTickets,
  validateTimeRange,
} from '../engine/spec-helpers.ts';

const title = translatedTitle('event_translations', 'event_id', 'title', events.id);
const tagLinks = linkTable(eventTags, eventTags.eventId, eventTags.tagId);

export const eventsAdmin = defineAdminResource(eventsCollection, {
  table: events,
  links: {
    tagIds: tagLinks,
    organizerIds: orderedLinkTable(eventOrganizers, eventOrganizers.eventId, eventOrganizers.organizerId),
    curatorIds: orderedLinkTable(eventCurators, eventCurators.eventId, eventCurators.curatorId),
    mediaIds: orderedLinkTable(eventMedias, eventMedias.eventId, eventMedias.mediaId),
    fileIds: orderedLinkTable(eventFiles, eventFiles.eventId, eventFiles.fileId),
  },
  translations: translationTable(eventTranslations, eventTranslations.eventId),
  slug: { source: (state) => preferredText(state, 'title'), field: `translations.${defaultLocale}.title` },
  publication: {
    // The event page needs a title in the default locale and somewhere to go.
    requirements(state) {
      const errors = defaultLocaleRequirements(state, ['title']);
      const hasPlace = state.values['venueId'] || state.values['venueAddress'] || state.values['onlineUrl'] || preferredText(state, 'venueName');
      if (!hasPlace) errors['venueAddress'] = ['VENUE_OR_ONLINE_REQUIRED'];
      return errors;
    },
  },
  // A repeating event's later dates are rows of their own, written from its rule (event-dates.ts).
  afterWrite: eventDates,
  innerReferences: dateVenues,
  managed: isEventItem,
  search: 'event',
  searchColumns: ['venueId'],
  validate: (state, errors) => {
    validateTimeRange(state, errors);
    validateTickets(state, errors);
    validatePreviousStart(state, errors);
  },
  // The purge reads the editions before and after from the states. Venue pages carry their
  // events' tags and `hub`, so they need no venue purge here.
  changes: (ids, states) => ({ events: ids, eventStates: states }),
  editionKey: 'editionId',
  detachPermission: 'content.deletePublished',
  present: (state) => ({ previewPath: paths.adminPreview(defaultLocale, 'event', stringValue(state, 'slug') ?? '') }),
  list: {
    title,
    sorts: {
      updatedAt: events.updatedAt,
      createdAt: events.createdAt,
      startsAt: events.startsAt,
      title,
      slug: events.slug,
      status: events.status,
      eventStatus: events.eventStatus,
    },
    filters: (query) => [
      // A repeating event's later dates are not items. The search index holds items only (a date
      // has no texts), so a search needs no such condition, and keeps its tuned plans.
      query.q ? undefined : isEventItem,
      query.status ? eq(events.status, query.status) : undefined,
      query.eventStatus ? eq(events.eventStatus, query.eventStatus) : undefined,
      query.edition ? eq(events.editionId, query.edition) : undefined,
      query.tag ? linkedTo(events.id, tagLinks, query.tag) : undefined,
    ],
    search: { fts: 'event', also: [] },
    // Kept by triggers (migration 0045): the list by status alone reads its total instead of counting.
    keptTotal: {
      filters: ['status'],
      total: (query) =>
        sql`SELECT coalesce(sum(${eventStatusCounts.items}), 0) FROM ${eventStatusCounts}${query.status ? sql` WHERE ${eventStatusCounts.status} = ${query.status}` : sql``}`,
    },
    extras: { editionTitle: translatedTitle('edition_translations', 'edition_id', 'title', events.editionId) },
  },
});
