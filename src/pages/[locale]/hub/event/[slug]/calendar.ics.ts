/**
 * GET /{locale}/hub/event/{slug}/calendar.ics — one event as an iCalendar download.
 */
import type { APIRoute } from 'astro';
import { paths } from '../../../../../lib/paths.ts';
import { buildCalendar, calendarFileName } from '../../../../../server/calendar/ics.ts';
import { eventGeo } from '../../../../../server/venues/geo.ts';
import { getDb } from '../../../../../server/db.ts';
import { getEventPage } from '../../../../../server/events/detail.ts';
import { respondCached } from '../../../../../server/page-cache/decision.ts';
import { hubTags } from '../../../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../../../server/seo/site.ts';

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { slug = '' } = context.params;
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return context.rewrite('/404');
  const db = await getDb();
  const now = new Date();
  const event = await getEventPage(db, { slug, locale, now });
  if (!event) return context.rewrite(paths.notFound(locale));
  const origin = getSiteOrigin();
  return respondCached(
    context,
    {
      db,
      now,
      tags: [hubTags.event(event.id), hubTags.feeds],
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
      ],
    },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, event.title, [{ ...event, summary: event.summary, geo: eventGeo(event.venue) }]),
    { 'Content-Disposition': `attachment; filename="${calendarFileName(event.slug)}"` },
  );
};
