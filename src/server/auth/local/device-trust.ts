/**
 * "Trust this device" does not exist here (decision 019). better-auth's twoFactor plugin would
 * answer `trustDevice: true` with a 30-day signed cookie that lets the password alone sign in, so
 * its verify endpoints refuse the option. And every trust record an account could hold is
 * deleted whenever its security changes: the second factor turned on or off, a new password
 * (changed or reset), all sessions ended, the account disabled.
 *
 * A trust record is a row of the verification table whose value is the account's id; its
 * identifier is stored hashed (`verification.storeIdentifier`), so the id is the only handle.
 * Pending reset links and pending second-factor challenges are such rows too: after any of
 * those changes they should not outlive it either.
 */
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { eq } from 'drizzle-orm';
import { authVerifications } from '../../../../db/auth-schema.ts';
import type { Database, Executor } from '../../../../db/client.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { currentLocale } from './account-context.ts';
import { runInAuthWrite } from './database.ts';

/** Deletes every trusted device (and pending reset or challenge) of account `userId`. */
export async function revokeDeviceTrust(tx: Executor, userId: string): Promise<void> {
  await tx.delete(authVerifications).where(eq(authVerifications.value, userId));
}

/** The plugin's endpoints that would set the trust cookie. */
const verifyPaths: ReadonlySet<string> = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp']);

/** better-auth's endpoints that change the signed-in account's password or end its sessions. */
const sessionChangePaths: ReadonlySet<string> = new Set(['/change-password', '/set-password', '/revoke-sessions', '/revoke-other-sessions']);

const RESET_PATH = '/reset-password';

// The account a request changes, from the before hook to the after hook (the endpoint may end
// the very session the after hook would look up).
const changedAccount = new WeakMap<object, string>();

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function refuseTrustDevice(ctx: HookContext): void {
  const trustDevice = (ctx.body as { trustDevice?: unknown } | undefined)?.trustDevice;
  if (trustDevice === undefined || trustDevice === null || trustDevice === false) return;
  const t = getTranslator(currentLocale());
  throw new APIError('BAD_REQUEST', { code: 'TRUST_DEVICE_NOT_OFFERED', message: t('auth.twoFactor.trustDeviceRefused') });
}

async function accountOfResetToken(ctx: HookContext): Promise<string | undefined> {
  const token = (ctx.body as { token?: unknown } | undefined)?.token ?? (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || !token) return undefined;
  const row = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return row?.value;
}

/** The plugin: refuses `trustDevice`, and revokes trust after password and session changes. */
export function deviceTrustPlugin(db: Database) {
  return {
    id: 'hub-device-trust',
    hooks: {
      before: [
        {
          matcher: (context: { path?: string }) => verifyPaths.has(context.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => refuseTrustDevice(ctx)),
        },
        {
          matcher: (context: { path?: string }) => sessionChangePaths.has(context.path ?? '') || context.path === RESET_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.path === RESET_PATH ? await accountOfResetToken(ctx) : (await getSessionFromCtx(ctx).catch(() => null))?.user.id;
            if (userId) changedAccount.set(ctx.context, userId);
          }),
        },
      ],
      after: [
        {
          matcher: (context: { path?: string }) => sessionChangePaths.has(context.path ?? '') || context.path === RESET_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = changedAccount.get(ctx.context);
            if (!userId || isAPIError(ctx.context.returned)) return;
            await runInAuthWrite(db, (tx) => revokeDeviceTrust(tx, userId));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
