/**
 * The forms of the invitations page (`/{locale}/admin/team/invitations`): one POST with an
 * `intent` (invite, resend, revoke), answered with a redirect (the outcome in the query string)
 * or the status and code to show beside the form.
 */
import { z } from 'zod';
import type { Locale } from '../../i18n/config.ts';
import type { AuthUser } from '../auth/types.ts';
import { inviteSchema, invitationErrorStatus, parseInvitationId, runInvitationAction } from './invitations-api.ts';
import type { InvitationError } from './invitations.ts';
import { editionsFromForm } from './schemas.ts';

export type InvitationFormCode = InvitationError | 'INVALID_INPUT' | 'EDITIONS_REQUIRED';

export type InvitationFormOutcome =
  | { ok: true; done: 'invited' | 'resent' | 'revoked' }
  | {
      ok: false;
      status: number;
      code: InvitationFormCode;
      fieldErrors: Partial<Record<'email' | 'role' | 'editions', string>>;
      values: { email?: string | undefined; role?: string | undefined; editions?: 'all' | number[] | undefined };
    };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

/** Handles one submission of the page's forms for `user`. */
export async function submitInvitationForm(user: AuthUser, form: FormData, locale: Locale): Promise<InvitationFormOutcome> {
  const intent = field(form, 'intent');
  const values = { email: field(form, 'email')?.trim(), role: field(form, 'role'), editions: editionsFromForm(form) };
  if (intent === 'invite') {
    const parsed = inviteSchema.safeParse({ email: values.email, role: values.role, editions: values.editions });
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors;
      const onlyEditions = Boolean(errors.editions) && !errors.email && !errors.role;
      return {
        ok: false,
        status: 400,
        code: onlyEditions ? 'EDITIONS_REQUIRED' : 'INVALID_INPUT',
        fieldErrors: { email: errors.email?.[0], role: errors.role?.[0], editions: errors.editions?.[0] },
        values,
      } as InvitationFormOutcome;
    }
    const result = await runInvitationAction(user, { intent, ...parsed.data }, locale);
    return result.ok ? { ok: true, done: 'invited' } : { ok: false, status: invitationErrorStatus(result.code), code: result.code, fieldErrors: {}, values };
  }
  const id = parseInvitationId(field(form, 'id'));
  if ((intent !== 'resend' && intent !== 'revoke') || id === null) return { ok: false, status: 400, code: 'INVALID_INPUT', fieldErrors: {}, values: {} };
  const result = await runInvitationAction(user, { intent, id }, locale);
  if (!result.ok) return { ok: false, status: invitationErrorStatus(result.code), code: result.code, fieldErrors: {}, values: {} };
  return { ok: true, done: intent === 'resend' ? 'resent' : 'revoked' };
}
