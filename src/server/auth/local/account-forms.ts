/**
 * The forms of the "Your account" page for local accounts, handled on the server (plain HTML
 * forms posted to the page, each naming its `intent`): change the password, and turn two-factor
 * sign-in on (password → QR code → confirming code → recovery codes) or off, or replace the
 * recovery codes. Each calls better-auth's own endpoint, so its checks and our password limiter
 * (limit-hooks.ts) apply exactly as they do to the JSON API.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { authTwoFactors, authUsers } from '../../../../db/auth-schema.ts';
import { writeTransaction, type Database } from '../../../../db/client.ts';
import { isLocale, locales, type Locale } from '../../../i18n/config.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type LocalAuth } from './auth.ts';
import { callHeaders } from './forms.ts';
import { describeTotpSetup, type TotpSetup } from './totp-setup.ts';

export const accountIntents = [
  'change-password',
  'enable-two-factor',
  'confirm-two-factor',
  'disable-two-factor',
  'regenerate-recovery-codes',
  'set-locale',
] as const;
export type AccountIntent = (typeof accountIntents)[number];

export type AccountField = 'currentPassword' | 'newPassword' | 'password' | 'code' | 'locale';
/** Field problems, translated as `admin.account.field.<code>`. */
export type AccountFieldError =
  'PASSWORD_REQUIRED' | 'PASSWORD_WRONG' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'CODE_INVALID' | 'CODE_WRONG' | 'LOCALE_INVALID';
/** Form problems, translated as `admin.account.error.<code>`. */
export type AccountErrorCode =
  'INVALID_INPUT' | 'UNKNOWN_ACTION' | 'TOO_MANY_ATTEMPTS' | 'ALREADY_ENABLED' | 'NOT_ENABLED' | 'NO_SETUP' | 'SIGNED_OUT' | 'UNEXPECTED';

/** What the page shows after a successful change it redirects for (`?done=`). */
export type AccountNotice = 'passwordChanged' | 'twoFactorDisabled' | 'localeChanged';

export type AccountOutcome =
  | { kind: 'redirect'; notice: AccountNotice; setCookies: string[] }
  | { kind: 'setup'; setup: TotpSetup }
  /** Shown once, in the answer to the form that created them. */
  | { kind: 'recoveryCodes'; codes: string[]; reason: 'enabled' | 'regenerated'; setCookies: string[] }
  | {
      kind: 'error';
      intent: AccountIntent | null;
      status: number;
      code: AccountErrorCode;
      fieldErrors: Partial<Record<AccountField, AccountFieldError>>;
      retryAfterSeconds?: number;
    };

export interface AccountState {
  name: string;
  email: string;
  twoFactorEnabled: boolean;
  /** Two-factor set up but not yet confirmed with a code. */
  setupPending: boolean;
  /** The language of the account's mail; null until a localized page or the owner set it. */
  locale: Locale | null;
}

/** The account as the page shows it; null when the account is gone. */
export async function readAccountState(db: Database, userId: string): Promise<AccountState | null> {
  const [row] = await db
    .select({
      name: authUsers.name,
      email: authUsers.email,
      twoFactorEnabled: authUsers.twoFactorEnabled,
      verified: authTwoFactors.verified,
      locale: authUsers.locale,
    })
    .from(authUsers)
    .leftJoin(authTwoFactors, eq(authTwoFactors.userId, authUsers.id))
    .where(eq(authUsers.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    name: row.name,
    email: row.email,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    setupPending: row.verified === false,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

export interface AccountSubmission {
  auth: LocalAuth;
  db: Database;
  form: FormData;
  request: Request;
  clientAddress: string;
  userId: string;
  state: AccountState;
}

const password = z.string({ error: 'PASSWORD_REQUIRED' }).min(1, 'PASSWORD_REQUIRED').max(MAX_PASSWORD_LENGTH, 'PASSWORD_TOO_LONG');

const schemas = {
  'change-password': z.object({
    currentPassword: password,
    newPassword: z
      .string({ error: 'PASSWORD_REQUIRED' })
      .min(1, 'PASSWORD_REQUIRED')
      .min(MIN_PASSWORD_LENGTH, 'PASSWORD_TOO_SHORT')
      .max(MAX_PASSWORD_LENGTH, 'PASSWORD_TOO_LONG'),
  }),
  'enable-two-factor': z.object({ password }),
  'confirm-two-factor': z.object({
    code: z
      .string({ error: 'CODE_INVALID' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, 'CODE_INVALID')),
  }),
  'disable-two-factor': z.object({ password }),
  'regenerate-recovery-codes': z.object({ password }),
  'set-locale': z.object({ locale: z.enum(locales as [Locale, ...Locale[]], { error: 'LOCALE_INVALID' }) }),
} satisfies Record<AccountIntent, z.ZodType>;

type Failure = Extract<AccountOutcome, { kind: 'error' }>;

function failure(intent: AccountIntent | null, status: number, code: AccountErrorCode, extra: Partial<Failure> = {}): Failure {
  return { kind: 'error', intent, status, code, fieldErrors: {}, ...extra };
}

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

function fromAuthError(intent: AccountIntent, error: unknown): Failure {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  const passwordField: AccountField = intent === 'change-password' ? 'currentPassword' : 'password';
  switch (code) {
    case 'INVALID_PASSWORD':
      return failure(intent, 400, 'INVALID_INPUT', { fieldErrors: { [passwordField]: 'PASSWORD_WRONG' } });
    case 'TOO_MANY_ATTEMPTS': {
      const retryAfter = Number(new Headers(error.headers).get('Retry-After'));
      return failure(intent, 429, 'TOO_MANY_ATTEMPTS', Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {});
    }
    case 'PASSWORD_TOO_SHORT':
      return failure(intent, 400, 'INVALID_INPUT', { fieldErrors: { newPassword: 'PASSWORD_TOO_SHORT' } });
    case 'PASSWORD_TOO_LONG':
      return failure(intent, 400, 'INVALID_INPUT', { fieldErrors: { [intent === 'change-password' ? 'newPassword' : 'password']: 'PASSWORD_TOO_LONG' } });
    case 'INVALID_CODE':
      return failure(intent, 400, 'INVALID_INPUT', { fieldErrors: { code: 'CODE_WRONG' } });
    case 'TOTP_ALREADY_ENABLED':
      return failure(intent, 409, 'ALREADY_ENABLED');
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'TOTP_NOT_ENABLED':
      return failure(intent, 409, 'NOT_ENABLED');
    case 'UNAUTHORIZED':
      return failure(intent, 401, 'SIGNED_OUT');
    default:
      return failure(intent, error.statusCode >= 500 ? 500 : 400, 'UNEXPECTED');
  }
}

/** Handles one posted account form. */
export async function submitAccountForm({ auth, db, form, request, clientAddress, userId, state }: AccountSubmission): Promise<AccountOutcome> {
  const intent = accountIntents.find((known) => known === text(form, 'intent'));
  if (!intent) return failure(null, 400, 'UNKNOWN_ACTION');
  const parsed = schemas[intent].safeParse(Object.fromEntries([...form.keys()].map((key) => [key, text(form, key)])));
  if (!parsed.success) {
    const fieldErrors: Partial<Record<AccountField, AccountFieldError>> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0]) as AccountField] ??= issue.message as AccountFieldError;
    return failure(intent, 400, 'INVALID_INPUT', { fieldErrors });
  }
  // Only a setup that was started and not confirmed may be confirmed: confirming again would
  // show the recovery codes a second time.
  if (intent === 'confirm-two-factor' && (state.twoFactorEnabled || !state.setupPending)) return failure(intent, 409, 'NO_SETUP');
  const headers = callHeaders(request, clientAddress);
  const data = parsed.data as Record<string, string>;
  try {
    switch (intent) {
      case 'change-password': {
        const result = await auth.api.changePassword({
          body: { currentPassword: data.currentPassword!, newPassword: data.newPassword!, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return { kind: 'redirect', notice: 'passwordChanged', setCookies: result.headers.getSetCookie() };
      }
      case 'enable-two-factor': {
        const result = await auth.api.enableTwoFactor({ body: { password: data.password! }, headers });
        if (!('totpURI' in result) || !result.totpURI) return failure(intent, 500, 'UNEXPECTED');
        return { kind: 'setup', setup: await describeTotpSetup(result.totpURI) };
      }
      case 'confirm-two-factor': {
        const result = await auth.api.verifyTOTP({ body: { code: data.code! }, headers, returnHeaders: true });
        const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
        return { kind: 'recoveryCodes', codes: backupCodes, reason: 'enabled', setCookies: result.headers.getSetCookie() };
      }
      case 'disable-two-factor': {
        const result = await auth.api.disableTwoFactor({ body: { password: data.password! }, headers, returnHeaders: true });
        return { kind: 'redirect', notice: 'twoFactorDisabled', setCookies: result.headers.getSetCookie() };
      }
      case 'set-locale': {
        // The account's own choice; later sign-ins through another language's page change it again.
        await writeTransaction(db, (tx) =>
          tx
            .update(authUsers)
            .set({ locale: data.locale! as Locale, updatedAt: new Date() })
            .where(eq(authUsers.id, userId)),
        );
        return { kind: 'redirect', notice: 'localeChanged', setCookies: [] };
      }
      case 'regenerate-recovery-codes': {
        const { backupCodes } = await auth.api.generateBackupCodes({ body: { password: data.password! }, headers });
        return { kind: 'recoveryCodes', codes: backupCodes, reason: 'regenerated', setCookies: [] };
      }
    }
  } catch (error) {
    return fromAuthError(intent, error);
  }
}
