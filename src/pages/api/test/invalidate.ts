/**
 * POST /api/test/invalidate — TEST-ONLY (404 unless the server runs with HUB_TEST_HOOKS=1).
 * Body: `{ "rename": { "slug", "locale", "title" } }` or `{ "schedule": { "slug", "publishAt" } }`.
 * Performs the write through a server write function, then purges the hub cache exactly as the
 * admin write path will (`invalidateHubFor`), and answers with the purged tags.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDb } from '../../../server/db.ts';
import { problem } from '../../../server/http/problem.ts';
import { invalidateHubFor } from '../../../server/hub-cache/invalidate.ts';
import { areTestHooksEnabled, renameEvent, scheduleEvent } from '../../../server/hub-cache/test-hooks.ts';

const bodySchema = z.union([
  z.object({ rename: z.object({ slug: z.string().min(1), locale: z.string().min(2), title: z.string().min(1).max(200) }) }),
  z.object({ schedule: z.object({ slug: z.string().min(1), publishAt: z.iso.datetime() }) }),
]);

export const POST: APIRoute = async (context) => {
  if (!areTestHooksEnabled()) return problem(404, 'NOT_FOUND', 'Not found');
  const parsed = bodySchema.safeParse(await context.request.json().catch(() => null));
  if (!parsed.success) return problem(400, 'INVALID_BODY', 'Invalid test hook body');
  const db = await getDb();
  const id =
    'rename' in parsed.data
      ? await renameEvent(db, parsed.data.rename.slug, parsed.data.rename.locale, parsed.data.rename.title)
      : await scheduleEvent(db, parsed.data.schedule.slug, new Date(parsed.data.schedule.publishAt));
  if (id === undefined) return problem(404, 'EVENT_NOT_FOUND', 'No such event');
  const tags = await invalidateHubFor(context.cache, { events: [id] }, db);
  return Response.json({ id, tags }, { headers: { 'Cache-Control': 'private, no-store' } });
};

export const ALL: APIRoute = () => (areTestHooksEnabled() ? problem(405, 'METHOD_NOT_ALLOWED', 'Use POST') : problem(404, 'NOT_FOUND', 'Not found'));
