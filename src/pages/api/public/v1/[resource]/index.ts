/**
 * GET /api/public/v1/{events|editions|curators|organizers|venues|tags}?locale=&limit=&cursor=…
 * — one page of published items (events take every hub filter); OPTIONS answers CORS preflights.
 * Decision 032; the OpenAPI document is at /api/public/v1/openapi.json.
 */
import type { APIRoute } from 'astro';
import { answerList, answerOtherMethod } from '../../../../../server/public-api/handlers.ts';
import { preflight } from '../../../../../server/public-api/respond.ts';

export const GET: APIRoute = (context) => answerList(context);
export const OPTIONS: APIRoute = () => preflight();
export const ALL: APIRoute = (context) => answerOtherMethod(context);
