/**
 * Stands in for Astro's image endpoint (`/_image`), which a server build always routes: this site
 * serves its images itself (src/server/medias), so the endpoint answers 404 to everything rather
 * than fetching and converting whatever a query names.
 */
import type { APIRoute } from 'astro';
import { problem } from './problem.ts';

export const prerender = false;

export const ALL: APIRoute = () => problem(404, 'NOT_FOUND', 'Not found');
