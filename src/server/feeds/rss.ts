/** RSS 2.0 feed of newly published events, built with the `feed` library. */
import { Feed } from 'feed';
import type { Locale } from '../../i18n/config.ts';
import { localeConfig } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import type { EventListItem } from '../events/queries.ts';
import { absoluteUrl } from '../seo/site.ts';
import { formatDateTimeRange } from '../../lib/dates.ts';
import { eventUid } from '../calendar/ics.ts';

export interface FeedTexts {
  title: string;
  description: string;
}

/** The RSS document; items newest publication first, each with a stable guid. */
export function buildEventFeed(origin: string, locale: Locale, texts: FeedTexts, items: readonly EventListItem[]): string {
  const home = absoluteUrl(origin, paths.hub(locale));
  const feed = new Feed({
    id: home,
    title: texts.title,
    description: texts.description,
    link: home,
    language: localeConfig[locale].intl,
    feedLinks: { rss: absoluteUrl(origin, paths.feed(locale)) },
    updated:
      items.reduce<Date | undefined>((latest, item) => {
        const at = item.publishedAt ?? item.updatedAt;
        return !latest || at > latest ? at : latest;
      }, undefined) ?? new Date(0),
    generator: false,
    copyright: 'Edition Hub',
  });
  for (const item of items) {
    const when = formatDateTimeRange(locale, item.timeZone, item.startsAt, item.endsAt);
    feed.addItem({
      title: item.title,
      id: eventUid(item.id),
      guid: eventUid(item.id),
      link: absoluteUrl(origin, paths.event(locale, item.slug)),
      date: item.publishedAt ?? item.updatedAt,
      description: [when, item.summary].filter(Boolean).join(' — '),
      category: item.tags.map((tag) => ({ name: tag.label })),
      ...(item.cover
        ? { enclosure: { url: absoluteUrl(origin, paths.media(item.cover.key, { width: 640, format: 'jpeg' })), type: 'image/jpeg', length: 0 } }
        : {}),
    });
  }
  return feed.rss2();
}
