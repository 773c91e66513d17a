/** Which requests answer errors as `application/problem+json` rather than an HTML page. */

const MACHINE_PATHS = [/^\/api(\/|$)/, /^\/monitoring\/?$/];

/** True for API endpoints and the monitoring tunnel: callers are programs, not visitors. */
export function isMachinePath(pathname: string): boolean {
  return MACHINE_PATHS.some((pattern) => pattern.test(pathname));
}
