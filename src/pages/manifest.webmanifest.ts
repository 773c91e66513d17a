/** GET /manifest.webmanifest — the web app manifest in the default locale, opening `/` (decision 041). */
import type { APIRoute } from 'astro';
import { respondWithManifest } from '../server/pwa/respond.ts';

export const GET: APIRoute = (context) => respondWithManifest(context, { localized: false });
