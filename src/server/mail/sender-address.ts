/** Who the product's mail comes from, and the domain of its Message-IDs. */
import { getTranslator } from '../../i18n/index.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { getSiteOrigin } from '../config/site-origin.ts';

/** A host name a mail address may carry (not an IP literal, which would need brackets). */
function mailDomainOf(origin: string): string {
  const host = new URL(origin).hostname;
  return /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[') ? 'localhost' : host;
}

/**
 * `MAIL_FROM` when set; otherwise `"<site name>" <no-reply@<site host>>`, the host of
 * PUBLIC_SITE_URL (or the address the server listens on).
 */
export function resolveMailFrom(mailFrom: string | undefined, origin = getSiteOrigin()): string {
  if (mailFrom) return mailFrom;
  const site = getTranslator(defaultLocale)('site.name').replace(/["\\]/g, '');
  return `"${site}" <no-reply@${mailDomainOf(origin)}>`;
}

/** The domain part of a sender (`Name <a@b.org>` or `a@b.org`): the right side of Message-IDs. */
export function messageIdDomainOf(from: string): string {
  const match = /@([^\s<>@"]+)>?\s*$/.exec(from);
  return match?.[1]?.toLowerCase() ?? 'localhost';
}
