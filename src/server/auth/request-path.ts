/**
 * The request path the gate and the route rules classify. Its own module: both `gate.ts` and
 * `permissions.ts` need it, and neither needs the other for it.
 */

/**
 * The path as the router sees it: percent-decoded, repeated slashes collapsed, no trailing
 * slash. Classifying the raw path would let `/en/%61dmin` slip past the gate.
 */
export function normalisePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: classify the raw path; the router will not match it either.
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}
