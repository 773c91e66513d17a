/**
 * GET|POST /api/auth/*: better-auth's own endpoints for local accounts (JSON API: sign-in/email,
 * sign-up/email, sign-out, get-session, …). 404 when Clerk is the active adapter. The sign-in
 * limiter needs the real client address, so it is passed in a header we set (and overwrite).
 * Sign-up answers the same for a new and a taken address (no session; the mail says which).
 */
import type { APIRoute } from 'astro';
import { getAuthMode } from '../../../server/auth/mode.ts';
import { bufferRequest, MAX_SMALL_BODY_BYTES } from '../../../server/http/body-limit.ts';
import { clientAddressOf } from '../../../server/http/client-address.ts';
import { problem } from '../../../server/http/problem.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request, url, clientAddress }) => {
  if (getAuthMode().kind !== 'local') return problem(404, 'NOT_FOUND', 'Not found');
  const [{ getLocalAuth, isSecureRequest }, { CLIENT_ADDRESS_HEADER }, { localeOfReferer, refererLocale, withAccountContext }] = await Promise.all([
    import('../../../server/auth/local/instance.ts'),
    import('../../../server/auth/local/auth.ts'),
    import('../../../server/auth/local/account-context.ts'),
  ]);
  const auth = await getLocalAuth(isSecureRequest(url));
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddressOf(request, clientAddress));
  // better-auth reads the whole body itself: hand it a copy read within the limit (else 413),
  // declared JSON like every JSON endpoint's (else 415).
  const limited = await bufferRequest(request, MAX_SMALL_BODY_BYTES, { headers, json: true });
  if (limited instanceof Response) return limited;
  // Mail caused by this call (reset, verification) speaks the language of the page it came from.
  // A localized page's call also sets the language of the account it signs in or creates.
  return withAccountContext({ locale: localeOfReferer(request), accountLocale: refererLocale(request) }, () => auth.handler(limited));
};
