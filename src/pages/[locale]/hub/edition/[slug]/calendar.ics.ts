/**
 * GET /{locale}/hub/edition/{slug}/calendar.ics — every public event of an edition (a feed a
 * calendar app can subscribe to).
 */
import type { APIRoute } from 'astro';
import { paths } from '../../../../../lib/paths.ts';
import { buildCalendar, calendarFileName } from '../../../../../server/calendar/ics.ts';
import { withVenueAddresses } from '../../../../../server/calendar/locations.ts';
import { getDb } from '../../../../../server/db.ts';
import { getEditionPage } from '../../../../../server/editions/queries.ts';
import { respondCached } from '../../../../../server/page-cache/decision.ts';
import { editionPageTags } from '../../../../../server/page-cache/page-tags.ts';
import { hubTags } from '../../../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../../../server/seo/site.ts';

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { slug = '' } = context.params;
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return context.rewrite('/404');
  const db = await getDb();
  const now = new Date();
  const edition = await getEditionPage(db, { slug, locale, now });
  if (!edition) return context.rewrite(paths.notFound(locale));
  const events = await withVenueAddresses(
    db,
    edition.days.flatMap((day) => day.events),
  );
  const origin = getSiteOrigin();
  return respondCached(
    context,
    { db, now, tags: [...editionPageTags(edition), hubTags.feeds], fingerprint: [edition.title, events] },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, edition.title, events),
    { 'Content-Disposition': `attachment; filename="${calendarFileName(edition.slug)}"` },
  );
};
