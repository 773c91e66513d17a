/**
 * Admin API routes whose problems are titled in the caller's language (`Accept-Language`), under
 * their stable codes (`admin.error.<code>`; an unknown code keeps its English title), with
 * `Retry-After` on a rate-limited answer.
 */
import type { APIContext } from 'astro';
import type { Locale } from '../../i18n/config.ts';
import { getStrings, getTranslator, type UiKey } from '../../i18n/index.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { requestLocale } from '../webhooks/http.ts';
import { authorize, problemOf, type AdminRequest } from './http.ts';

/** True when the locale's strings have `key`. */
function isUiKey(locale: Locale, key: string): key is UiKey {
  return Object.hasOwn(getStrings(locale), key);
}

/** The numeric extensions of a problem (`max`, `retryAfterSeconds`), for its sentence's placeholders. */
function numbersOf(extensions: Record<string, unknown> = {}): Record<string, number> {
  return Object.fromEntries(Object.entries(extensions).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** The problem+json of `error`, titled for `request`'s reader. */
export function localizedProblem(request: Request, error: AdminError): Response {
  const locale = requestLocale(request);
  const key = `admin.error.${error.code}`;
  const title = isUiKey(locale, key) ? getTranslator(locale)(key, numbersOf(error.details.extensions)) : error.message;
  const response = problemOf(new AdminError(error.status, error.code, title, error.details));
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
