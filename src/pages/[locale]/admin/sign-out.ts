/**
 * POST /{locale}/admin/sign-out: ends the local session server-side (the row is deleted, so the
 * old cookie is worthless even if kept) and goes to the sign-in page. Under Clerk the session is
 * Clerk's: the admin shell signs out with Clerk's <SignOutButton>, and this just leaves.
 */
import type { APIRoute } from 'astro';
import { paths } from '../../../lib/paths.ts';
import { getAuthMode } from '../../../server/auth/mode.ts';
import { redirectWithCookies } from '../../../server/auth/responses.ts';
import { refuseOversizeBody } from '../../../server/http/body-limit.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request, url }) => {
  const tooLarge = await refuseOversizeBody(request);
  if (tooLarge) return tooLarge;
  const signedOutPage = `${paths.adminSignIn(locals.locale)}?signed_out=1`;
  if (getAuthMode().kind !== 'local' || !locals.user) return redirectWithCookies(signedOutPage, []);
  const { getLocalAuth, isSecureRequest } = await import('../../../server/auth/local/instance.ts');
  const auth = await getLocalAuth(isSecureRequest(url));
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return redirectWithCookies(signedOutPage, headers.getSetCookie());
};
