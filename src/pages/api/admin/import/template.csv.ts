/** GET /api/admin/import/template.csv — the CSV import template: every column, one example row in each locale. */
import type { APIRoute } from 'astro';
import { answer, authorize } from '../../../../server/admin/http.ts';
import { csvTemplate } from '../../../../server/import/csv.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    await authorize(context);
    return new Response(csvTemplate(), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="edition-hub-import-template.csv"',
        'Cache-Control': 'private, no-store',
      },
    });
  });
