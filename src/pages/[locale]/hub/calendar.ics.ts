/**
 * GET /{locale}/hub/calendar.ics?edition=&tag=&when=&from=&to= — the events of any filtered hub
 * view as iCalendar (same parameters as the hub page; pagination does not apply). An invalid
 * filter answers 400; a view with no events is a valid, empty calendar.
 */
import type { APIRoute } from 'astro';
import { asc, desc } from 'drizzle-orm';
import { events } from '../../../../db/schema.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { buildCalendar } from '../../../server/calendar/ics.ts';
import { withVenueAddresses } from '../../../server/calendar/locations.ts';
import { collapseSeries } from '../../../server/calendar/series.ts';
import { selectEventItems } from '../../../server/events/queries.ts';
import { openHubView } from '../../../server/feeds/hub-view.ts';
import { respondCached } from '../../../server/page-cache/decision.ts';
import { hubTags } from '../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../server/config/site-origin.ts';
import { siteNameOf } from '../../../server/config/site-settings.ts';
import { publicReadCors } from '../../../server/http/cors.ts';

/** Bounds the document for subscribers of "all events" on a very large programme. */
const MAX_EVENTS = 1_000;

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const request = await openHubView(context);
  if (request instanceof Response) return request;
  const { db, now, view } = request;
  const { filters, conditions } = view;
  const order = filters.when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  const listed = conditions ? await withVenueAddresses(db, await selectEventItems(db, locale, now, conditions.list, order, MAX_EVENTS)) : [];
  const items = await collapseSeries(db, locale, now, listed);
  const t = getTranslator(locale);
  const origin = getSiteOrigin();
  return respondCached(
    context,
    { db, now, tags: [hubTags.hub, hubTags.feeds], fingerprint: [filters, items] },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, `${siteNameOf(context.locals)} · ${t('hub.title')}`, items),
    { ...publicReadCors, 'Content-Disposition': 'attachment; filename="programme.ics"' },
  );
};
