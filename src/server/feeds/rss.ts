/**
 * RSS 2.0 feed of newly published events. Titles are plain text, XML-escaped; descriptions are
 * plain text made into HTML (RSS readers render `description` as HTML), so what an editor types
 * is shown, never interpreted. Written by hand: see docs/decisions/023-calendars-and-feeds.md.
 */
import type { Locale } from '../../i18n/config.ts';
import { localeConfig } from '../../i18n/config.ts';
import { formatDateTimeRange } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { eventUid } from '../calendar/ics.ts';
import type { EventListItem } from '../events/queries.ts';
import { titleWithStatus } from '../events/status-title.ts';
import { statusNoticeLine } from '../events/status-notice.ts';
import { absoluteUrl } from '../config/site-origin.ts';

export interface FeedTexts {
  title: string;
  description: string;
}

/** An item's media file: its URL, exact size in bytes and MIME type. */
export interface Enclosure {
  url: string;
  length: number;
  type: string;
}

/** Characters XML 1.0 cannot carry at all (controls other than tab/LF/CR, lone surrogates, U+FFFE/F). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

/** Plain text as HTML (for `description`, which readers render as HTML): markup shows as typed. */
export function plainTextToHtml(text: string): string {
  return escapeXml(text).replace(/\r\n|\r|\n/g, '<br>');
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

export interface FeedLinks {
  /** The hub view the feed mirrors (its filters in the query). */
  hubPath: string;
  /** The feed's own path with the same query (`atom:link rel="self"`). */
  feedPath: string;
}

/** The RSS document; items newest publication first, each with a stable guid. */
export function buildEventFeed(
  origin: string,
  locale: Locale,
  texts: FeedTexts,
  links: FeedLinks,
  items: readonly EventListItem[],
  enclosures: ReadonlyMap<number, Enclosure> = new Map(),
): string {
  const publishedAt = (item: EventListItem) => item.publishedAt ?? item.updatedAt;
  const updated = items.reduce((latest, item) => Math.max(latest, publishedAt(item).getTime()), 0);
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', texts.title),
    element('link', absoluteUrl(origin, links.hubPath)),
    element('description', texts.description),
    element('language', localeConfig[locale].intl),
    element('lastBuildDate', new Date(updated).toUTCString()),
    `<atom:link href="${escapeXml(absoluteUrl(origin, links.feedPath))}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const item of items) {
    const when = formatDateTimeRange(locale, item.timeZone, item.startsAt, item.endsAt);
    const enclosure = enclosures.get(item.id);
    lines.push(
      '<item>',
      element('title', titleWithStatus(locale, item.eventStatus, item.title)),
      element('link', absoluteUrl(origin, paths.event(locale, item.slug))),
      `<guid isPermaLink="false">${escapeXml(eventUid(origin, item.id))}</guid>`,
      element('pubDate', publishedAt(item).toUTCString()),
      // What happened to the event comes first, as on its page (docs/decisions/055).
      element('description', plainTextToHtml([statusNoticeLine(locale, item), when, item.summary].filter(Boolean).join(' — '))),
      ...item.tags.map((tag) => element('category', tag.label)),
      ...(enclosure ? [`<enclosure url="${escapeXml(enclosure.url)}" length="${enclosure.length}" type="${escapeXml(enclosure.type)}"/>`] : []),
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>');
  return `${lines.join('\n')}\n`;
}
