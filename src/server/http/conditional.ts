/** Conditional requests: the one `If-None-Match` comparison every cached response uses. */

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * True when an `If-None-Match` header is `*` or lists `etag` by weak comparison (RFC 9110
 * §13.1.2: `W/"x"` matches `"x"`), which is the comparison If-None-Match requires. `variants`
 * lists other tags that stand for the same content (the page cache tags each encoding apart).
 */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string, variants: readonly string[] = []): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const accepted = new Set([etag, ...variants].map(opaque));
  return header.split(',').some((candidate) => accepted.has(opaque(candidate)));
}
