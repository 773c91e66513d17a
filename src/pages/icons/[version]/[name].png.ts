/** GET /icons/{version}/{name}.png — the app's icons, drawn from the site's logo (decision 041). */
import type { APIRoute } from 'astro';
import { respondWithIcon } from '../../../server/pwa/respond.ts';

export const GET: APIRoute = (context) => respondWithIcon(context);
