/** schema.org structured data for hub pages (Event, EventSeries, BreadcrumbList). */
import type { EditionDetail } from '../editions/queries.ts';
import type { EventDetail } from '../events/detail.ts';
import type { MediaView } from '../storage/catalog.ts';
import { isCalledOff, schemaOrgEventStatus, type EventStatus } from '../../lib/event-status.ts';
import { schemaOrgAvailability } from '../../lib/tickets.ts';
import { paths } from '../../lib/paths.ts';
import type { Locale } from '../../i18n/config.ts';
import type { VenueDetail, VenueRef } from '../venues/queries.ts';
import { formatIsoWithOffset } from '../../lib/zoned-time.ts';
import { postalAddressOf } from './postal-address.ts';
import { absoluteUrl } from '../config/site-origin.ts';

type JsonLd = Record<string, unknown>;

function imageUrl(origin: string, media: MediaView | null): string | undefined {
  return media ? absoluteUrl(origin, paths.media(media.key, { width: 1280, format: 'jpeg' })) : undefined;
}

/**
 * Start and end in the item's own wall time with its offset ("2031-07-12T19:30:00+02:00"): the
 * same instants as UTC, but the local hour is what search engines show beside the event.
 */
function datesOf(item: { startsAt: Date; endsAt: Date; timeZone: string }): { startDate: string; endDate: string } {
  return { startDate: formatIsoWithOffset(item.startsAt.getTime(), item.timeZone), endDate: formatIsoWithOffset(item.endsAt.getTime(), item.timeZone) };
}

/** A curator named on an event or edition, pointing at their own page (its `Person`). */
function personRef(origin: string, locale: Locale, curator: { name: string; slug: string }): JsonLd {
  const url = absoluteUrl(origin, paths.curator(locale, curator.slug));
  return { '@type': 'Person', '@id': url, name: curator.name, url };
}

/**
 * schema.org asks a postponed or rescheduled event for its `previousStartDate`: the recorded one,
 * else (postponed, nothing recorded) its start, which still holds the date it was to happen.
 */
export function previousStartDateOf(event: { eventStatus: EventStatus; previousStartsAt: Date | null; startsAt: Date; timeZone: string }): string | undefined {
  if (event.eventStatus !== 'postponed' && event.eventStatus !== 'rescheduled') return undefined;
  const previous = event.previousStartsAt ?? (event.eventStatus === 'postponed' ? event.startsAt : null);
  return previous ? formatIsoWithOffset(previous.getTime(), event.timeZone) : undefined;
}

/** `Event` with its edition as `superEvent`, location, organizers and curators as performers. */
export function eventJsonLd(origin: string, locale: Locale, event: EventDetail): JsonLd {
  const url = absoluteUrl(origin, paths.event(locale, event.slug));
  const place = event.venue
    ? placeJsonLd(origin, locale, event.venue)
    : event.venueAddress
      ? { '@type': 'Place', name: event.venueName ?? undefined, address: postalAddressOf(event.venueAddress) }
      : undefined;
  const virtual = event.onlineUrl ? { '@type': 'VirtualLocation', url: event.onlineUrl } : undefined;
  const location = [place, virtual].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': url,
    name: event.title,
    description: event.summary ?? undefined,
    inLanguage: event.textLocale,
    url,
    ...datesOf(event),
    eventStatus: schemaOrgEventStatus(event.eventStatus),
    previousStartDate: previousStartDateOf(event),
    eventAttendanceMode:
      place && virtual
        ? 'https://schema.org/MixedEventAttendanceMode'
        : virtual
          ? 'https://schema.org/OnlineEventAttendanceMode'
          : 'https://schema.org/OfflineEventAttendanceMode',
    location: location.length === 1 ? location[0] : location,
    image: imageUrl(origin, event.cover),
    organizer: event.organizers.map((organizer) => ({
      '@type': organizer.kind === 'person' ? 'Person' : 'Organization',
      '@id': absoluteUrl(origin, paths.organizer(locale, organizer.slug)),
      name: organizer.name,
      url: absoluteUrl(origin, paths.organizer(locale, organizer.slug)),
      sameAs: organizer.websiteUrl ?? undefined,
    })),
    performer: event.curators.map((curator) => personRef(origin, locale, curator)),
    keywords: event.tags.map((tag) => tag.label).join(', ') || undefined,
    superEvent: event.edition
      ? {
          '@type': 'EventSeries',
          '@id': absoluteUrl(origin, paths.edition(locale, event.edition.slug)),
          name: event.edition.title,
          url: absoluteUrl(origin, paths.edition(locale, event.edition.slug)),
        }
      : undefined,
    isAccessibleForFree: event.tickets.admission === 'free' ? true : undefined,
    // An ended, cancelled or postponed event offers nothing, here as on the page.
    offers: event.hasEnded || isCalledOff(event.eventStatus) ? undefined : offerOf(event),
  };
}

/**
 * The event's offer: its price (an `AggregateOffer` for a range, 0 when free) with currency and
 * availability, and the registration link; nothing when none of them is stated.
 */
function offerOf(event: EventDetail): JsonLd | undefined {
  const { admission, priceMin, priceMax, currency, availability } = event.tickets;
  const paid = admission === 'paid' && priceMin !== null && currency !== null;
  if (!paid && admission !== 'free' && !availability && !event.registrationUrl) return undefined;
  const range = paid && priceMax !== null && priceMax > priceMin;
  return {
    '@type': range ? 'AggregateOffer' : 'Offer',
    url: event.registrationUrl ?? undefined,
    ...(range ? { lowPrice: priceMin, highPrice: priceMax } : paid ? { price: priceMin } : admission === 'free' ? { price: 0 } : {}),
    priceCurrency: paid ? currency : undefined,
    availability: availability ? schemaOrgAvailability(availability) : undefined,
  };
}

/** `EventSeries` for an edition, listing its events as `subEvent`. */
export function editionJsonLd(origin: string, locale: Locale, edition: EditionDetail): JsonLd {
  const url = absoluteUrl(origin, paths.edition(locale, edition.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'EventSeries',
    '@id': url,
    name: edition.title,
    description: edition.summary ?? undefined,
    inLanguage: edition.titleLocale,
    url,
    ...datesOf(edition),
    image: imageUrl(origin, edition.cover),
    organizer: undefined,
    performer: edition.curators.map((curator) => personRef(origin, locale, curator)),
    subEvent: edition.days.flatMap((day) =>
      day.events.map((event) => ({
        '@type': 'Event',
        name: event.title,
        url: absoluteUrl(origin, paths.event(locale, event.slug)),
        ...datesOf(event),
        eventStatus: schemaOrgEventStatus(event.eventStatus),
        previousStartDate: previousStartDateOf({ ...event, previousStartsAt: event.previousStartsAt ?? null }),
      })),
    ),
  };
}

/** `BreadcrumbList` from (name, path) pairs, first to last. */
export function breadcrumbJsonLd(origin: string, crumbs: readonly { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` are escaped so no text
 * (a title containing `</script>`) can end the element early. Undefined fields are dropped.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * `Place` with its `geo` point: on its own page, and as an event's `location`. A venue without a
 * public page has no `url`.
 */
export function placeJsonLd(origin: string, locale: Locale, venue: VenueRef | (VenueDetail & { isPublic?: true })): JsonLd {
  const url = !('isPublic' in venue) || venue.isPublic ? absoluteUrl(origin, paths.venue(locale, venue.slug)) : undefined;
  return {
    '@type': 'Place',
    '@id': url,
    name: venue.name,
    url,
    address: venue.address ? postalAddressOf(venue.address) : undefined,
    geo: venue.latitude !== null && venue.longitude !== null ? { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude } : undefined,
  };
}

/** A venue page's `Place`, with its description and image. */
export function venueJsonLd(origin: string, locale: Locale, venue: VenueDetail): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...placeJsonLd(origin, locale, venue),
    description: venue.description ?? undefined,
    image: imageUrl(origin, venue.image),
    sameAs: venue.websiteUrl ?? undefined,
  };
}
