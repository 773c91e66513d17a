/**
 * What "Retry now" tells the page it returns to: a query flag the redirect adds (`?retry=done`
 * or `?retry=refused`), so the answer survives the POST → redirect → GET without JavaScript.
 */
import type { RetryOutcome } from './admin.ts';

export type RetryNotice = 'retried' | 'refused';

/** The notice a page should show, from its query string. */
export function readRetryNotice(search: URLSearchParams): RetryNotice | undefined {
  const value = search.get('retry');
  return value === 'done' ? 'retried' : value === 'refused' ? 'refused' : undefined;
}

/**
 * Where the retry form's POST redirects: `returnTo` when it is a path of the Sent mail view of
 * this locale (never another site or page), else the message's own page; with the notice flag.
 */
export function retryRedirect(returnTo: unknown, fallback: string, mailPath: string, outcome: Exclude<RetryOutcome, 'not-found'>): string {
  let target = fallback;
  if (typeof returnTo === 'string' && returnTo.startsWith(mailPath) && /^\/[a-z]{2}\/admin\/mail(?:\/\d+)?(?:\?[\w=&%.-]*)?$/.test(returnTo)) target = returnTo;
  const url = new URL(target, 'http://localhost');
  url.searchParams.delete('retry');
  url.searchParams.set('retry', outcome === 'retried' ? 'done' : 'refused');
  return `${url.pathname}${url.search}`;
}
