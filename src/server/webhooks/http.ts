/**
 * The request side of `/api/admin/webhooks/**`: authorize with the route's declared permission,
 * read and validate JSON, answer problem+json whose title is in the caller's language
 * (`Accept-Language`, else English).
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';
import { defaultLocale, isLocale, type Locale } from '../../i18n/config.ts';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import { answer, authorize, type AdminRequest } from '../admin/http.ts';
import { readJsonWithinLimit } from '../http/body-limit.ts';
import { problem } from '../http/problem.ts';
import { destinationErrorsOf, fieldErrorsOf } from './schemas.ts';
import { getEndpoint, parseWebhookId, type WebhookEndpoint } from './service.ts';

export type WebhookErrorCode = 'VALIDATION_FAILED' | 'NOT_FOUND' | 'DELIVERY_NOT_FOUND' | 'IN_FLIGHT' | 'INVALID_INTENT';

const statusOf: Record<WebhookErrorCode, number> = { VALIDATION_FAILED: 400, NOT_FOUND: 404, DELIVERY_NOT_FOUND: 404, IN_FLIGHT: 409, INVALID_INTENT: 400 };

/** The first supported language the client accepts. */
export function requestLocale(request: Request): Locale {
  const accepted = (request.headers.get('accept-language') ?? '').split(',').map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLocale) ?? defaultLocale;
}

export function webhookProblem(request: Request, code: WebhookErrorCode, errors?: Record<string, string[]>): Response {
  const title = getTranslator(requestLocale(request))(`webhooks.error.${code}` as UiKey);
  return problem(statusOf[code], code, title, errors ? { errors } : {});
}

/** Runs an API route once the caller holds the route's permission. */
export function webhookRoute(context: APIContext, steps: (admin: AdminRequest) => Promise<Response>): Promise<Response> {
  return answer(async () => steps(await authorize(context)));
}

/** The route's endpoint, or the 404 to answer. */
export async function routeEndpoint(context: APIContext, admin: AdminRequest): Promise<WebhookEndpoint | Response> {
  const id = parseWebhookId(context.params['id']);
  const endpoint = id === undefined ? undefined : await getEndpoint(admin.db, id);
  return endpoint ?? webhookProblem(context.request, 'NOT_FOUND');
}

/** A JSON body validated by `schema`, or the 4xx to answer. */
export async function readValidJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S> | Response> {
  const read = await readJsonWithinLimit(request);
  if (read instanceof Response) return read;
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) return webhookProblem(request, 'VALIDATION_FAILED', fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** An endpoint body (create or patch) validated, its URL's destination included, or the 4xx to answer. */
export async function readEndpointJson<S extends z.ZodType<{ url?: string | undefined }>>(request: Request, schema: S): Promise<z.output<S> | Response> {
  const input = await readValidJson(request, schema);
  if (input instanceof Response) return input;
  const refused = await destinationErrorsOf(input);
  return refused ? webhookProblem(request, 'VALIDATION_FAILED', refused) : input;
}
