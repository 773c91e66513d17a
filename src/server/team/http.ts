/**
 * The request side of `/api/admin/team/**`: the team screen's HTML forms and JSON callers share
 * one route per action. A form gets a 303 back to the team screen carrying the outcome; JSON
 * gets the outcome, or problem+json whose title is translated into the form's or the
 * request's language.
 */
import type { APIContext } from 'astro';
import { defaultLocale, isLocale, type Locale } from '../../i18n/config.ts';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { actorFromUser } from '../auth/actor.ts';
import { json } from '../admin/http.ts';
import { getAuthMode } from '../auth/mode.ts';
import { requireDeclaredPermission } from '../auth/permissions.ts';
import { allowListsFrom } from '../auth/roles.ts';
import { getEnv } from '../config/env.ts';
import { getDb } from '../db.ts';
import { isJsonRequest, readFormWithinLimit, readJsonWithinLimit } from '../http/body-limit.ts';
import { problem } from '../http/problem.ts';
import { editionsFromForm, parseTeamCommand } from './schemas.ts';
import { runTeamCommand, type TeamErrorCode, type TeamOutcome } from './service.ts';
import type { Actor } from '../auth/actor.ts';
import type { Role } from '../auth/roles.ts';

const statusOf: Record<TeamErrorCode | 'INVALID_INPUT' | 'ROLES_MANAGED_BY_CLERK' | 'CLERK_UNAVAILABLE', number> = {
  USER_NOT_FOUND: 404,
  LAST_ADMIN: 409,
  NOT_PENDING: 409,
  SELF: 409,
  SELF_TWO_FACTOR: 409,
  ROLE_REQUIRED: 400,
  EDITIONS_REQUIRED: 400,
  EDITION_NOT_FOUND: 422,
  INVALID_INPUT: 400,
  ROLES_MANAGED_BY_CLERK: 409,
  // Clerk's Backend API did not answer: nothing was changed.
  CLERK_UNAVAILABLE: 502,
};

type Code = keyof typeof statusOf;

/** The language of an API answer: the form's `locale`, else the first supported one the client accepts. */
function answerLocale(request: Request, form: FormData | null): Locale {
  const given = form?.get('locale');
  if (isLocale(given)) return given;
  const accepted = (request.headers.get('accept-language') ?? '').split(',').map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLocale) ?? defaultLocale;
}

function refuse(code: Code, locale: Locale, form: FormData | null, userId: string): Response {
  if (form) {
    const query = new URLSearchParams({ error: code, user: userId });
    return new Response(null, { status: 303, headers: { Location: paths.adminTeam(locale, query), 'Cache-Control': 'private, no-store' } });
  }
  return problem(statusOf[code], code, getTranslator(locale)(`admin.team.error.${code}` as UiKey));
}

/** A role change under Clerk, through its Backend API (clerk.ts, loaded only in that mode). */
async function changeClerkRole(actor: Actor, userId: string, role: Role | null): Promise<TeamOutcome | { ok: false; code: 'CLERK_UNAVAILABLE' }> {
  const env = getEnv();
  const { setClerkRole } = await import('./clerk.ts');
  const result = await setClerkRole(
    await getDb(),
    { secretKey: env.CLERK_SECRET_KEY ?? '', apiUrl: env.CLERK_API_URL },
    actor,
    userId,
    role,
    allowListsFrom(env),
  );
  return result.ok ? { ok: true, action: 'role', changed: result.changed } : result;
}

/** POST /api/admin/team/{id}/{action}. */
export async function handleTeamAction(context: Pick<APIContext, 'locals' | 'params' | 'request'>): Promise<Response> {
  const { locals, params, request } = context;
  const denied = requireDeclaredPermission(locals.user, request);
  if (denied || !locals.user) return denied ?? problem(401, 'UNAUTHENTICATED', 'Sign in to use the admin API');
  const isForm = !isJsonRequest(request);
  let form: FormData | null = null;
  let body: unknown = {};
  if (isForm) {
    const read = await readFormWithinLimit(request);
    if (read instanceof Response) return read;
    form = read;
    body = { role: typeof form.get('role') === 'string' && form.get('role') !== '' ? form.get('role') : undefined, editions: editionsFromForm(form) };
  } else {
    const read = await readJsonWithinLimit(request);
    if (read instanceof Response) return read;
    body = read.value;
  }
  const locale = answerLocale(request, form);
  const userId = params.id ?? '';
  const mode = getAuthMode().kind;
  const parsed = parseTeamCommand(params.action ?? '', body);
  // Under Clerk, only roles are ours to change; the rest is done in Clerk.
  if (mode !== 'local' && (mode !== 'clerk' || !parsed.ok || parsed.command.action !== 'role')) return refuse('ROLES_MANAGED_BY_CLERK', locale, form, userId);
  if (!parsed.ok) {
    const editionsOnly = parsed.errors.editions !== undefined && parsed.errors.role === undefined;
    if (form)
      return refuse(parsed.errors.role?.[0] === 'ROLE_REQUIRED' ? 'ROLE_REQUIRED' : editionsOnly ? 'EDITIONS_REQUIRED' : 'INVALID_INPUT', locale, form, userId);
    // The API's code stays INVALID_INPUT for a bad role (its field error says which); editions have their own.
    const code = editionsOnly ? 'EDITIONS_REQUIRED' : 'INVALID_INPUT';
    return problem(400, code, getTranslator(locale)(`admin.team.error.${code}`), { errors: parsed.errors });
  }
  const outcome =
    mode === 'clerk' && parsed.command.action === 'role'
      ? await changeClerkRole(actorFromUser(locals.user), userId, parsed.command.role)
      : await runTeamCommand(await getDb(), actorFromUser(locals.user), userId, parsed.command, allowListsFrom(getEnv()));
  if (!outcome.ok) return refuse(outcome.code, locale, form, userId);
  if (form) {
    const query = new URLSearchParams({ done: outcome.action, user: userId });
    return new Response(null, { status: 303, headers: { Location: paths.adminTeam(locale, query), 'Cache-Control': 'private, no-store' } });
  }
  return json({ action: outcome.action, changed: outcome.changed, userId });
}
