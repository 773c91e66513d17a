/**
 * Cache tags of hub responses. A page is tagged with everything it shows, so a write purges
 * exactly the pages that could have changed (see docs/decisions/004-hub-caching-and-invalidation.md).
 */
export const hubTags = {
  /** Carried by every cached hub response: purging it empties both caches (decision 010). */
  all: 'all',
  /** Listings that any event or edition change can alter: home, hub landing and its pages. */
  hub: 'hub',
  search: 'search',
  feeds: 'feeds',
  sitemap: 'sitemap',
  /** Pages rendered from code only (the contact form): purged by deploys, not by writes. */
  contact: 'contact',
  event: (id: number) => `event:${id}`,
  /** A listed event row: a repeating event's later date is purged with its series. */
  eventOf: (row: { id: number; seriesId?: number | null }) => `event:${row.seriesId ?? row.id}`,
  edition: (id: number) => `edition:${id}`,
  /**
   * Which of an edition's public events come first, and their order: the event pages' lists of
   * other events (decision 012). An edition's own tag purges it too.
   */
  editionList: (id: number) => `edition-list:${id}`,
  tag: (id: number) => `tag:${id}`,
  curator: (id: number) => `curator:${id}`,
  organizer: (id: number) => `organizer:${id}`,
  media: (id: number) => `media:${id}`,
  file: (id: number) => `file:${id}`,
  venue: (id: number) => `venue:${id}`,
  /**
   * An editorial page (about, privacy policy, terms) in every locale, and in one locale: unlike
   * content, its languages are edited one at a time (decision 038).
   */
  sitePage: (slug: string) => `site:${slug}`,
  sitePageText: (slug: string, locale: string) => `site:${slug}:${locale}`,
} as const;
