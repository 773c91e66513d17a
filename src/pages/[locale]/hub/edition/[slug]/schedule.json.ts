/** GET /{locale}/hub/edition/{slug}/schedule.json — the edition's schedule in frab's JSON format, for conference apps. */
import type { APIRoute } from 'astro';
import { respondScheduleExport } from '../../../../../server/schedule-export/respond.ts';

export const GET: APIRoute = (context) => respondScheduleExport(context, 'json');
