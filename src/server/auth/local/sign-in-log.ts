/**
 * A better-auth plugin that logs wrong passwords and refused second factors, one line each
 * (sign-in-refusals.ts); refusals by our own limiters are logged where they refuse.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { CLIENT_ADDRESS_HEADER } from './limit-hooks.ts';
import { logSignInRefusal, type SignInRefusal } from './sign-in-refusals.ts';

const twoFactorPaths: ReadonlySet<string> = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp']);

const twoFactorReasons: Record<string, SignInRefusal> = {
  INVALID_CODE: 'TWO_FACTOR_WRONG',
  INVALID_BACKUP_CODE: 'TWO_FACTOR_WRONG',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_TOO_MANY_ATTEMPTS',
  ACCOUNT_TEMPORARILY_LOCKED: 'TWO_FACTOR_LOCKED',
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_CHALLENGE_EXPIRED',
};

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const clientOf = (ctx: HookContext) => ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';

// The account a second-factor request is for, read before the plugin may consume the challenge.
const challengedEmail = new WeakMap<object, string>();

/** The address of the account whose pending sign-in (the signed `two_factor` cookie) this is. */
async function emailOfChallenge(ctx: HookContext): Promise<string | undefined> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret).catch(() => null);
  if (!identifier) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!verification) return undefined;
  return (await ctx.context.internalAdapter.findUserById(verification.value))?.email;
}

/** Logs wrong passwords and refused second factors (refusals by our limiters log where they refuse). */
export const signInLogPlugin = {
  id: 'hub-sign-in-log',
  hooks: {
    before: [
      {
        matcher: (context: { path?: string }) => twoFactorPaths.has(context.path ?? ''),
        handler: createAuthMiddleware(async (ctx) => {
          const email = await emailOfChallenge(ctx).catch(() => undefined);
          if (email) challengedEmail.set(ctx.context, email);
        }),
      },
    ],
    after: [
      {
        matcher: (context: { path?: string }) => context.path === '/sign-in/email' || twoFactorPaths.has(context.path ?? ''),
        handler: createAuthMiddleware(async (ctx) => {
          const returned = ctx.context.returned;
          if (!isAPIError(returned)) return;
          const code = (returned.body as { code?: string } | undefined)?.code ?? '';
          if (ctx.path === '/sign-in/email') {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (returned.statusCode === 401) logSignInRefusal('BAD_CREDENTIALS', email, clientOf(ctx));
            else if (code === 'EMAIL_NOT_VERIFIED') logSignInRefusal('EMAIL_NOT_VERIFIED', email, clientOf(ctx));
            return;
          }
          const reason = twoFactorReasons[code];
          if (reason) logSignInRefusal(reason, challengedEmail.get(ctx.context) ?? '', clientOf(ctx));
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;
