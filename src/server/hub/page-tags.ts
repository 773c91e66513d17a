/** The cache tags of each kind of hub page: everything the page shows, by id. */
import type { CuratorPage } from '../curators/page.ts';
import type { EditionDetail, EditionSummary } from '../editions/queries.ts';
import type { OrganizerPage } from '../organizers/page.ts';
import type { PersonWorks } from '../people/works.ts';
import type { EventDetail } from '../events/detail.ts';
import type { EventListItem } from '../events/queries.ts';
import type { VenueDetail } from '../venues/queries.ts';
import { hubTags } from '../page-cache/tags.ts';

/**
 * An edition's list of other events on an event page: which events come first in the edition (a
 * newcomer, one leaving), the listed events, and what their cards show of other entities (cover,
 * tags, venue).
 */
export function otherEventsTags(editionId: number, cards: readonly EventListItem[]): string[] {
  return [
    hubTags.editionList(editionId),
    ...cards.flatMap((card) => [
      hubTags.eventOf(card),
      ...(card.cover ? [hubTags.media(card.cover.id)] : []),
      ...card.tags.map((tag) => hubTags.tag(tag.id)),
      ...(card.venueId ? [hubTags.venue(card.venueId)] : []),
    ]),
  ];
}

/**
 * The home page shows the listings (`hub`), the site settings' hero image, the featured edition
 * with its cover, and the next events with theirs. A media write purges `hub` as well today; the
 * media tags keep the home right if that ever narrows, as they do on every other page.
 */
export function homePageTags({
  heroMediaId,
  featured,
  items,
}: {
  heroMediaId: number | null;
  featured: EditionSummary | undefined;
  items: readonly EventListItem[];
}): string[] {
  const medias = [heroMediaId, featured?.cover?.id, ...items.map((item) => item.cover?.id)].filter((id): id is number => typeof id === 'number');
  return [
    hubTags.hub,
    ...(featured ? [hubTags.edition(featured.id)] : []),
    ...items.map((item) => hubTags.eventOf(item)),
    ...new Set(medias.map((id) => hubTags.media(id))),
  ];
}

/**
 * An event page shows the event, its edition, people, tags, medias and files; its list of the
 * edition's other events brings its own tags (`otherEventsTags`, through render-once.ts).
 */
export function eventPageTags(event: EventDetail): string[] {
  return [
    hubTags.eventOf(event),
    ...(event.edition ? [hubTags.edition(event.edition.id)] : []),
    ...event.tags.map((tag) => hubTags.tag(tag.id)),
    ...event.curators.map((curator) => hubTags.curator(curator.id)),
    ...event.organizers.map((organizer) => hubTags.organizer(organizer.id)),
    ...[event.cover, ...event.gallery].flatMap((media) => (media ? [hubTags.media(media.id)] : [])),
    ...event.files.map((file) => hubTags.file(file.id)),
    ...(event.venue ? [hubTags.venue(event.venue.id)] : []),
  ];
}

/** An edition page shows the edition, every public event in it, people, tags and files. */
export function editionPageTags(edition: EditionDetail): string[] {
  return [
    hubTags.edition(edition.id),
    ...edition.days.flatMap((day) => day.events.map((event) => hubTags.eventOf(event))),
    // Venue names show in its programme; `hub` is not on edition pages.
    ...new Set(edition.days.flatMap((day) => day.events.flatMap((event) => (event.venueId ? [hubTags.venue(event.venueId)] : [])))),
    ...edition.tags.map((tag) => hubTags.tag(tag.id)),
    ...edition.curators.map((curator) => hubTags.curator(curator.id)),
    ...(edition.cover ? [hubTags.media(edition.cover.id)] : []),
    ...edition.files.map((file) => hubTags.file(file.id)),
  ];
}

/**
 * A person's page shows the person, their editions and events, and (through `hub`, which every
 * event or edition write purges) any event newly linked to them.
 */
export function personPageTags(person: { kind: 'curator' | 'organizer'; id: number; mediaId: number | null } & PersonWorks): string[] {
  return [
    hubTags[person.kind](person.id),
    hubTags.hub,
    ...person.editions.map((edition) => hubTags.edition(edition.id)),
    ...person.eventIds.map((id) => hubTags.event(id)),
    ...(person.mediaId ? [hubTags.media(person.mediaId)] : []),
  ];
}

export const curatorPageTags = (curator: CuratorPage) => personPageTags({ ...curator, kind: 'curator', mediaId: curator.photo?.id ?? null });
export const organizerPageTags = (organizer: OrganizerPage) => personPageTags({ ...organizer, kind: 'organizer', mediaId: organizer.logo?.id ?? null });

/**
 * A venue page shows the venue, its image and its public events; `hub` too, because an event
 * moving to this venue purges only its own tag and the listings.
 */
export function venuePageTags(venue: VenueDetail): string[] {
  return [
    hubTags.venue(venue.id),
    hubTags.hub,
    ...(venue.image ? [hubTags.media(venue.image.id)] : []),
    ...[...venue.upcoming, ...venue.past].flatMap((day) => day.events.map((event) => hubTags.eventOf(event))),
  ];
}
