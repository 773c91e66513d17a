/**
 * GET /api/public/v1/{resource}/{idOrSlug}?locale= — one published item by numeric id or slug
 * (404 otherwise); OPTIONS answers CORS preflights. Decision 032.
 */
import type { APIRoute } from 'astro';
import { answerItem, answerOtherMethod } from '../../../../../server/public-api/handlers.ts';
import { preflight } from '../../../../../server/public-api/respond.ts';

export const GET: APIRoute = (context) => answerItem(context);
export const OPTIONS: APIRoute = () => preflight();
export const ALL: APIRoute = (context) => answerOtherMethod(context);
