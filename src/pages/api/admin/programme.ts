/**
 * GET /api/admin/programme[?edition=<id>&locale=<locale>] — the programme calendar's data (docs/decisions/062): one
 *     edition's days, venues and events (a published event's working copy in its place), with
 *     the clashes among them. 404 for an unknown edition; `{ calendar: null }` when there is none.
 *
 * Moving an event is the ordinary save: PATCH /api/admin/events/:id, or PUT …/:id/draft for a
 * published one, as its edit form does. Authorize → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { answer, authorize, json } from '../../../server/admin/http.ts';
import { getProgrammeCalendar } from '../../../server/programme-calendar/queries.ts';
import { parseProgrammeQuery } from '../../../server/programme-calendar/schemas.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db } = await authorize(context);
    const { edition, locale } = parseProgrammeQuery(context.url.searchParams);
    return json({ calendar: await getProgrammeCalendar(db, locale ?? context.locals.locale, edition) });
  });
