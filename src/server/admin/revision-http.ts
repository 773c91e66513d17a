/**
 * The request side of the revision routes (decision 030). A restore comes as JSON from API
 * callers, or as the history panel's HTML form (it works without JavaScript), which is answered
 * with a 303 back to the edit page carrying the outcome.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { defaultLocale, isLocale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { isJsonRequest, readFormWithinLimit } from '../http/body-limit.ts';
import { readJsonBody } from './body.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { answer, authorizeItem, invalidateAfterWrite, json } from './http.ts';
import { restoreRevision, type RestoreBody } from '../engine/revisions.ts';
import { parseInput } from '../engine/validation.ts';

const REVISIONS_PAGE_MAX = 100;
export const REVISIONS_PAGE_DEFAULT = 20;

const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(REVISIONS_PAGE_MAX).default(REVISIONS_PAGE_DEFAULT),
});

/** `?page=&limit=` of the revision list; anything else is a 400. */
export function revisionPageQuery(url: URL): { page: number; limit: number } {
  return parseInput(pageQuery, Object.fromEntries(url.searchParams), 'INVALID_QUERY');
}

/** The `[revisionId]` route parameter; anything but a positive integer is an unknown revision. */
export function routeRevisionId(context: Pick<APIContext, 'params'>): number {
  const raw = context.params['revisionId'] ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AdminError(404, 'NOT_FOUND', 'No such revision');
  return id;
}

const restoreInput = z.strictObject({ version: z.coerce.number().int().min(1) });
const restoreForm = restoreInput.extend({ locale: z.string().optional() });

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } });
}

async function restore(context: APIContext, body: unknown): Promise<{ collection: string; id: number; revisionId: number; result: RestoreBody }> {
  const { db, actor, resource, id } = await authorizeItem(context);
  const revisionId = routeRevisionId(context);
  const { version } = parseInput(restoreInput, body);
  const outcome = await restoreRevision(db, actor, resource, id, revisionId, version);
  invalidateAfterWrite(context, outcome);
  return { collection: resource.collection, id, revisionId, result: outcome.body };
}

/** POST …/revisions/:revisionId/restore, from JSON or from the history panel's form. */
export async function handleRestore(context: APIContext): Promise<Response> {
  if (isJsonRequest(context.request)) {
    return answer(async () => json((await restore(context, await readJsonBody(context.request))).result));
  }
  const form = await readFormWithinLimit(context.request);
  if (form instanceof Response) return form;
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const locale = isLocale(fields['locale']) ? fields['locale'] : defaultLocale;
  const collection = context.params['collection'] ?? '';
  const itemId = Number(context.params['id']);
  const back = (query: Record<string, string>) => `${paths.adminEdit(locale, collection, itemId)}?${new URLSearchParams(query).toString()}#revisions`;
  try {
    const form = parseInput(restoreForm, fields);
    const { revisionId, result } = await restore(context, { version: form.version });
    const dropped = [...new Set(result.dropped.map((entry) => entry.field))].join(',');
    return seeOther(back({ revision: String(revisionId), restored: String(result.restoredFrom), ...(dropped ? { dropped } : {}) }));
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    // Refusals before the item is known (sign-in, permission) answer as the API does.
    if (error.status === 401 || !Number.isSafeInteger(itemId)) return answer(() => Promise.reject(error));
    return seeOther(back({ revision: context.params['revisionId'] ?? '', restoreError: error.code }));
  }
}
