/**
 * POST /api/admin/translations/suggest/accept — a person accepts machine suggestions as they are:
 * { collection, id, locale, fields: [field] } → 204; those texts may then be saved and published
 * (docs/decisions/056).
 */
import type { APIRoute } from 'astro';
import { acceptSuggestionSchema } from '../../../../../lib/admin-schemas/translation-suggestions.ts';
import { readJsonBody } from '../../../../../server/admin/body.ts';
import { json } from '../../../../../server/admin/http.ts';
import { parseInput } from '../../../../../server/engine/validation.ts';
import { suggestionRoute } from '../../../../../server/translations/http.ts';
import { acceptSuggestions } from '../../../../../server/translations/suggestions.ts';

export const POST: APIRoute = (context) =>
  suggestionRoute(context, async (admin) => {
    await acceptSuggestions(admin.db, parseInput(acceptSuggestionSchema, await readJsonBody(context.request)));
    return json(null, 204);
  });
