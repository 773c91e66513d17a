/**
 * The inbox's two messages: the notification the team gets for a new contact message, and a
 * reply sent to the visitor in the language they wrote in.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { authUsers } from '../../../db/auth-schema.ts';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale, localeConfig, type Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { paths } from '../../lib/paths.ts';
import { composeMail, type ComposedMail } from '../mail/compose.ts';
import { absoluteUrl } from '../seo/site.ts';

/** Who is told about new messages. */
export interface NotificationSettings {
  /** HUB_CONTACT_TO; when empty, the administrators are told. */
  contactTo: readonly string[];
  /** HUB_ADMIN_EMAILS: the administrators with Clerk, and raised to admin with local accounts. */
  adminEmails: readonly string[];
  /** Local accounts: the accounts holding the admin role are administrators too. */
  localAccounts: boolean;
  /** The site's origin, for the link to the message. */
  origin: string;
}

/** Lowercased, deduplicated recipients of a new-message notification. */
export async function notificationRecipients(tx: Executor, settings: NotificationSettings): Promise<string[]> {
  if (settings.contactTo.length > 0) return unique(settings.contactTo);
  const admins = [...settings.adminEmails];
  if (settings.localAccounts) {
    const granted = or(eq(authUsers.role, 'admin'), settings.adminEmails.length > 0 ? inArray(authUsers.email, [...settings.adminEmails]) : undefined);
    // A disabled account is told nothing (better-auth's admin plugin sets `banned`).
    const rows = await tx
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(and(granted, or(isNull(authUsers.banned), eq(authUsers.banned, false), sql`${authUsers.banExpires} < ${Date.now()}`)));
    admins.push(...rows.map((row) => row.email));
  }
  return unique(admins);
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

export interface NotifiedMessage {
  id: number;
  locale: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * The team's notification, in the site's default language (accounts carry no language of their
 * own). Reply-To is the visitor, so answering from a mail client reaches them.
 */
export function composeContactNotification(message: NotifiedMessage, origin: string): { locale: Locale; mail: ComposedMail } {
  const locale = defaultLocale;
  const t = getTranslator(locale);
  const language = languageName(message.locale, locale);
  const mail = composeMail({
    locale,
    subject: t('mail.contact.notification.subject', { subject: message.subject }),
    paragraphs: [t('mail.contact.notification.intro', { name: message.name, email: message.email, language }), ...paragraphsOf(message.message)],
    action: { label: t('mail.contact.notification.action'), url: absoluteUrl(origin, paths.adminInboxMessage(locale, message.id)) },
    footer: [t('mail.contact.notification.footer', { name: message.name })],
  });
  return { locale, mail };
}

/** "Re: <subject>", as mail clients write it, so the visitor's client threads the reply. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** A reply from the inbox, in the language the visitor wrote in. */
export function composeContactReply(original: { locale: Locale; subject: string; createdAt: Date }, body: string): ComposedMail {
  const t = getTranslator(original.locale);
  const date = new Intl.DateTimeFormat(localeConfig[original.locale].intl, { dateStyle: 'long' }).format(original.createdAt);
  const mail = composeMail({
    locale: original.locale,
    subject: replySubject(original.subject),
    paragraphs: paragraphsOf(body),
    footer: [t('mail.contact.reply.footer', { date })],
  });
  // composeMail appends the site name to subjects; a reply keeps the visitor's own subject.
  return { ...mail, subject: replySubject(original.subject) };
}
