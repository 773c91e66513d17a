/**
 * Admin API routes whose problems are titled in the caller's language (`Accept-Language`), under
 * their stable codes (`admin.error.<code>`; an unknown code keeps its English title), with
 * `Retry-After` on a rate-limited answer.
 */
import type { APIContext } from 'astro';
import { getStrings, getTranslator, type UiKey } from '../../i18n/index.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { requestLocale } from '../webhooks/http.ts';
import { authorize, problemOf, type AdminRequest } from './http.ts';

/** The problem+json of `error`, titled for `request`'s reader. */
export function localizedProblem(request: Request, error: AdminError): Response {
  const locale = requestLocale(request);
  const isKey = (key: string): key is UiKey => Object.hasOwn(getStrings(locale), key);
  const key = `admin.error.${error.code}`;
  const response = problemOf(isKey(key) ? new AdminError(error.status, error.code, getTranslator(locale)(key), error.details) : error);
  const retryAfter = error.details.extensions?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') response.headers.set('Retry-After', String(retryAfter));
  return response;
}

/** Runs an admin route once the caller holds the route's permission; typed failures become localized problems. */
export async function localizedAdminRoute(context: APIContext, steps: (admin: AdminRequest) => Promise<Response>): Promise<Response> {
  try {
    return await steps(await authorize(context));
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    return localizedProblem(context.request, error);
  }
}
