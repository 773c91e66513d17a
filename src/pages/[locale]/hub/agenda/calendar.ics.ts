/**
 * GET /{locale}/hub/agenda/calendar.ics?events=<ids> — a personal agenda as iCalendar. Stateless
 * (the ids are the whole agenda), so one cached document per list, shared by everyone who starred
 * the same events. A missing, malformed or too long list answers 400; ids of events that are no
 * longer public are left out.
 */
import type { APIRoute } from 'astro';
import { getTranslator } from '../../../../i18n/index.ts';
import { MAX_AGENDA_EVENTS } from '../../../../lib/agenda.ts';
import { listAgendaEvents } from '../../../../server/agenda/queries.ts';
import { readAgendaQuery } from '../../../../server/agenda/request.ts';
import { buildCalendar } from '../../../../server/calendar/ics.ts';
import { withVenueAddresses } from '../../../../server/calendar/locations.ts';
import { collapseSeries } from '../../../../server/calendar/series.ts';
import { getDb } from '../../../../server/db.ts';
import { problem } from '../../../../server/http/problem.ts';
import { respondCached } from '../../../../server/page-cache/decision.ts';
import { hubTags } from '../../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../../server/config/site-origin.ts';
import { siteNameOf } from '../../../../server/config/site-settings.ts';
import { publicReadCors } from '../../../../server/http/cors.ts';

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const t = getTranslator(locale);
  const query = readAgendaQuery(context.url.searchParams);
  if (query.kind === 'redirect') return context.redirect(`${context.url.pathname}${query.search}`, 301);
  if (query.kind !== 'ids') {
    return problem(400, 'INVALID_EVENTS', t('agenda.calendar.invalid', { max: MAX_AGENDA_EVENTS }), { errors: { events: ['INVALID'] } });
  }
  const db = await getDb();
  const now = new Date();
  const items = await collapseSeries(db, locale, now, await withVenueAddresses(db, await listAgendaEvents(db, locale, now, query.ids)));
  const origin = getSiteOrigin();
  return respondCached(
    context,
    // Any event change purges `hub` and `feeds` (invalidate.ts), which is what this document shows.
    { db, now, tags: [hubTags.hub, hubTags.feeds], fingerprint: items },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, `${siteNameOf(context.locals)} · ${t('agenda.title')}`, items),
    { ...publicReadCors, 'Content-Disposition': 'attachment; filename="agenda.ics"' },
  );
};
