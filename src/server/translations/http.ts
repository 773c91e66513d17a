/**
 * The request side of `/api/admin/translations/suggest…` (docs/decisions/056): authorize like
 * editing, 404 `MACHINE_TRANSLATION_OFF` when no service is configured, a per-person limit, and
 * problems titled in the caller's language (`Accept-Language`) under their stable codes.
 */
import type { APIContext } from 'astro';
import type { AdminRequest } from '../admin/http.ts';
import { localizedRoute } from '../admin/localized.ts';
import { getEnv } from '../config/env.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { createSharedLimiter } from '../rate-limit/shared.ts';
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
export function suggestionRoute(context: APIContext, steps: (admin: AdminRequest) => Promise<Response>): Promise<Response> {
  return localizedRoute(context, steps);
}
