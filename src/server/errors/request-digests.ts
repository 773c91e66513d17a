/**
 * Hands the digest from the error middleware to `src/pages/500.astro`. Astro renders the 500 page
 * for the same `Request` object, so a WeakMap keyed by it needs no cleanup and no globals on locals.
 */

const digests = new WeakMap<Request, string>();

/** Remembers the digest reported while handling `request`. */
export function rememberRequestDigest(request: Request, digest: string): void {
  digests.set(request, digest);
}

/** The digest reported while handling `request`, if any. */
export function getRequestDigest(request: Request): string | undefined {
  return digests.get(request);
}
