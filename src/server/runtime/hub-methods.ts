/**
 * Methods the public pages answer. Hub pages are read-only (GET, HEAD); the contact page also
 * takes its form's POST (an Astro Action). Anything else gets 405 with `Allow` before rendering,
 * so no page runs (or decides caching) for a method it does not serve.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { locales } from '../../i18n/config.ts';

const LOCALE = `(?:${locales.join('|')})`;
// Embeds (decision 027) are read-only pages too.
const HUB_PAGE = new RegExp(`^/${LOCALE}(?:/hub(?:/.*)?|/embed/.+)?/?$`);
const CONTACT_PAGE = new RegExp(`^/${LOCALE}/hub/contact/?$`);

/** The methods `path` answers, or null when it is not a public hub page. */
export function allowedMethodsOf(path: string): readonly string[] | null {
  if (!HUB_PAGE.test(path)) return null;
  return CONTACT_PAGE.test(path) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}

/** Answers 405 when `req` is a method its hub page does not serve; false when it may go on. */
export function refuseOtherMethods(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const allowed = allowedMethodsOf(path);
  if (!allowed || allowed.includes(req.method ?? 'GET')) return false;
  res.writeHead(405, {
    allow: allowed.join(', '),
    'content-type': 'application/problem+json; charset=utf-8',
    'cache-control': 'private, no-store',
  });
  res.end(JSON.stringify({ type: 'about:blank#METHOD_NOT_ALLOWED', title: 'Method not allowed', status: 405, code: 'METHOD_NOT_ALLOWED' }));
  return true;
}
