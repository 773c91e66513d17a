/** GET /api/public/v1/openapi.json — the public API's OpenAPI 3.1 document (decision 032). */
import type { APIRoute } from 'astro';
import { answerOpenApi, answerOtherMethod } from '../../../../server/public-api/handlers.ts';
import { preflight } from '../../../../server/public-api/respond.ts';

export const GET: APIRoute = (context) => answerOpenApi(context);
export const OPTIONS: APIRoute = () => preflight();
export const ALL: APIRoute = (context) => answerOtherMethod(context);
