/** The answer of both schedule export routes: 404 unless public, cached and purged like the edition page. */
import type { APIContext } from 'astro';
import { paths } from '../../lib/paths.ts';
import { getDb } from '../db.ts';
import { publicReadCors } from '../http/cors.ts';
import { respondCached } from '../page-cache/decision.ts';
import { getSiteOrigin } from '../config/site-origin.ts';
import { scheduleToJson } from './json.ts';
import { loadScheduleSource } from './load.ts';
import { buildSchedule, type Schedule } from './model.ts';
import { scheduleToXml } from './xml.ts';

const SLUG = /^[a-z0-9-]{1,80}$/;

const formats = {
  xml: { contentType: 'application/xml; charset=utf-8', write: scheduleToXml },
  json: { contentType: 'application/json; charset=utf-8', write: (schedule: Schedule) => JSON.stringify(scheduleToJson(schedule)) },
} as const;

/** GET handler body for `/{locale}/hub/edition/{slug}/schedule.{format}`. */
export async function respondScheduleExport(context: APIContext, format: keyof typeof formats): Promise<Response> {
  const { locale } = context.locals;
  const { slug = '' } = context.params;
  if (!SLUG.test(slug)) return context.rewrite(paths.notFound(locale));
  const db = await getDb();
  const now = new Date();
  const loaded = await loadScheduleSource(db, { slug, locale, now, origin: getSiteOrigin() });
  if (!loaded) return context.rewrite(paths.notFound(locale));
  const { contentType, write } = formats[format];
  return respondCached(
    context,
    { db, now, tags: loaded.tags, fingerprint: [format, loaded.source] },
    contentType,
    () => write(buildSchedule(loaded.source)),
    publicReadCors,
  );
}
