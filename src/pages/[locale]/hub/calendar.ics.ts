/**
 * GET /{locale}/hub/calendar.ics?edition=&tag=&when=&from=&to= — the events of any filtered hub
 * view as iCalendar (same parameters as the hub page; pagination does not apply).
 */
import type { APIRoute } from 'astro';
import { asc, desc } from 'drizzle-orm';
import { events } from '../../../../db/schema.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { buildCalendar } from '../../../server/calendar/ics.ts';
import { getDb } from '../../../server/db.ts';
import { findPublicEditionId } from '../../../server/editions/queries.ts';
import { parseHubFilters } from '../../../server/events/filters.ts';
import { buildEventFilter, findTagId, selectEventItems } from '../../../server/events/queries.ts';
import { respondCached } from '../../../server/page-cache/decision.ts';
import { hubTags } from '../../../server/page-cache/tags.ts';
import { getSiteOrigin } from '../../../server/seo/site.ts';

/** Bounds the document for subscribers of "all events" on a very large programme. */
const MAX_EVENTS = 1_000;

export const GET: APIRoute = async (context) => {
  const { locale } = context.locals;
  const filters = parseHubFilters(context.url.searchParams);
  const db = await getDb();
  const now = new Date();
  const [editionId, tagId] = await Promise.all([
    filters.edition ? findPublicEditionId(db, filters.edition, now) : undefined,
    filters.tag ? findTagId(db, filters.tag) : undefined,
  ]);
  const unknown = (filters.edition && editionId === undefined) || (filters.tag && tagId === undefined);
  const where = await buildEventFilter(db, { now, when: filters.when, editionId, tagId, from: filters.from, to: filters.to });
  const order = filters.when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  const items = unknown ? [] : await selectEventItems(db, locale, now, where, order, MAX_EVENTS);
  const t = getTranslator(locale);
  const origin = getSiteOrigin();
  return respondCached(
    context,
    { db, now, tags: [hubTags.hub, hubTags.feeds], fingerprint: [filters, items] },
    'text/calendar; charset=utf-8',
    () => buildCalendar(origin, locale, `${t('site.name')} · ${t('hub.title')}`, items),
    { 'Content-Disposition': 'attachment; filename="programme.ics"' },
  );
};
