/**
 * The sign-in and sign-up forms of local accounts, handled on the server: plain HTML forms that
 * work without JavaScript, post to their own page, and come back with codes the page translates.
 */
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { defaultLocale, type Locale } from '../../../i18n/config.ts';
import { withAccountContext } from './account-context.ts';
import { nameSchema } from './account-hooks.ts';
import { CLIENT_ADDRESS_HEADER, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type LocalAuth } from './auth.ts';

/** Field-level problems, each translated by the page as `auth.field.<code>`. */
export type FieldErrorCode =
  'EMAIL_INVALID' | 'EMAIL_TAKEN' | 'PASSWORD_REQUIRED' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'NAME_REQUIRED' | 'NAME_TOO_LONG' | 'PASSWORD_MISMATCH';

/** Form-level problems, translated as `auth.error.<code>`. */
export type FormErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_CREDENTIALS'
  | 'TOO_MANY_ATTEMPTS'
  | 'EMAIL_TAKEN'
  | 'SIGN_UP_CLOSED'
  | 'UNEXPECTED'
  | 'SIGN_UP_INVITE_ONLY'
  | 'TOO_MANY_SIGN_UPS'
  | 'TOO_MANY_RESET_REQUESTS'
  | 'RESET_TOKEN_INVALID'
  | 'INVITATION_INVALID'
  | 'ACCOUNT_EXISTS'

  /** Right password, disabled account (the team screen); translated as `admin.team.error.ACCOUNT_DISABLED`. */
  | 'ACCOUNT_DISABLED';

export const email = z
  .string({ error: 'EMAIL_INVALID' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'EMAIL_INVALID' }));

export const signInFormSchema = z.object({
  email,
  password: z.string({ error: 'PASSWORD_REQUIRED' }).min(1, 'PASSWORD_REQUIRED').max(MAX_PASSWORD_LENGTH, 'PASSWORD_TOO_LONG'),
});

export const newPasswordSchema = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .min(1, 'PASSWORD_REQUIRED')
  .min(MIN_PASSWORD_LENGTH, 'PASSWORD_TOO_SHORT')
  .max(MAX_PASSWORD_LENGTH, 'PASSWORD_TOO_LONG');

export const signUpFormSchema = z.object({
  name: nameSchema,
  email,
  password: z
    .string({ error: 'PASSWORD_REQUIRED' })
    .min(1, 'PASSWORD_REQUIRED')
    .min(MIN_PASSWORD_LENGTH, 'PASSWORD_TOO_SHORT')
    .max(MAX_PASSWORD_LENGTH, 'PASSWORD_TOO_LONG'),
});

export type FormOutcome =
  /** `twoFactor`: the password was right, the account's second factor comes next. */
  | { ok: true; setCookies: string[]; twoFactor?: boolean }
  | {
      ok: false;
      status: number;
      code: FormErrorCode;
      fieldErrors: Partial<Record<FormField, FieldErrorCode>>;
      /** What to put back into the form (never the password). */
      values: FormValues;
      retryAfterSeconds?: number;
    };

export type FormField = 'name' | 'email' | 'password' | 'passwordConfirmation';

export interface FormValues {
  name?: string | undefined;
  email?: string | undefined;
}

export interface FormSubmission {
  auth: LocalAuth;
  form: FormData;
  request: Request;
  clientAddress: string;
  /** The page's locale: the language of the mail the submission causes. */
  locale?: Locale | undefined;
}

export function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

export function invalidInput(error: z.ZodError, values: FormValues): FormOutcome {
  const fieldErrors: Record<string, FieldErrorCode> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    fieldErrors[field] ??= issue.message as FieldErrorCode;
  }
  return { ok: false, status: 400, code: 'INVALID_INPUT', fieldErrors, values };
}

/** Headers for a server-side better-auth call: the browser's, plus the real client address. */
export function callHeaders(request: Request, clientAddress: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return headers;
}

export function fromAuthError(error: unknown, values: FormValues): FormOutcome {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  const failure = (status: number, formCode: FormErrorCode, extra: Partial<Extract<FormOutcome, { ok: false }>> = {}) =>
    ({ ok: false, status, code: formCode, fieldErrors: {}, values, ...extra }) as FormOutcome;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return failure(401, 'INVALID_CREDENTIALS');
    case 'TOO_MANY_ATTEMPTS': {
      const retryAfter = Number(new Headers(error.headers).get('Retry-After'));
      return failure(429, 'TOO_MANY_ATTEMPTS', Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {});
    }
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return failure(409, 'EMAIL_TAKEN', { fieldErrors: { email: 'EMAIL_TAKEN' } });
    case 'PASSWORD_TOO_SHORT':
      return failure(400, 'INVALID_INPUT', { fieldErrors: { password: 'PASSWORD_TOO_SHORT' } });
    case 'PASSWORD_TOO_LONG':
      return failure(400, 'INVALID_INPUT', { fieldErrors: { password: 'PASSWORD_TOO_LONG' } });
    case 'INVALID_EMAIL':
      return failure(400, 'INVALID_INPUT', { fieldErrors: { email: 'EMAIL_INVALID' } });
    // better-auth's admin plugin refuses a session to a disabled account, after the password matched.
    case 'BANNED_USER':
      return failure(403, 'ACCOUNT_DISABLED');
    case 'EMAIL_PASSWORD_SIGN_UP_DISABLED':
      return failure(403, 'SIGN_UP_CLOSED');
    case 'SIGN_UP_INVITE_ONLY':
      return failure(403, 'SIGN_UP_INVITE_ONLY');
    case 'TOO_MANY_SIGN_UPS':
    case 'TOO_MANY_RESET_REQUESTS': {
      const retryAfter = Number(new Headers(error.headers).get('Retry-After'));
      return failure(429, code, Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {});
    }
    case 'INVALID_TOKEN':
      return failure(400, 'RESET_TOKEN_INVALID');
    case 'INVITATION_INVALID':
      return failure(410, 'INVITATION_INVALID');
    default:
      return failure(error.statusCode >= 500 ? 500 : 400, 'UNEXPECTED');
  }
}

/** Signs in with e-mail and password; on success, the session cookies to set. */
export async function submitSignIn({ auth, form, request, clientAddress, locale }: FormSubmission): Promise<FormOutcome> {
  const values = { email: text(form, 'email')?.trim() };
  const parsed = signInFormSchema.safeParse({ email: text(form, 'email'), password: text(form, 'password') });
  if (!parsed.success) return invalidInput(parsed.error, values);
  try {
    // Signing in through a localized page sets the language of the account's mail (auth.ts).
    const { headers, response } = await withAccountContext({ locale: locale ?? defaultLocale, accountLocale: locale }, () =>
      auth.api.signInEmail({
        body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
        headers: callHeaders(request, clientAddress),
        returnHeaders: true,
      }),
    );
    return { ok: true, setCookies: headers.getSetCookie(), twoFactor: 'twoFactorRedirect' in response };
  } catch (error) {
    return fromAuthError(error, values);
  }
}

/**
 * Creates an account. Whether the address was new or taken, the answer is the same (no cookie;
 * "check your mail"), and the mail says what happened.
 */
export async function submitSignUp({ auth, form, request, clientAddress, locale = 'en' }: FormSubmission): Promise<FormOutcome> {
  const values = { name: text(form, 'name')?.trim(), email: text(form, 'email')?.trim() };
  const parsed = signUpFormSchema.safeParse({ name: text(form, 'name'), email: text(form, 'email'), password: text(form, 'password') });
  if (!parsed.success) return invalidInput(parsed.error, values);
  try {
    await withAccountContext({ locale, accountLocale: locale }, () =>
      auth.api.signUpEmail({
        body: { name: parsed.data.name, email: parsed.data.email, password: parsed.data.password },
        headers: callHeaders(request, clientAddress),
      }),
    );
    return { ok: true, setCookies: [] };
  } catch (error) {
    return fromAuthError(error, values);
  }
}
