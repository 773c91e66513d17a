/**
 * better-auth's own mechanisms for password reset, address verification, invitations and the
 * sign-up rules, wired to our mail, limits and invitations. auth.ts spreads these in.
 */
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { generateId, type BetterAuthPlugin } from 'better-auth';
import { z } from 'zod';
import { count } from 'drizzle-orm';
import { authUsers } from '../../../../db/auth-schema.ts';
import type { Database } from '../../../../db/client.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { countResetRequest, countSignUpAttempt } from '../account-limits.ts';
import { accountLocale, enqueueAccountCreatedMail, enqueueExistingAccountMail, enqueuePasswordResetMail, enqueueVerificationMail } from './account-mail.ts';
import { currentInvitation, currentLocale } from './account-context.ts';
import { runInAuthWrite } from './database.ts';
import { consumeInvitation } from './invitation-tokens.ts';
import { CLIENT_ADDRESS_HEADER } from './limit-hooks.ts';
import { logSignInRefusal } from './sign-in-refusals.ts';
import type { Role } from '../roles.ts';

export type SignUpMode = 'open' | 'closed' | 'invite-only';

export interface AccountOptions {
  db: Database;
  signUp: SignUpMode;
  /** HUB_VERIFY_EMAIL: a verification mail on sign-up; no role until verified. */
  verifyEmail: boolean;
  /** HUB_ADMIN_EMAILS + HUB_EDITOR_EMAILS: the operator's standing invitations (invite-only mode). */
  standingInvitations: readonly string[];
  /** True when HUB_ADMIN_EMAILS is set: then no first account is let in under invite-only. */
  adminsFromEnv: boolean;
  /** HUB_ADMIN_EMAILS: told, with the administrators' accounts, of a sign-up waiting for a role. */
  adminEmails: readonly string[];
}

/**
 * Under invite-only, who may still sign up without an invitation link: an address the operator
 * listed, and, on a database with no account and no listed administrator, the first account
 * (it becomes the admin who sends the invitations, as under `open`).
 */
async function mayJoinWithoutLink(options: AccountOptions, email: unknown): Promise<boolean> {
  if (typeof email === 'string' && options.standingInvitations.includes(email.trim().toLowerCase())) return true;
  if (options.adminsFromEnv) return false;
  const [row] = await options.db.select({ n: count() }).from(authUsers);
  return (row?.n ?? 0) === 0;
}

/** A reset link works for one hour, once. */
export const RESET_TOKEN_LIFETIME_SECONDS = 3600;
export const VERIFICATION_TOKEN_LIFETIME_SECONDS = 24 * 3600;

/** The form's rule for names, applied to the JSON API too. */
export const nameSchema = z.string({ error: 'NAME_REQUIRED' }).trim().min(1, 'NAME_REQUIRED').max(100, 'NAME_TOO_LONG');

/** `emailAndPassword` settings: no automatic sign-in (see `guardAccountRequest`), reset by mail. */
export function emailAndPasswordOptions({ db }: AccountOptions) {
  return {
    // Signing a new account in at once would tell a taken address apart from a free one.
    autoSignIn: false,
    resetPasswordTokenExpiresIn: RESET_TOKEN_LIFETIME_SECONDS,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, token }: { user: { id: string; email: string }; token: string }) => {
      // The account's language when known: a reset asked for from another language's page still
      // reaches its owner in theirs.
      await runInAuthWrite(db, async (tx) => enqueuePasswordResetMail(tx, user, token, await accountLocale(tx, user.id, currentLocale())));
    },
    onExistingUserSignUp: async ({ user }: { user: { id: string; email: string } }) => {
      await runInAuthWrite(db, async (tx) => enqueueExistingAccountMail(tx, user, await accountLocale(tx, user.id, currentLocale())));
    },
  };
}

/** `emailVerification` settings (active only with HUB_VERIFY_EMAIL). */
export function emailVerificationOptions({ db, verifyEmail }: AccountOptions) {
  return {
    sendOnSignUp: verifyEmail,
    // Verifying proves the address, not who opens the link: signing in stays a separate step
    // (a stranger's link must not replace the reader's session, nor skip a second factor).
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_TOKEN_LIFETIME_SECONDS,
    sendVerificationEmail: async ({ user, token }: { user: { id: string; email: string; emailVerified: boolean }; token: string }) => {
      // An accepted invitation proved the address already; without HUB_VERIFY_EMAIL nothing asks.
      if (user.emailVerified || !verifyEmail) return;
      await runInAuthWrite(db, async (tx) => enqueueVerificationMail(tx, user, token, await accountLocale(tx, user.id, currentLocale())));
    },
  };
}

interface HookContext {
  path: string;
  body?: unknown;
  headers?: Headers | undefined;
}

function refuse(status: 'BAD_REQUEST' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS', code: string, message: string, headers?: Record<string, string>): never {
  throw new APIError(status, { code, message }, headers);
}

async function guardSignUp(ctx: HookContext, options: AccountOptions, clientAddress: string) {
  const t = getTranslator(currentLocale());
  if (!currentInvitation()) {
    if (options.signUp === 'closed') refuse('BAD_REQUEST', 'EMAIL_PASSWORD_SIGN_UP_DISABLED', t('auth.signUp.closedMessage'));
    if (options.signUp === 'invite-only' && !(await mayJoinWithoutLink(options, (ctx.body as { email?: unknown } | undefined)?.email))) {
      refuse('FORBIDDEN', 'SIGN_UP_INVITE_ONLY', t('auth.signUp.inviteOnly'));
    }
    const verdict = await countSignUpAttempt(clientAddress);
    if (!verdict.allowed) {
      refuse('TOO_MANY_REQUESTS', 'TOO_MANY_SIGN_UPS', t('auth.signUp.tooMany'), { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
  }
  const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
  // A profile picture is never shown; accepting one would only store an attacker's URL.
  if (body.image !== undefined && body.image !== null) refuse('BAD_REQUEST', 'IMAGE_NOT_ALLOWED', t('auth.signUp.imageNotAllowed'));
  const name = nameSchema.safeParse(body.name);
  if (!name.success) refuse('BAD_REQUEST', name.error.issues[0]!.message, t(`auth.signUp.invalidName`));
  return { context: { body: { ...(ctx.body as object), name: name.data } } };
}

/** A profile change through the JSON API keeps the sign-up rules: a valid name, no picture. */
function guardProfileUpdate(ctx: HookContext) {
  const t = getTranslator(currentLocale());
  const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
  if (body.image !== undefined && body.image !== null) refuse('BAD_REQUEST', 'IMAGE_NOT_ALLOWED', t('auth.profile.imageNotAllowed'));
  if (body.name === undefined) return undefined;
  const name = nameSchema.safeParse(body.name);
  if (!name.success) refuse('BAD_REQUEST', name.error.issues[0]!.message, t('auth.signUp.invalidName'));
  return { context: { body: { ...(ctx.body as object), name: name.data } } };
}

/**
 * Runs before better-auth handles a request: limits and rules of sign-up, profile and reset requests.
 * Returns a changed context for better-auth (the trimmed name) or nothing.
 */
export async function guardAccountRequest(ctx: HookContext, options: AccountOptions, clientAddress: string) {
  if (ctx.path === '/sign-up/email') return guardSignUp(ctx, options, clientAddress);
  if (ctx.path === '/update-user') return guardProfileUpdate(ctx);
  // Both send a mail to the address given: limited alike, per address and per client.
  if (ctx.path === '/request-password-reset' || ctx.path === '/send-verification-email') {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    const verdict = await countResetRequest(typeof email === 'string' ? email : '', clientAddress);
    if (!verdict.allowed) {
      logSignInRefusal(ctx.path === '/request-password-reset' ? 'RESET_LIMITED' : 'VERIFICATION_MAIL_LIMITED', email, clientAddress);
      const t = getTranslator(currentLocale());
      refuse('TOO_MANY_REQUESTS', 'TOO_MANY_RESET_REQUESTS', t('auth.reset.tooMany'), { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
  }
  return undefined;
}

interface NewUser {
  email: string;
  name: string;
  createdAt: Date;
  emailVerified?: boolean;
}

/**
 * Inside the sign-up's transaction, for a user about to be created: the invitation it accepts
 * (its role, a verified address, consumed once) or the mail saying the account was created.
 */
export async function prepareInvitedOrNewUser(
  user: NewUser,
  options: AccountOptions,
): Promise<{ id?: string; role?: Role; editions?: string | null; emailVerified?: boolean } | null> {
  const invitation = currentInvitation();
  if (invitation) {
    if (invitation.email !== user.email.toLowerCase()) refuse('BAD_REQUEST', 'INVITATION_INVALID', 'The invitation is for another address');
    const id = generateId();
    const consumed = await runInAuthWrite(options.db, (tx) => consumeInvitation(tx, invitation.id, id, user.email));
    if (!consumed) refuse('BAD_REQUEST', 'INVITATION_INVALID', 'The invitation was used, revoked or has expired');
    return { id, role: invitation.role, editions: invitation.editions, emailVerified: true };
  }
  // With verification on, the verification mail is the one that tells what happened.
  if (!options.verifyEmail) await runInAuthWrite(options.db, (tx) => enqueueAccountCreatedMail(tx, user, currentLocale()));
  return null;
}

const guardedPaths: ReadonlySet<string> = new Set(['/sign-up/email', '/update-user', '/request-password-reset', '/send-verification-email']);

/**
 * `guardAccountRequest` as a better-auth plugin hook, so it runs beside the password limiter's
 * `hooks` (limit-hooks.ts) without either wrapping the other.
 */
export function accountGuardPlugin(options: AccountOptions) {
  return {
    id: 'hub-account-guard',
    hooks: {
      before: [
        {
          matcher: (context: { path?: string }) => guardedPaths.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => guardAccountRequest(ctx, options, ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown')),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
