/**
 * The inbox's two messages: the notification the team gets for a new contact message, and a
 * reply sent to the visitor in the language they wrote in.
 */
import { inArray, sql } from 'drizzle-orm';
import { authUsers } from '../../../db/auth-schema.ts';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale, isLocale, localeConfig, type Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { listLocalAdminAddresses } from '../auth/admin-addresses.ts';
import { composeMail, type ComposedMail } from '../mail/compose.ts';
import { readTeamForMail } from '../team/directory.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { messageCausePrefix } from './removal.ts';
import { absoluteUrl } from '../config/site-origin.ts';
import { mailSiteName } from '../config/site-settings.ts';
import type { ContactMessageFields } from './contact-message.ts';

/** Who is told about new messages. */
export interface NotificationSettings {
  /** HUB_CONTACT_TO; when empty, the administrators are told. */
  contactTo: readonly string[];
  /** HUB_ADMIN_EMAILS: the administrators with Clerk, and raised to admin with local accounts. */
  adminEmails: readonly string[];
  /** Local accounts: the accounts holding the admin role are administrators too. */
  localAccounts: boolean;
  /** Clerk: the administrators among Clerk's users, at their verified address and in their language (`listClerkAdmins`). */
  clerkAdmins?: readonly { email: string; locale: Locale }[] | undefined;
  /** The site's origin, for the link to the message. */
  origin: string;
}

/** Lowercased, deduplicated recipients of a new-message notification. */
export async function notificationRecipients(tx: Executor, settings: NotificationSettings): Promise<string[]> {
  if (settings.contactTo.length > 0) return unique(settings.contactTo);
  const admins = [...settings.adminEmails, ...(settings.clerkAdmins ?? []).map((admin) => admin.email)];
  if (settings.localAccounts) admins.push(...(await listLocalAdminAddresses(tx, settings.adminEmails)));
  return unique(admins);
}

/**
 * Under Clerk, the administrators to notify: Clerk's users holding the admin role with a verified
 * address, in their Clerk language, from the team directory (team/directory.ts), read before the
 * message's transaction (no network call holds the write lock). Only wanted when HUB_CONTACT_TO
 * is empty. Clerk unreachable: HUB_ADMIN_EMAILS alone are told, and it is logged.
 */
export async function listClerkAdmins(db: Executor): Promise<{ email: string; locale: Locale }[]> {
  const members = await readTeamForMail(db, 'contact-notification');
  return members.flatMap(({ role, email, locale }) => (role === 'admin' ? [{ email, locale }] : []));
}

function unique(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
}

/** The name of the language `code` in `locale`'s words ("French" in English, "Französisch" in German). */
export function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([localeConfig[locale].intl], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Paragraphs of a visitor's text: blank lines separate them. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export type NotifiedMessage = ContactMessageFields;

/**
 * The languages of the recipients that are accounts (lowercased address → locale). An address
 * with no account, or an account whose language is unknown, gets the site's default language.
 */
async function localesOf(tx: Executor, recipients: readonly string[]): Promise<Map<string, Locale>> {
  if (recipients.length === 0) return new Map();
  const rows = await tx
    .select({ email: authUsers.email, locale: authUsers.locale })
    .from(authUsers)
    .where(inArray(sql`lower(${authUsers.email})`, [...recipients]));
  return new Map(rows.flatMap((row) => (row.locale && isLocale(row.locale) ? [[row.email.toLowerCase(), row.locale] as const] : [])));
}

/**
 * Queues the notification of a new contact message to each recipient, each in their account's
 * (or Clerk user's) language, inside the transaction that stores the message. Reply-To is the visitor.
 */
export async function enqueueContactNotifications(tx: Executor, message: NotifiedMessage, settings: NotificationSettings): Promise<void> {
  const recipients = await notificationRecipients(tx, settings);
  const clerkLocales = (settings.clerkAdmins ?? []).map((admin): [string, Locale] => [admin.email, admin.locale]);
  const locales = new Map([...(await localesOf(tx, recipients)), ...clerkLocales]);
  const composed = new Map<Locale, ComposedMail>();
  for (const to of recipients) {
    const locale = locales.get(to) ?? defaultLocale;
    let mail = composed.get(locale);
    if (!mail) composed.set(locale, (mail = composeContactNotification(message, settings.origin, locale, await mailSiteName(tx, locale))));
    await enqueueMail(tx, {
      cause: `${messageCausePrefix(message.id)}notify:${to}`,
      kind: 'contact-notification',
      to,
      locale,
      mail,
      replyTo: message.email,
      // The message lives in the inbox (and goes with it); the outbox keeps no second copy.
      sensitive: true,
    });
  }
}

/**
 * The team's notification in `locale` (the recipient's). Reply-To is the visitor, so answering
 * from a mail client reaches them.
 */
export function composeContactNotification(message: NotifiedMessage, origin: string, locale: Locale = defaultLocale, siteName?: string): ComposedMail {
  const t = getTranslator(locale);
  const language = languageName(message.locale, locale);
  const mail = composeMail({
    locale,
    siteName,
    subject: t('mail.contact.notification.subject', { subject: message.subject }),
    paragraphs: [t('mail.contact.notification.intro', { name: message.name, email: message.email, language }), ...paragraphsOf(message.message)],
    action: { label: t('mail.contact.notification.action'), url: absoluteUrl(origin, paths.adminInboxMessage(locale, message.id)) },
    footer: [t('mail.contact.notification.footer', { name: message.name })],
  });
  return mail;
}

/** "Re: <subject>", as mail clients write it, so the visitor's client threads the reply. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** A reply from the inbox, in the language the visitor wrote in. */
export function composeContactReply(original: { locale: Locale; subject: string; createdAt: Date }, body: string, siteName?: string): ComposedMail {
  const t = getTranslator(original.locale);
  const date = new Intl.DateTimeFormat(localeConfig[original.locale].intl, { dateStyle: 'long' }).format(original.createdAt);
  const mail = composeMail({
    locale: original.locale,
    siteName,
    subject: replySubject(original.subject),
    paragraphs: paragraphsOf(body),
    footer: [t('mail.contact.reply.footer', { date })],
  });
  // composeMail appends the site name to subjects; a reply keeps the visitor's own subject.
  return { ...mail, subject: replySubject(original.subject) };
}
