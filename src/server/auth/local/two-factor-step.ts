/**
 * The second step of signing in to an account with two-factor on: after the right password,
 * better-auth holds the sign-in in a short-lived signed cookie (`two_factor`, 10 minutes) and
 * this step trades it, with a code from the authenticator app or one recovery code, for the
 * session. Wrong codes are limited by the plugin: 5 per challenge, then the visitor signs in
 * again; 10 in a row lock the account's second factor for 15 minutes.
 */
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { defaultLocale, type Locale } from '../../../i18n/config.ts';
import { paths } from '../../../lib/paths.ts';
import type { LocalAuth } from './auth.ts';
import { withAccountContext } from './account-context.ts';
import { callHeaders } from './forms.ts';

export type TwoFactorMethod = 'totp' | 'recovery';

/** Translated as `auth.twoFactor.error.<code>`. */
export type TwoFactorErrorCode = 'CODE_INVALID' | 'CODE_WRONG' | 'CHALLENGE_EXPIRED' | 'LOCKED' | 'UNEXPECTED';

export type TwoFactorOutcome = { ok: true; setCookies: string[] } | { ok: false; status: number; code: TwoFactorErrorCode; setCookies: string[] };

const codeSchemas = {
  totp: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/)),
  recovery: z.string().trim().min(1).max(64),
} as const;

/** True when the request carries the pending sign-in cookie of the password step. */
export function hasTwoFactorChallenge(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?hub\.two_factor=/.test(request.headers.get('cookie') ?? '');
}

/** The method named by the form or query (`recovery`), defaulting to the authenticator app. */
export function toTwoFactorMethod(value: unknown): TwoFactorMethod {
  return value === 'recovery' ? 'recovery' : 'totp';
}

function fromAuthError(error: unknown): TwoFactorOutcome {
  if (!isAPIError(error)) throw error;
  const setCookies = new Headers(error.headers).getSetCookie();
  const code = (error.body as { code?: string } | undefined)?.code;
  switch (code) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return { ok: false, status: 401, code: 'CODE_WRONG', setCookies };
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return { ok: false, status: 429, code: 'LOCKED', setCookies };
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return { ok: false, status: 401, code: 'CHALLENGE_EXPIRED', setCookies };
    default:
      return { ok: false, status: error.statusCode >= 500 ? 500 : 400, code: 'UNEXPECTED', setCookies };
  }
}

export interface TwoFactorSubmission {
  auth: LocalAuth;
  form: FormData;
  request: Request;
  clientAddress: string;
  /** The page's locale: remembered on the account as the language of its mail. */
  locale?: Locale | undefined;
}

/** Checks the posted code; on success, the session cookies to set. */
export async function submitTwoFactorCode({ auth, form, request, clientAddress, locale }: TwoFactorSubmission): Promise<TwoFactorOutcome> {
  const method = toTwoFactorMethod(form.get('method'));
  const parsed = codeSchemas[method].safeParse(form.get('code'));
  if (!parsed.success) return { ok: false, status: 400, code: 'CODE_INVALID', setCookies: [] };
  const headers = callHeaders(request, clientAddress);
  try {
    // The session is created here: the account remembers this page's language (auth.ts).
    const result = await withAccountContext({ locale: locale ?? defaultLocale, accountLocale: locale }, () =>
      method === 'totp'
        ? auth.api.verifyTOTP({ body: { code: parsed.data }, headers, returnHeaders: true })
        : auth.api.verifyBackupCode({ body: { code: parsed.data }, headers, returnHeaders: true }),
    );
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    return fromAuthError(error);
  }
}

/** The two-factor step's URL, carrying the destination of the sign-in. */
export function twoFactorStepUrl(locale: Locale, returnTo: string | null): string {
  const base = paths.adminSignInTwoFactor(locale);
  return returnTo ? `${base}?redirect_url=${encodeURIComponent(returnTo)}` : base;
}
