/**
 * The mail of local accounts: password reset, address verification, sign-up outcomes and
 * invitations. Each is composed in the recipient's locale and written to the outbox with the
 * transaction of its cause. Links are built from the configured site origin, never from the
 * request's Host header (a forged Host would otherwise put an attacker's domain in the mail).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authUsers } from '../../../../db/auth-schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { isLocale, type Locale } from '../../../i18n/config.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { composeMail } from '../../mail/compose.ts';
import { mailSiteName } from '../../site/settings.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { absoluteUrl, getSiteOrigin } from '../../seo/site.ts';

/** SHA-256 hex of a secret token: what we store, and what names a mail's cause. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const link = (path: string) => absoluteUrl(getSiteOrigin(), path);

/** The language of an account's mail: its own when known, else `fallback` (the page's). */
export async function accountLocale(tx: Executor, userId: string, fallback: Locale): Promise<Locale> {
  const [row] = await tx.select({ locale: authUsers.locale }).from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  return row?.locale && isLocale(row.locale) ? row.locale : fallback;
}

interface Recipient {
  id: string;
  email: string;
  name?: string | null | undefined;
}

/** The one-time link to choose a new password (`resetPasswordTokenExpiresIn`: one hour). */
export async function enqueuePasswordResetMail(tx: Executor, user: Recipient, token: string, locale: Locale): Promise<boolean> {
  const t = getTranslator(locale);
  const siteName = await mailSiteName(tx, locale);
  return enqueueMail(tx, {
    cause: `password-reset:${user.id}:${hashToken(token).slice(0, 32)}`,
    kind: 'password-reset',
    to: user.email,
    locale,
    sensitive: true,
    mail: composeMail({
      locale,
      siteName,
      subject: t('mail.account.reset.subject'),
      paragraphs: [t('mail.account.reset.body')],
      action: { label: t('mail.account.reset.action'), url: link(`/${locale}/admin/sign-in/reset-password?token=${encodeURIComponent(token)}`) },
      footer: [t('mail.account.reset.footer')],
    }),
  });
}

/** The link that confirms an address (HUB_VERIFY_EMAIL=1). */
export async function enqueueVerificationMail(tx: Executor, user: Recipient, token: string, locale: Locale): Promise<boolean> {
  const t = getTranslator(locale);
  const siteName = await mailSiteName(tx, locale);
  return enqueueMail(tx, {
    cause: `verify-email:${user.id}:${hashToken(token).slice(0, 32)}`,
    kind: 'verify-email',
    to: user.email,
    locale,
    sensitive: true,
    mail: composeMail({
      locale,
      siteName,
      subject: t('mail.account.verify.subject'),
      paragraphs: [t('mail.account.verify.body')],
      action: { label: t('mail.account.verify.action'), url: link(`/${locale}/admin/sign-up/verify-email?token=${encodeURIComponent(token)}`) },
      footer: [t('mail.account.verify.footer')],
    }),
  });
}

/** Sign-up answered "check your mail": this is what the mail says when the account was created. */
export async function enqueueAccountCreatedMail(tx: Executor, user: { email: string; createdAt: Date }, locale: Locale): Promise<boolean> {
  const t = getTranslator(locale);
  const siteName = await mailSiteName(tx, locale);
  return enqueueMail(tx, {
    cause: `sign-up:${user.email}:${user.createdAt.getTime()}`,
    kind: 'account-created',
    to: user.email,
    locale,
    mail: composeMail({
      locale,
      siteName,
      subject: t('mail.account.created.subject'),
      paragraphs: [t('mail.account.created.body')],
      action: { label: t('mail.account.created.action'), url: link(`/${locale}/admin/sign-in`) },
      footer: [t('mail.account.created.footer')],
    }),
  });
}

/** …and this when the address already had an account (nothing was changed). */
export async function enqueueExistingAccountMail(tx: Executor, user: Recipient, locale: Locale, at = new Date()): Promise<boolean> {
  const t = getTranslator(locale);
  const siteName = await mailSiteName(tx, locale);
  return enqueueMail(tx, {
    cause: `sign-up-existing:${user.id}:${at.getTime()}`,
    kind: 'sign-up-existing',
    to: user.email,
    locale,
    mail: composeMail({
      locale,
      siteName,
      subject: t('mail.account.existing.subject'),
      paragraphs: [t('mail.account.existing.body')],
      action: { label: t('mail.account.existing.action'), url: link(`/${locale}/admin/sign-in/forgot-password`) },
      footer: [t('mail.account.existing.footer')],
    }),
  });
}

export interface InvitationMail {
  id: number;
  email: string;
  role: 'admin' | 'editor';
  sendCount: number;
  expiresAt: Date;
  invitedByLabel: string;
}

/** The invitation link (one per send: resending makes a new token and a new cause). */
export async function enqueueInvitationMail(tx: Executor, invitation: InvitationMail, token: string, locale: Locale): Promise<boolean> {
  const t = getTranslator(locale);
  const siteName = await mailSiteName(tx, locale);
  const expires = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(invitation.expiresAt);
  return enqueueMail(tx, {
    cause: `invitation:${invitation.id}:${invitation.sendCount}`,
    kind: 'invitation',
    to: invitation.email,
    locale,
    sensitive: true,
    mail: composeMail({
      locale,
      siteName,
      subject: t('mail.account.invitation.subject'),
      paragraphs: [t('mail.account.invitation.body', { inviter: invitation.invitedByLabel, role: t(`auth.role.${invitation.role}`) })],
      action: { label: t('mail.account.invitation.action'), url: link(`/${locale}/admin/sign-up/invitation?token=${encodeURIComponent(token)}`) },
      footer: [t('mail.account.invitation.footer', { date: expires })],
    }),
  });
}

/** Who changed an account's second factor: its owner (account page, API) or an administrator. */
export type TwoFactorChangedBy = 'self' | 'admin';

/**
 * The security notice that two-factor sign-in was turned on or off: an account taken over by a
 * stolen password (or a rogue administrator) cannot change it unseen.
 */
export async function enqueueTwoFactorChangedMail(
  tx: Executor,
  user: Recipient,
  change: { enabled: boolean; by: TwoFactorChangedBy; at: Date },
  locale: Locale,
): Promise<boolean> {
  const t = getTranslator(locale);
  const siteName = await mailSiteName(tx, locale);
  const key = change.enabled ? 'twoFactorOn' : change.by === 'admin' ? 'twoFactorReset' : 'twoFactorOff';
  return enqueueMail(tx, {
    cause: `two-factor-${change.enabled ? 'on' : 'off'}:${user.id}:${change.at.getTime()}`,
    kind: `two-factor-${change.enabled ? 'on' : 'off'}`,
    to: user.email,
    locale,
    mail: composeMail({
      locale,
      siteName,
      subject: t(`mail.account.${key}.subject`),
      paragraphs: [t(`mail.account.${key}.body`)],
      action: { label: t('mail.account.twoFactor.action'), url: link(`/${locale}/admin/account`) },
      footer: [t('mail.account.twoFactor.footer')],
    }),
  });
}
