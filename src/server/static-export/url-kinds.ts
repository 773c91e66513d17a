/**
 * What kind of page or file an archived URL is, for the export's throughput report (decision
 * 052): the cost of an archive is dominated by a few kinds (event pages, their embeds, deep pages
 * of the past-events lists), and each is made faster a different way.
 */
const kinds: [string, RegExp][] = [
  ['event', /^\/[a-z]{2}\/hub\/event\/[^/?]+$/],
  ['embed', /^\/[a-z]{2}\/embed\//],
  // Past events and a theme's list are the deep lists: hundreds of pages each at scale.
  ['list-deep', /^\/[a-z]{2}\/hub\?(?:.*&)?page=(?:[1-9]\d|[5-9])\b/],
  ['list', /^\/[a-z]{2}\/hub(?:\?|$)/],
  ['edition', /^\/[a-z]{2}\/hub\/edition\/[^/?]+(?:\?|$)/],
  ['venue-or-person', /^\/[a-z]{2}\/hub\/(?:venue|curator|organizer)\//],
  ['media', /^\/media\//],
  ['feed-or-calendar', /\.(?:ics|xml|json)(?:\?|$)/],
];

/** The report's kind of `source` (a path with its kept query). */
export function urlKindOf(source: string): string {
  return kinds.find(([, pattern]) => pattern.test(source))?.[0] ?? (/\.[a-z0-9]{1,12}(?:\?|$)/i.test(source) ? 'other-file' : 'other-page');
}
