/**
 * Cross-site request refusal for the admin and auth endpoints. Cookies are SameSite=Lax, which
 * already keeps them off cross-site POSTs from modern browsers; requiring a matching `Origin` on
 * every state-changing request also covers older browsers, same-site attackers on sibling
 * subdomains, and Clerk's cookies, whose attributes we do not control. A missing `Origin` is
 * refused too: browsers always send it on these methods, so only non-browser clients lack it,
 * and those can send it.
 */

export const stateChangingMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when `method` may change state and so needs a same-origin `Origin` header. */
export function isStateChanging(method: string): boolean {
  return stateChangingMethods.has(method.toUpperCase());
}

/**
 * True when the `Origin` header names this site: the configured public origin (PUBLIC_SITE_URL)
 * when there is one, and only it (the request's own origin is built from the client's Host
 * header); without one, the origin the request was addressed to (a local demo on any name).
 */
export function isSameOriginRequest(originHeader: string | null, requestUrl: URL, configured?: string): boolean {
  if (!originHeader || originHeader === 'null') return false;
  let origin: string;
  try {
    origin = new URL(originHeader).origin;
  } catch {
    return false;
  }
  return origin === (configured ? new URL(configured).origin : requestUrl.origin);
}
