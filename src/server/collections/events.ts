/** Events in the admin API: where their declaration is stored, and how their list searches and sorts. */
import { eq } from 'drizzle-orm';
import { eventCurators, eventFiles, eventMedias, eventOrganizers, eventTags, eventTranslations, events } from '../../../db/schema.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { eventsCollection } from '../../lib/collections/events.ts';
import { paths } from '../../lib/paths.ts';
import { defineAdminResource, linkTable, orderedLinkTable, translationTable } from '../engine/resource.ts';
import type { EntityState } from '../engine/entity-spec.ts';
import {
  defaultLocaleRequirements,
  idsOf,
  linkedTo,
  preferredText,
  stringValue,
  translatedTitle,
  validateTickets,
  validateTimeRange,
} from '../engine/spec-helpers.ts';

/** What decides which of an edition's events come first, and in which order. */
const LISTING_FIELDS = ['status', 'publishAt', 'unpublishAt', 'startsAt', 'editionId'];
const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));

/**
 * True for the update of one event that leaves its publication, start and edition as they were:
 * it cannot have entered or left its edition's first events, so the lists of them are kept (a
 * list showing the event is purged by the event's own tag). Anything else (a new event, a move,
 * a publication, several events) may have.
 */
export function keepsEditionLists(states: readonly EntityState[]): boolean {
  const [before, after, ...others] = states;
  return (
    before !== undefined &&
    after !== undefined &&
    others.length === 0 &&
    before.id === after.id &&
    LISTING_FIELDS.every((field) => comparable(before.values[field]) === comparable(after.values[field]))
  );
}

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
  search: 'event',
  searchColumns: ['venueId'],
  validate: (state, errors) => {
    validateTimeRange(state, errors);
    validateTickets(state, errors);
  },
  // An event shows on its edition's page: the previous and the new edition both change. Venue
  // pages carry their events' tags and `hub`, so they need no venue purge here.
  changes: (ids, states) => ({ events: ids, [keepsEditionLists(states) ? 'editionsKeepingLists' : 'editions']: idsOf(states, 'editionId') }),
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
      query.status ? eq(events.status, query.status) : undefined,
      query.eventStatus ? eq(events.eventStatus, query.eventStatus) : undefined,
      query.edition ? eq(events.editionId, query.edition) : undefined,
      query.tag ? linkedTo(events.id, tagLinks, query.tag) : undefined,
    ],
    search: { fts: 'event', also: [] },
  },
});
