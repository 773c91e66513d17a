/**
 * better-auth hooks that put password guesses through our limiter (../rate-limit.ts): sign-in
 * per (account, client), and every endpoint where a signed-in session confirms its password per
 * account. The client address comes in a header only our code sets (CLIENT_ADDRESS_HEADER).
 */
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { logSignInRefusal } from './sign-in-refusals.ts';
import { checkPasswordConfirmation, checkSignInAttempt, recordPasswordConfirmation, recordSignInOutcome, type LimitVerdict } from '../rate-limit.ts';

/** Header carrying the client address into better-auth; set by our code, never by the client. */
export const CLIENT_ADDRESS_HEADER = 'x-hub-client-address';

const SIGN_IN_PATH = '/sign-in/email';

/** Endpoints that check the signed-in account's password (each answers INVALID_PASSWORD). */
export const passwordConfirmationPaths: ReadonlySet<string> = new Set([
  '/verify-password',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function clientAddressOf(headers: Headers | undefined): string {
  return headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

function refuse(verdict: Extract<LimitVerdict, { allowed: false }>): never {
  throw new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed password attempts; try again later' },
    { 'Retry-After': String(verdict.retryAfterSeconds) },
  );
}

// The account whose password a request confirms, from the before hook to the after hook: the
// endpoint may replace the session (two-factor on/off), so the after hook cannot look it up again.
const confirmingUser = new WeakMap<object, string>();

async function beforePasswordConfirmation(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (!session) return; // the endpoint answers 401 itself
  confirmingUser.set(ctx.context, session.user.id);
  const verdict = await checkPasswordConfirmation({ userId: session.user.id, clientAddress: clientAddressOf(ctx.headers) });
  if (!verdict.allowed) refuse(verdict);
}

async function afterPasswordConfirmation(ctx: HookContext): Promise<void> {
  const userId = confirmingUser.get(ctx.context);
  if (!userId) return;
  const returned = ctx.context.returned;
  const code = isAPIError(returned) ? (returned.body as { code?: string } | undefined)?.code : undefined;
  // Only a verdict on the password counts; other refusals say nothing about it.
  if (isAPIError(returned) && code !== 'INVALID_PASSWORD') return;
  await recordPasswordConfirmation({ userId, clientAddress: clientAddressOf(ctx.headers) }, !isAPIError(returned));
}

/** The `hooks` option of the better-auth instance. */
export const limitHooks = {
  before: createAuthMiddleware(async (ctx) => {
    if (ctx.path === SIGN_IN_PATH) {
      const verdict = await checkSignInAttempt({ email: emailOf(ctx.body), clientAddress: clientAddressOf(ctx.headers) });
      if (!verdict.allowed) {
        logSignInRefusal('LOCKED_OUT', emailOf(ctx.body), clientAddressOf(ctx.headers));
        refuse(verdict);
      }
      return;
    }
    if (passwordConfirmationPaths.has(ctx.path)) await beforePasswordConfirmation(ctx);
  }),
  after: createAuthMiddleware(async (ctx) => {
    if (passwordConfirmationPaths.has(ctx.path)) return afterPasswordConfirmation(ctx);
    if (ctx.path !== SIGN_IN_PATH) return;
    const returned = ctx.context.returned;
    // Only a verdict on the credentials counts; a malformed request says nothing about them.
    if (isAPIError(returned) && returned.statusCode !== 401) return;
    await recordSignInOutcome({ email: emailOf(ctx.body), clientAddress: clientAddressOf(ctx.headers) }, !isAPIError(returned));
  }),
};
