/**
 * GET  /api/admin/views/:collection — the signed-in person's saved views of that list, by name,
 *      each query checked against today's list (what it no longer accepts is in `dropped`)
 * POST /api/admin/views/:collection — saves a view `{ name, query, isDefault? }` (409 for a name
 *      already used) — docs/decisions/063
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../../../server/admin/body.ts';
import { json } from '../../../../../server/admin/http.ts';
import { parseInput } from '../../../../../server/engine/validation.ts';
import { savedViewInput } from '../../../../../lib/admin-schemas/saved-views.ts';
import { paths } from '../../../../../lib/paths.ts';
import { viewsRoute } from '../../../../../server/saved-views/http.ts';
import { createView, listViews } from '../../../../../server/saved-views/service.ts';

export const prerender = false;

export const GET: APIRoute = (context) => viewsRoute(context, async ({ db, userId, collection }) => json({ views: await listViews(db, userId, collection) }));

export const POST: APIRoute = (context) =>
  viewsRoute(context, async ({ db, userId, collection }) => {
    const input = parseInput(savedViewInput, await readJsonBody(context.request, 16 * 1024));
    const view = await createView(db, userId, collection, input);
    return json(view, 201, { Location: paths.adminApiViews(collection, view.id) });
  });
