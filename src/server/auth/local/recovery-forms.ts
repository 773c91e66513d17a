/**
 * The no-JavaScript forms of password reset, invitation acceptance and address verification:
 * each posts to its own page and comes back with codes the page translates (like forms.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { authInvitations, authUsers } from '../../../../db/auth-schema.ts';
import type { Database } from '../../../../db/client.ts';
import { isLocale, type Locale } from '../../../i18n/config.ts';
import { withAccountContext } from './account-context.ts';
import { nameSchema } from './account-hooks.ts';
import type { LocalAuth } from './auth.ts';
import { callHeaders, email, fromAuthError, invalidInput, newPasswordSchema, text, type FormOutcome, type FormSubmission } from './forms.ts';
import { findInvitationByToken, type Invitation } from './invitation-tokens.ts';

type Failure = Extract<FormOutcome, { ok: false }>;

const failure = (status: number, code: Failure['code'], values: Failure['values'] = {}): Failure => ({ ok: false, status, code, fieldErrors: {}, values });

const newPasswordForm = z
  .object({ password: newPasswordSchema, passwordConfirmation: z.string().optional() })
  .refine((form) => form.password === form.passwordConfirmation, { path: ['passwordConfirmation'], message: 'PASSWORD_MISMATCH' });

/** Asks for a reset link. Succeeds the same way whether or not the address has an account. */
export async function submitForgotPassword({ auth, form, request, clientAddress, locale = 'en' }: FormSubmission): Promise<FormOutcome> {
  const values = { email: text(form, 'email')?.trim() };
  const parsed = z.object({ email }).safeParse({ email: text(form, 'email') });
  if (!parsed.success) return invalidInput(parsed.error, values);
  try {
    await withAccountContext({ locale }, () =>
      auth.api.requestPasswordReset({ body: { email: parsed.data.email }, headers: callHeaders(request, clientAddress) }),
    );
    return { ok: true, setCookies: [] };
  } catch (error) {
    return fromAuthError(error, values);
  }
}

/** True while a reset token is unused and unexpired (the page shows the form, else why not). */
export async function isResetTokenUsable(auth: LocalAuth, token: string | null): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}

/** Sets the new password (once per token); better-auth ends the account's sessions. */
export async function submitResetPassword(submission: FormSubmission & { token: string }): Promise<FormOutcome> {
  const { auth, form, request, clientAddress, token } = submission;
  const parsed = newPasswordForm.safeParse({ password: text(form, 'password'), passwordConfirmation: text(form, 'passwordConfirmation') });
  if (!parsed.success) return invalidInput(parsed.error, {});
  try {
    await auth.api.resetPassword({ body: { newPassword: parsed.data.password, token }, headers: callHeaders(request, clientAddress) });
    return { ok: true, setCookies: [] };
  } catch (error) {
    return fromAuthError(error, {});
  }
}

/** The invitation of a link, when it can still be accepted; otherwise why not. */
export async function openInvitation(
  db: Database,
  token: string | null,
): Promise<{ ok: true; invitation: Invitation } | { ok: false; status: 404 | 409 | 410; code: 'INVITATION_INVALID' | 'ACCOUNT_EXISTS' }> {
  const invitation = token ? await findInvitationByToken(db, token) : undefined;
  if (!invitation) return { ok: false, status: 404, code: 'INVITATION_INVALID' };
  if (invitation.status !== 'pending') return { ok: false, status: 410, code: 'INVITATION_INVALID' };
  const [account] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, invitation.email)).limit(1);
  if (account) return { ok: false, status: 409, code: 'ACCOUNT_EXISTS' };
  return { ok: true, invitation };
}

/**
 * Creates the invited account (its role, a verified address), consumes the invitation in the
 * same transaction, and signs it in: on success, the session cookies to set.
 */
export async function submitInvitationAcceptance(submission: FormSubmission & { db: Database; invitation: Invitation; locale: Locale }): Promise<FormOutcome> {
  const { auth, db, form, request, clientAddress, invitation, locale } = submission;
  const values = { name: text(form, 'name')?.trim(), email: invitation.email };
  const parsed = z.object({ name: nameSchema, password: newPasswordSchema }).safeParse({ name: text(form, 'name'), password: text(form, 'password') });
  if (!parsed.success) return invalidInput(parsed.error, values);
  const headers = callHeaders(request, clientAddress);
  const accepted = { id: invitation.id, email: invitation.email, role: invitation.role, editions: invitation.editions };
  try {
    // The account speaks the invitation's language until its owner signs in elsewhere or chooses.
    await withAccountContext({ locale, accountLocale: isLocale(invitation.locale) ? invitation.locale : locale, invitation: accepted }, () =>
      auth.api.signUpEmail({ body: { name: parsed.data.name, email: invitation.email, password: parsed.data.password }, headers }),
    );
  } catch (error) {
    return fromAuthError(error, values);
  }
  // An account made meanwhile for this address got the generic answer: nothing was accepted.
  const [row] = await db.select({ acceptedAt: authInvitations.acceptedAt }).from(authInvitations).where(eq(authInvitations.id, invitation.id));
  if (!row?.acceptedAt) return failure(409, 'ACCOUNT_EXISTS', values);
  try {
    const signedIn = await auth.api.signInEmail({
      body: { email: invitation.email, password: parsed.data.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, setCookies: signedIn.headers.getSetCookie() };
  } catch (error) {
    return fromAuthError(error, values);
  }
}

/**
 * Confirms an address from the link in the mail, without signing anyone in or out: true when the
 * address is now verified. The reader's cookies are not passed on, so the session of whoever
 * opens the link (perhaps someone else's) is neither used nor replaced.
 */
export async function verifyEmailToken(auth: LocalAuth, token: string | null): Promise<boolean> {
  if (!token || token.length > 4000) return false;
  try {
    await auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    if (isAPIError(error)) return false;
    throw error;
  }
}

/** True when HUB_VERIFY_EMAIL holds back this account's role until its address is confirmed. */
export async function isAwaitingVerification(db: Database, userId: string, verifyEmail: boolean): Promise<boolean> {
  if (!verifyEmail) return false;
  const [row] = await db.select({ verified: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  return row?.verified === false;
}
