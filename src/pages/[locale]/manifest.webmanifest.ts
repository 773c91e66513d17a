/** GET /{locale}/manifest.webmanifest — the web app manifest of one locale, opening its home (decision 041). */
import type { APIRoute } from 'astro';
import { respondWithManifest } from '../../server/pwa/respond.ts';

export const GET: APIRoute = (context) => respondWithManifest(context, { localized: true });
