/**
 * GET /{locale}/hub/edition/{slug}/calendar.ics — every public event of an edition (a feed a
 * calendar app can subscribe to).
 */
import type { APIRoute } from 'astro';
import { buildCalendar, calendarFileName } from '../../../../../server/calendar/ics.ts';
import { withVenueAddresses } from '../../../../../server/calendar/locations.ts';
import { collapseSeries } from '../../../../../server/calendar/series.ts';
import { getEditionPage } from '../../../../../server/editions/queries.ts';
import { respondCached } from '../../../../../server/page-cache/decision.ts';
import { findEntityBySlug } from '../../../../../server/page-cache/entity-page.ts';
import { editionPageTags } from '../../../../../server/hub/page-tags.ts';
import { hubTags } from '../../../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../../../server/config/site-origin.ts';
import { publicReadCors } from '../../../../../server/http/cors.ts';

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const found = await findEntityBySlug(context, getEditionPage);
  if (found instanceof Response) return found;
  const { db, now, entity: edition } = found;
  const events = await collapseSeries(
    db,
    locale,
    now,
    await withVenueAddresses(
      db,
      edition.days.flatMap((day) => day.events),
    ),
  );
  const origin = getSiteOrigin();
  return respondCached(
    context,
    { db, now, tags: [...editionPageTags(edition), hubTags.feeds], fingerprint: [edition.title, events] },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, edition.title, events),
    { ...publicReadCors, 'Content-Disposition': `attachment; filename="${calendarFileName(edition.slug)}"` },
  );
};
