/**
 * POST /api/admin/translations/suggest — machine translation suggestions for an item's empty
 * fields: { collection, id, from, to, fields: { field: source text } } → { suggestions }.
 * Nothing is saved but the marks that keep the suggestions from being stored unreviewed
 * (docs/decisions/056). 404 when no service is configured; 502/503 when the service fails.
 */
import type { APIRoute } from 'astro';
import { suggestTranslationSchema } from '../../../../lib/admin-schemas/translation-suggestions.ts';
import { readJsonBody } from '../../../../server/admin/body.ts';
import { json } from '../../../../server/admin/http.ts';
import { parseInput } from '../../../../server/engine/validation.ts';
import { configuredTranslator, countSuggestion, suggestionRoute } from '../../../../server/translations/http.ts';
import { suggestTranslations } from '../../../../server/translations/suggestions.ts';

export const POST: APIRoute = (context) =>
  suggestionRoute(context, async (admin) => {
    const translate = configuredTranslator();
    const body = parseInput(suggestTranslationSchema, await readJsonBody(context.request));
    await countSuggestion(admin);
    return json(await suggestTranslations(admin.db, translate, body));
  });
