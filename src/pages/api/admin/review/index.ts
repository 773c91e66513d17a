/**
 * GET /api/admin/review[?page=n] — the requests waiting for the caller to decide, newest first,
 * across collections, limited to their editions: `{ entries, total, capped, page, pageSize }`.
 *
 * docs/decisions/064. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json } from '../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../server/engine/validation.ts';
import { listReviewQueue } from '../../../../server/review/queue.ts';

export const prerender = false;

const queueQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const GET: APIRoute = (context) =>
  localizedAdminRoute(context, async ({ db, actor }) => {
    const { page } = parseInput(queueQuery, Object.fromEntries(context.url.searchParams));
    return json(await listReviewQueue(db, actor, page));
  });
