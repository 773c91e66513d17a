/** GET /robots.txt — crawl everything public, keep out of the admin and APIs, point at the sitemap. */
import type { APIRoute } from 'astro';
import { getSiteOrigin } from '../server/config/site-origin.ts';

export const GET: APIRoute = () => {
  const origin = getSiteOrigin();
  const body = ['User-agent: *', 'Disallow: /*/admin', 'Disallow: /api/', 'Disallow: /_actions/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
