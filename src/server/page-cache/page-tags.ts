/** The cache tags of each kind of hub page: everything the page shows, by id. */
import type { EditionDetail } from '../editions/queries.ts';
import type { EventDetail } from '../events/detail.ts';
import { hubTags } from './tags.ts';

/** An event page shows the event, its edition (and siblings), people, tags, medias and files. */
export function eventPageTags(event: EventDetail): string[] {
  return [
    hubTags.event(event.id),
    ...(event.edition ? [hubTags.edition(event.edition.id)] : []),
    ...event.otherEvents.map((other) => hubTags.event(other.id)),
    ...event.tags.map((tag) => hubTags.tag(tag.id)),
    ...event.curators.map((curator) => hubTags.curator(curator.id)),
    ...event.organizers.map((organizer) => hubTags.organizer(organizer.id)),
    ...[event.cover, ...event.gallery].flatMap((media) => (media ? [hubTags.media(media.id)] : [])),
    ...event.files.map((file) => hubTags.file(file.id)),
  ];
}

/** An edition page shows the edition, every public event in it, people, tags and files. */
export function editionPageTags(edition: EditionDetail): string[] {
  return [
    hubTags.edition(edition.id),
    ...edition.days.flatMap((day) => day.events.map((event) => hubTags.event(event.id))),
    ...edition.tags.map((tag) => hubTags.tag(tag.id)),
    ...edition.curators.map((curator) => hubTags.curator(curator.id)),
    ...(edition.cover ? [hubTags.media(edition.cover.id)] : []),
    ...edition.files.map((file) => hubTags.file(file.id)),
  ];
}
