/**
 * The webhook screens' HTML forms (no JavaScript needed): the endpoint form re-renders with
 * field errors (422); the detail screen's buttons (ping, rotate, redeliver, delete) redirect
 * (303) back with a notice flag the page turns into a message.
 */
import type { AstroGlobal } from 'astro';
import type { Database } from '../../../db/client.ts';
import { actorFromUser, type Actor } from '../auth/actor.ts';
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { readFormWithinLimit } from '../http/body-limit.ts';
import { problem } from '../http/problem.ts';
import { webhookProblem } from './http.ts';
import { destinationErrorsOf, fieldErrorsOf, formToEndpointInput, webhookEndpointInput } from './schemas.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  parseWebhookId,
  pingEndpoint,
  redeliver,
  rotateSecret,
  updateEndpoint,
  type WebhookEndpoint,
} from './service.ts';

export interface EndpointFormState {
  values: { url: string; description: string; enabled: boolean; events: string[] };
  errors?: Record<string, string[]>;
}

export const webhookNotices = ['created', 'updated', 'rotated', 'pinged', 'redelivered', 'in-flight', 'deleted'] as const;
export type WebhookNotice = (typeof webhookNotices)[number];

/** The notice flag of a redirect (`?notice=pinged`), when it is one of ours. */
export function readWebhookNotice(search: URLSearchParams): WebhookNotice | undefined {
  const value = search.get('notice');
  return webhookNotices.find((notice) => notice === value);
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } });

/**
 * A posted endpoint form: creates (no `existing`) or updates, then redirects to the endpoint; on
 * invalid input, the state to re-render with its errors.
 */
export async function submitEndpointForm(
  request: Request,
  db: Database,
  actor: Actor,
  locale: Locale,
  existing?: WebhookEndpoint,
): Promise<Response | EndpointFormState> {
  const form = await readFormWithinLimit(request);
  if (form instanceof Response) return form;
  const raw = formToEndpointInput(form);
  const values = raw as EndpointFormState['values'];
  const parsed = webhookEndpointInput.safeParse(raw);
  if (!parsed.success) return { values, errors: fieldErrorsOf(parsed.error) };
  const refused = await destinationErrorsOf(parsed.data);
  if (refused) return { values, errors: refused };
  if (existing) {
    await updateEndpoint(db, actor, existing.id, parsed.data);
    return seeOther(paths.adminWebhook(locale, existing.id, new URLSearchParams({ notice: 'updated' })));
  }
  const created = await createEndpoint(db, actor, parsed.data);
  return seeOther(paths.adminWebhook(locale, created.id, new URLSearchParams({ notice: 'created' })));
}

/** What the endpoint pages read of `Astro`. */
type EndpointPage = Pick<AstroGlobal, 'params' | 'request' | 'response' | 'rewrite' | 'locals'>;

/**
 * The endpoint the page's `:id` names; when there is none, the answer instead: a 404 problem to a
 * POST (a rewrite would replay a body that is read by then), the not-found page to a GET.
 */
export async function loadEndpointOfPage(page: EndpointPage, db: Database): Promise<WebhookEndpoint | Response> {
  const id = parseWebhookId(page.params.id);
  const endpoint = id === undefined ? undefined : await getEndpoint(db, id);
  if (endpoint) return endpoint;
  if (page.request.method === 'POST') return problem(404, 'NOT_FOUND', page.locals.t('webhooks.error.NOT_FOUND'));
  return page.rewrite(paths.notFound(page.locals.locale));
}

/**
 * The endpoint form page's state: `initial` on a GET; on a POST, the redirect after a save, or the
 * posted values with their errors (answered with 422).
 */
export async function endpointFormStateOf(
  page: EndpointPage,
  db: Database,
  initial: EndpointFormState['values'],
  existing?: WebhookEndpoint,
): Promise<Response | EndpointFormState> {
  if (page.request.method !== 'POST') return { values: initial };
  const outcome = await submitEndpointForm(page.request, db, actorFromUser(page.locals.user!), page.locals.locale, existing);
  if (!(outcome instanceof Response)) page.response.status = 422;
  return outcome;
}

/** One of the detail screen's buttons (`intent` = ping, rotate, redeliver, delete). */
export async function submitEndpointAction(request: Request, db: Database, actor: Actor, locale: Locale, endpoint: WebhookEndpoint): Promise<Response> {
  const form = await readFormWithinLimit(request);
  if (form instanceof Response) return form;
  const back = (notice: WebhookNotice) => seeOther(paths.adminWebhook(locale, endpoint.id, new URLSearchParams({ notice })));
  switch (form.get('intent')) {
    case 'ping':
      await pingEndpoint(db, endpoint.id);
      return back('pinged');
    case 'rotate':
      await rotateSecret(db, actor, endpoint.id);
      return back('rotated');
    case 'delete':
      await deleteEndpoint(db, actor, endpoint.id);
      return seeOther(paths.adminWebhooks(locale, new URLSearchParams({ notice: 'deleted' })));
    case 'redeliver': {
      const deliveryId = parseWebhookId(String(form.get('delivery') ?? ''));
      const outcome = deliveryId === undefined ? 'not-found' : await redeliver(db, endpoint.id, deliveryId);
      return back(outcome === 'redelivered' ? 'redelivered' : 'in-flight');
    }
    default:
      return webhookProblem(request, 'INVALID_INTENT');
  }
}
