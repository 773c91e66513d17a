/** The outbox sender of an app process, configured from the environment (docs/decisions/017). */
import type { Database } from '../../../db/client.ts';
import type { Env } from '../config/env.ts';
import { mailRetentionMs } from './retention.ts';
import { MailSender } from './sender.ts';
import { resolveMailFrom } from './sender-address.ts';
import { createFileTransport, createSmtpTransport } from './transport.ts';

type MailSettings = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR' | 'HUB_MAIL_RETRY_BASE_MS' | 'HUB_MAIL_POLL_MS' | 'HUB_CONTACT_RETENTION_MONTHS'>;

/** Starts delivering: over SMTP when `SMTP_URL` is set, as `.eml` files under `MAIL_DIR` otherwise. */
export function startMailSender(db: Database, env: MailSettings): MailSender {
  const sender = new MailSender({
    db,
    transport: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFileTransport(env.MAIL_DIR),
    from: resolveMailFrom(env.MAIL_FROM),
    retryBaseMs: env.HUB_MAIL_RETRY_BASE_MS,
    pollMs: env.HUB_MAIL_POLL_MS,
    // A contact notification carries what a visitor wrote: kept as long as the message itself.
    retentionMs: mailRetentionMs(env.HUB_CONTACT_RETENTION_MONTHS),
  });
  sender.start();
  return sender;
}
