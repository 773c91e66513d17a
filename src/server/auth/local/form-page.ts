/**
 * The POST half of the local sign-in, sign-up and forgot-password pages: the form read within the
 * body limit, handed with the local auth to the page's submit function; a failure sets the page's
 * status (and Retry-After when a limit was hit) for the form to re-render with its errors.
 */
import type { AstroGlobal } from 'astro';
import { readFormWithinLimit } from '../../http/body-limit.ts';
import { clientAddressOf } from '../../http/client-address.ts';
import type { FormOutcome, FormSubmission } from './forms.ts';

/** What the auth pages read of `Astro`. */
type AuthFormPage = Pick<AstroGlobal, 'request' | 'url' | 'clientAddress' | 'response' | 'locals'>;

/** Posts the page's form to `submit`; a 413 answer when the body is over the limit. */
export async function postLocalAuthForm(page: AuthFormPage, submit: (submission: FormSubmission) => Promise<FormOutcome>): Promise<Response | FormOutcome> {
  const form = await readFormWithinLimit(page.request);
  if (form instanceof Response) return form;
  // Loaded on a POST only: under Clerk these pages never open the local auth.
  const { getLocalAuth, isSecureRequest } = await import('./instance.ts');
  const outcome = await submit({
    auth: await getLocalAuth(isSecureRequest(page.url)),
    form,
    request: page.request,
    clientAddress: clientAddressOf(page.request, page.clientAddress),
    locale: page.locals.locale,
  });
  if (!outcome.ok) {
    page.response.status = outcome.status;
    if (outcome.retryAfterSeconds) page.response.headers.set('Retry-After', String(outcome.retryAfterSeconds));
  }
  return outcome;
}
