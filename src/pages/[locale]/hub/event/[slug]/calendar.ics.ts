/**
 * GET /{locale}/hub/event/{slug}/calendar.ics — one event as an iCalendar download; for any date
 * of a repeating event, the whole series.
 */
import type { APIRoute } from 'astro';
import { buildCalendar, calendarFileName } from '../../../../../server/calendar/ics.ts';
import { collapseSeries } from '../../../../../server/calendar/series.ts';
import { eventGeo } from '../../../../../server/venues/geo.ts';
import { getEventPage } from '../../../../../server/events/detail.ts';
import { respondCached } from '../../../../../server/page-cache/decision.ts';
import { findEntityBySlug } from '../../../../../server/page-cache/entity-page.ts';
import { hubTags } from '../../../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../../../server/config/site-origin.ts';
import { publicReadCors } from '../../../../../server/http/cors.ts';

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const found = await findEntityBySlug(context, getEventPage);
  if (found instanceof Response) return found;
  const { db, now, entity: event } = found;
  const origin = getSiteOrigin();
  const items = await collapseSeries(db, locale, now, [{ ...event, ...event.tickets, summary: event.summary, geo: eventGeo(event.venue) }]);
  return respondCached(
    context,
    {
      db,
      now,
      tags: [hubTags.eventOf(event), hubTags.feeds],
      fingerprint: [
        event.id,
        event.title,
        event.summary,
        event.startsAt,
        event.endsAt,
        event.timeZone,
        event.venueName,
        event.venueAddress,
        event.venue,
        event.room,
        event.onlineUrl,
        event.updatedAt,
        event.tags,
        event.tickets,
        items,
      ],
    },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, event.title, items),
    { ...publicReadCors, 'Content-Disposition': `attachment; filename="${calendarFileName(event.slug)}"` },
  );
};
