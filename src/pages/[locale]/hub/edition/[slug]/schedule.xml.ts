/** GET /{locale}/hub/edition/{slug}/schedule.xml — the edition's schedule in frab's XML format, for conference apps. */
import type { APIRoute } from 'astro';
import { respondScheduleExport } from '../../../../../server/schedule-export/respond.ts';

export const GET: APIRoute = (context) => respondScheduleExport(context, 'xml');
