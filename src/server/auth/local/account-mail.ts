/**
 * The mail of local accounts: password reset, address verification, sign-up outcomes and
 * invitations. Each is composed in the recipient's locale and written to the outbox with the
 * transaction of its cause. Links are built from the configured site origin, never from the
 * request's Host header (a forged Host would otherwise put an attacker's domain in the mail).
 */
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { authUsers } from '../../../../db/auth-schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { defaultLocale, isLocale, type Locale } from '../../../i18n/config.ts';
import { getTranslator, type Translate } from '../../../i18n/index.ts';
import { composeMail } from '../../mail/compose.ts';
import { mailSiteName } from '../../config/site-settings.ts';
import { enqueueMail, type MailRequest } from '../../mail/outbox.ts';
import { absoluteUrl, getSiteOrigin } from '../../config/site-origin.ts';
import { listLocalAdminAddresses } from '../admin-addresses.ts';
import type { Role } from '../roles.ts';

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

/** What an account mail says: its subject, one paragraph, the button's label and a footer line. */
interface MailTexts {
  subject: string;
  body: string;
  action: string;
  footer: string;
}

/** The texts of the mails that say nothing more than their `mail.account.<key>.*` strings. */
function plainTexts(key: 'reset' | 'verify' | 'created' | 'existing'): (t: Translate) => MailTexts {
  return (t) => ({
    subject: t(`mail.account.${key}.subject`),
    body: t(`mail.account.${key}.body`),
    action: t(`mail.account.${key}.action`),
    footer: t(`mail.account.${key}.footer`),
  });
}

/** One account mail: where it goes and why (`MailRequest`), the page its button opens, its texts. */
interface AccountMail extends Omit<MailRequest, 'locale' | 'mail'> {
  /** The site path the button opens. */
  path: string;
  texts: (t: Translate) => MailTexts;
}

/** Composes an account mail in the recipient's locale, with the site's name, and writes it to the outbox. */
async function enqueueAccountMail(tx: Executor, locale: Locale, { path, texts, ...request }: AccountMail): Promise<boolean> {
  const { subject, body, action, footer } = texts(getTranslator(locale));
  const siteName = await mailSiteName(tx, locale);
  const mail = composeMail({ locale, siteName, subject, paragraphs: [body], action: { label: action, url: link(path) }, footer: [footer] });
  return enqueueMail(tx, { ...request, locale, mail });
}

/** A one-time link (password reset, address verification): the token is named in the cause only by its hash. */
function enqueueTokenMail(
  tx: Executor,
  user: Recipient,
  token: string,
  locale: Locale,
  kind: 'password-reset' | 'verify-email',
  page: string,
): Promise<boolean> {
  return enqueueAccountMail(tx, locale, {
    cause: `${kind}:${user.id}:${hashToken(token).slice(0, 32)}`,
    kind,
    to: user.email,
    sensitive: true,
    path: `/${locale}/admin/${page}?token=${encodeURIComponent(token)}`,
    texts: plainTexts(kind === 'password-reset' ? 'reset' : 'verify'),
  });
}

/** The one-time link to choose a new password (`resetPasswordTokenExpiresIn`: one hour). */
export function enqueuePasswordResetMail(tx: Executor, user: Recipient, token: string, locale: Locale): Promise<boolean> {
  return enqueueTokenMail(tx, user, token, locale, 'password-reset', 'sign-in/reset-password');
}

/** The link that confirms an address (HUB_VERIFY_EMAIL=1). */
export function enqueueVerificationMail(tx: Executor, user: Recipient, token: string, locale: Locale): Promise<boolean> {
  return enqueueTokenMail(tx, user, token, locale, 'verify-email', 'sign-up/verify-email');
}

/** Sign-up answered "check your mail": this is what the mail says when the account was created. */
export function enqueueAccountCreatedMail(tx: Executor, user: { email: string; createdAt: Date }, locale: Locale): Promise<boolean> {
  const cause = `sign-up:${user.email}:${user.createdAt.getTime()}`;
  return enqueueAccountMail(tx, locale, { cause, kind: 'account-created', to: user.email, path: `/${locale}/admin/sign-in`, texts: plainTexts('created') });
}

/** …and this when the address already had an account (nothing was changed). */
export function enqueueExistingAccountMail(tx: Executor, user: Recipient, locale: Locale, at = new Date()): Promise<boolean> {
  const cause = `sign-up-existing:${user.id}:${at.getTime()}`;
  const path = `/${locale}/admin/sign-in/forgot-password`;
  return enqueueAccountMail(tx, locale, { cause, kind: 'sign-up-existing', to: user.email, path, texts: plainTexts('existing') });
}

export interface InvitationMail {
  id: number;
  email: string;
  role: Role;
  sendCount: number;
  expiresAt: Date;
  invitedByLabel: string;
}

/** The invitation link (one per send: resending makes a new token and a new cause). */
export function enqueueInvitationMail(tx: Executor, invitation: InvitationMail, token: string, locale: Locale): Promise<boolean> {
  const expires = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(invitation.expiresAt);
  return enqueueAccountMail(tx, locale, {
    cause: `invitation:${invitation.id}:${invitation.sendCount}`,
    kind: 'invitation',
    to: invitation.email,
    sensitive: true,
    path: `/${locale}/admin/sign-up/invitation?token=${encodeURIComponent(token)}`,
    texts: (t) => ({
      subject: t('mail.account.invitation.subject'),
      body: t('mail.account.invitation.body', { inviter: invitation.invitedByLabel, role: t(`auth.role.${invitation.role}`) }),
      action: t('mail.account.invitation.action'),
      footer: t('mail.account.invitation.footer', { date: expires }),
    }),
  });
}

/** Who changed an account's second factor: its owner (account page, API) or an administrator. */
export type TwoFactorChangedBy = 'self' | 'admin';

/**
 * The security notice that two-factor sign-in was turned on or off: an account taken over by a
 * stolen password (or a rogue administrator) cannot change it unseen.
 */
export function enqueueTwoFactorChangedMail(
  tx: Executor,
  user: Recipient,
  change: { enabled: boolean; by: TwoFactorChangedBy; at: Date },
  locale: Locale,
): Promise<boolean> {
  const key = change.enabled ? 'twoFactorOn' : change.by === 'admin' ? 'twoFactorReset' : 'twoFactorOff';
  const kind = change.enabled ? 'two-factor-on' : 'two-factor-off';
  return enqueueAccountMail(tx, locale, {
    cause: `${kind}:${user.id}:${change.at.getTime()}`,
    kind,
    to: user.email,
    path: `/${locale}/admin/account`,
    texts: (t) => ({
      subject: t(`mail.account.${key}.subject`),
      body: t(`mail.account.${key}.body`),
      action: t('mail.account.twoFactor.action'),
      footer: t('mail.account.twoFactor.footer'),
    }),
  });
}

/**
 * Tells each administrator, in their account's language, that `user` signed up and waits for a
 * role: the button opens the team screen, where they approve or refuse it. The address is named
 * (the administrators see it on that screen anyway); nothing else about the person is.
 */
export async function enqueueSignUpPendingMail(tx: Executor, user: { id: string; email: string }, adminEmails: readonly string[]): Promise<void> {
  const recipients = [...new Set(await listLocalAdminAddresses(tx, adminEmails))].filter((address) => address !== user.email.toLowerCase());
  if (recipients.length === 0) return;
  const rows = await tx
    .select({ email: authUsers.email, locale: authUsers.locale })
    .from(authUsers)
    .where(inArray(sql`lower(${authUsers.email})`, recipients));
  const locales = new Map(rows.map((row) => [row.email.toLowerCase(), row.locale && isLocale(row.locale) ? row.locale : defaultLocale]));
  for (const to of recipients) {
    const locale = locales.get(to) ?? defaultLocale;
    await enqueueAccountMail(tx, locale, {
      cause: `sign-up-pending:${user.id}:${to}`,
      kind: 'sign-up-pending',
      to,
      path: `/${locale}/admin/team`,
      texts: (t) => ({
        subject: t('mail.account.pending.subject'),
        body: t('mail.account.pending.body', { email: user.email }),
        action: t('mail.account.pending.action'),
        footer: t('mail.account.pending.footer'),
      }),
    });
  }
}
