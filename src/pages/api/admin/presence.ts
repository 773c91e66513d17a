/**
 * POST   /api/admin/presence — a heartbeat of an open edit form; answers who else has the item open
 * DELETE /api/admin/presence — the form closed (sent with `keepalive` as the page goes away)
 *
 * Both take `{ collection, itemId, clientId }` (docs/decisions/054).
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../server/admin/body.ts';
import { answer, authorize, json } from '../../../server/admin/http.ts';
import { parseInput } from '../../../server/engine/validation.ts';
import { presenceInput } from '../../../server/presence/schemas.ts';
import { HEARTBEAT_MS, STALE_AFTER_MS, recordBeat, recordLeave, type PresenceUser } from '../../../server/presence/service.ts';

export const prerender = false;

/** The name colleagues see: the account's name, else its address. */
function presenceUser(locals: App.Locals): PresenceUser {
  const user = locals.user!;
  return { id: user.id, label: user.name || user.email || user.id };
}

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db } = await authorize(context);
    const form = parseInput(presenceInput, await readJsonBody(context.request, 1024));
    const others = await recordBeat(db, presenceUser(context.locals), form, Date.now());
    return json({
      others: others.map(({ userId, name, since }) => ({ userId, name, since: new Date(since).toISOString() })),
      heartbeatMs: HEARTBEAT_MS,
      staleAfterMs: STALE_AFTER_MS,
    });
  });

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db } = await authorize(context);
    const form = parseInput(presenceInput, await readJsonBody(context.request, 1024));
    await recordLeave(db, presenceUser(context.locals), form);
    return json(null, 204);
  });
