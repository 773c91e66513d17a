/** Reading the account mails (reset, verification, invitation) that reach the test SMTP server. */
import type { ReceivedMail, TestSmtp } from './smtp-server.ts';

/** Quick mail polls: the behaviour is the production one, on a shorter clock. */
export const FAST_MAIL = { HUB_MAIL_POLL_MS: '200', HUB_MAIL_RETRY_BASE_MS: '50' };

/** The link of `mail` to `pathname` (e.g. `/en/admin/sign-in/reset-password`), from its text part. */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const url = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((raw) => new URL(raw))
    .find((candidate) => candidate.pathname === pathname);
  if (!url) throw new Error(`no link to ${pathname} in «${mail.subject}»:\n${mail.text}`);
  return url;
}

/** The first mail to `to` whose subject contains `subject`, among those received from index `from` on. */
export function mailTo(smtp: TestSmtp, to: string, subject: string, from = 0): Promise<ReceivedMail> {
  return smtp.waitFor((mail) => smtp.received.indexOf(mail) >= from && mail.to.includes(to) && mail.subject.includes(subject));
}

/** The path and query of a link, to request it from the test server. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;
