/**
 * GET /{locale}/hub/feed.xml — RSS 2.0 of the events most recently made public.
 */
import type { APIRoute } from 'astro';
import { getTranslator } from '../../../i18n/index.ts';
import { getDb } from '../../../server/db.ts';
import { listRecentlyPublished } from '../../../server/events/queries.ts';
import { buildEventFeed } from '../../../server/feeds/rss.ts';
import { respondCached } from '../../../server/page-cache/decision.ts';
import { hubTags } from '../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../server/seo/site.ts';

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const db = await getDb();
  const now = new Date();
  const items = await listRecentlyPublished(db, locale, now, 30);
  const t = getTranslator(locale);
  const origin = getSiteOrigin();
  return respondCached(context, { db, now, tags: [hubTags.hub, hubTags.feeds], fingerprint: items }, 'application/rss+xml; charset=utf-8', () =>
    buildEventFeed(origin, locale, { title: t('hub.feed.title'), description: t('hub.feed.description') }, items),
  );
};
