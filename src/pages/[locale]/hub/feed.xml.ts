/**
 * GET /{locale}/hub/feed.xml?edition=&tag=&when=&from=&to= — RSS 2.0 of the events most recently
 * made public among those of the hub view with the same filters. An invalid filter answers 400.
 */
import type { APIRoute } from 'astro';
import { getTranslator } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { listRecentlyPublished } from '../../../server/events/queries.ts';
import { loadEnclosures } from '../../../server/feeds/enclosures.ts';
import { openHubView } from '../../../server/feeds/hub-view.ts';
import { buildEventFeed } from '../../../server/feeds/rss.ts';
import { publicReadCors } from '../../../server/http/cors.ts';
import { respondCached } from '../../../server/page-cache/decision.ts';
import { hubTags } from '../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../server/config/site-origin.ts';
import { siteNameOf } from '../../../server/config/site-settings.ts';

const MAX_ITEMS = 30;

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const request = await openHubView(context);
  if (request instanceof Response) return request;
  const { db, now, view } = request;
  const items = view.conditions ? await listRecentlyPublished(db, locale, now, MAX_ITEMS, view.conditions.count) : [];
  const t = getTranslator(locale);
  const origin = getSiteOrigin();
  const site = siteNameOf(context.locals);
  const links = { hubPath: paths.hub(locale, view.query), feedPath: paths.feed(locale, view.query) };
  // Like the hub page it mirrors: the `hub` tag (any event, edition, tag or cover change) and `feeds`.
  return respondCached(
    context,
    { db, now, tags: [hubTags.hub, hubTags.feeds], fingerprint: [view.filters, items] },
    'application/rss+xml; charset=utf-8',
    async () =>
      buildEventFeed(
        origin,
        locale,
        { title: t('hub.feed.title', { site }), description: t('hub.feed.description', { site }) },
        links,
        items,
        await loadEnclosures(origin, items),
      ),
    publicReadCors,
  );
};
