/** Responses the auth pages and routes share. */

/** A 303 to `location` that also sets `cookies` (the session after signing in, up or out). */
export function redirectWithCookies(location: string, cookies: readonly string[]): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}
