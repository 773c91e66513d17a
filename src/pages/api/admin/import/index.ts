/**
 * POST /api/admin/import — an import into an edition from CSV, iCalendar or frab XML/JSON
 * (docs/decisions/034), as JSON `{ editionId, content, dryRun, … }` or multipart/form-data with a
 * `file` part. `dryRun` (the default): 200 with the plan, row by row; else the plan is applied in
 * one transaction: 201 with `{ created, updated, events }`, 422 `IMPORT_HAS_ERRORS` while a row
 * has errors. 413 `IMPORT_TOO_LARGE` / `IMPORT_TOO_MANY_ROWS` past the limits.
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { answer, authorize, invalidateAfterWrite, json } from '../../../../server/admin/http.ts';
import { readImportRequest } from '../../../../server/import/request.ts';
import { runImport } from '../../../../server/import/service.ts';

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor } = await authorize(context);
    const input = await readImportRequest(context.request);
    const outcome = await runImport(db, actor, input);
    if (outcome.dryRun) return json(outcome.body);
    invalidateAfterWrite(context, outcome);
    return json({ dryRun: false, format: outcome.format, ...outcome.body }, 201);
  });
