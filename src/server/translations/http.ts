/**
 * The request side of `/api/admin/translations/suggest…` (docs/decisions/056): authorize like
 * editing, 404 `MACHINE_TRANSLATION_OFF` when no service is configured, a per-person limit, and
 * problems titled in the caller's language (`Accept-Language`) under their stable codes.
 */
import type { APIContext } from 'astro';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import { authorize, problemOf, type AdminRequest } from '../admin/http.ts';
import { getEnv } from '../config/env.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { createSharedLimiter } from '../rate-limit/shared.ts';
import { requestLocale } from '../webhooks/http.ts';
import { translatorFor, type Translate } from './machine-translation.ts';

/** Suggestions one person may ask for per minute: a form's Suggest, pressed again and again, stays far below. */
const suggestLimiter = createSharedLimiter('translation-suggestions', { limit: 30, windowMs: 60_000 });

/** The configured service, or 404 when none is (the form shows no "Suggest" then). */
export function configuredTranslator(): Translate {
  const config = getEnv().MACHINE_TRANSLATION;
  if (!config) throw new AdminError(404, 'MACHINE_TRANSLATION_OFF', 'No machine translation service is configured');
  return translatorFor(config);
}

/** Counts one suggestion for the actor; 429 with `Retry-After` past the limit. */
export async function countSuggestion(admin: AdminRequest): Promise<void> {
  const verdict = await suggestLimiter.count(admin.actor.id);
  if (!verdict.allowed) {
    throw new AdminError(429, 'SUGGESTIONS_RATE_LIMITED', 'Too many suggestions asked for; try again in a minute', {
      extensions: { retryAfterSeconds: verdict.retryAfterSeconds },
    });
  }
}

/** Runs a suggestion route: typed failures become problem+json titled in the caller's language. */
export async function suggestionRoute(context: APIContext, steps: (admin: AdminRequest) => Promise<Response>): Promise<Response> {
  try {
    return await steps(await authorize(context));
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    const t = getTranslator(requestLocale(context.request));
    const key = `admin.error.${error.code}` as UiKey;
    const title = t(key);
    const localized = title === key ? error : new AdminError(error.status, error.code, title, error.details);
    const response = problemOf(localized);
    const retryAfter = error.details.extensions?.['retryAfterSeconds'];
    if (typeof retryAfter === 'number') response.headers.set('Retry-After', String(retryAfter));
    return response;
  }
}
