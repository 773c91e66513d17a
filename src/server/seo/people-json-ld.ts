/** schema.org structured data for people's pages: `Person` for curators, `Organization` (or `Person`) for organizers. */
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import type { CuratorPage } from '../curators/page.ts';
import { markdownToText } from '../markdown/render.ts';
import type { OrganizerPage } from '../organizers/page.ts';
import type { PersonWorks } from '../people/works.ts';
import type { MediaView } from '../storage/catalog.ts';
import { absoluteUrl } from '../config/site-origin.ts';

type JsonLd = Record<string, unknown>;

function imageUrl(origin: string, media: MediaView | null): string | undefined {
  return media ? absoluteUrl(origin, paths.media(media.key, { width: 640, format: 'jpeg' })) : undefined;
}

/** What the person presents, as links back to those pages (`subjectOf`). */
function worksOf(origin: string, locale: Locale, works: PersonWorks): JsonLd[] {
  return [
    ...works.editions.map((edition) => ({ '@type': 'EventSeries', name: edition.title, url: absoluteUrl(origin, paths.edition(locale, edition.slug)) })),
    ...[...works.upcoming, ...works.past].flatMap((day) =>
      day.events.map((event) => ({ '@type': 'Event', name: event.title, url: absoluteUrl(origin, paths.event(locale, event.slug)) })),
    ),
  ];
}

/** `Person` for a curator's page; `sameAs` lists their own links. */
export function curatorJsonLd(origin: string, locale: Locale, curator: CuratorPage): JsonLd {
  const url = absoluteUrl(origin, paths.curator(locale, curator.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': url,
    name: curator.name,
    url,
    description: curator.shortBio ?? (markdownToText(curator.bio, 300) || undefined),
    image: imageUrl(origin, curator.photo),
    sameAs: curator.links.length ? curator.links.map((link) => link.url) : undefined,
    subjectOf: worksOf(origin, locale, curator),
  };
}

/** `Organization` (or `Person`, as the organizer is declared) for an organizer's page. */
export function organizerJsonLd(origin: string, locale: Locale, organizer: OrganizerPage): JsonLd {
  const url = absoluteUrl(origin, paths.organizer(locale, organizer.slug));
  return {
    '@context': 'https://schema.org',
    '@type': organizer.kind === 'person' ? 'Person' : 'Organization',
    '@id': url,
    name: organizer.name,
    url,
    description: markdownToText(organizer.description, 300) || undefined,
    [organizer.kind === 'person' ? 'image' : 'logo']: imageUrl(origin, organizer.logo),
    sameAs: organizer.websiteUrl ? [organizer.websiteUrl] : undefined,
    subjectOf: worksOf(origin, locale, organizer),
  };
}
