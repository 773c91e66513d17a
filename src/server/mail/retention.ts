/**
 * How long the outbox keeps what it sent: as long as contact messages are kept
 * (`HUB_CONTACT_RETENTION_MONTHS`, twelve unless set), as the privacy policy promises for
 * what visitors write (a contact notification carries their message), then the row and its
 * `.eml` file go. Also the erasure of one person's mail, for a request under the policy.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema.ts';

export const MAIL_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** The outbox's retention for a retention of `months` (a month counted as 1/12 of 365 days). */
export function mailRetentionMs(months: number): number {
  return Math.round((MAIL_RETENTION_MS * months) / 12);
}

/** What a transport needs to forget a message it kept (the `.eml` file's name). */
export interface ForgottenMail {
  id: number;
  createdAt: Date;
}

/** Deletes messages sent (or given up, by queue time) before `now - retentionMs`; pending ones stay. */
export function pruneOldMail(db: Database, { now = new Date(), retentionMs = MAIL_RETENTION_MS } = {}): Promise<ForgottenMail[]> {
  const before = new Date(now.getTime() - retentionMs);
  return writeTransaction(db, (tx) =>
    tx
      .delete(mailOutbox)
      .where(or(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)), and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, before))))
      .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt }),
  );
}

/**
 * Deletes every message to or about `address` (its recipient or its Reply-To), pending ones
 * included, inside the caller's transaction. Returns them so their files can be removed once it
 * commits (`MailTransport.forget`).
 */
export function eraseMailAbout(executor: Executor, address: string): Promise<ForgottenMail[]> {
  const normalised = address.trim().toLowerCase();
  return executor
    .delete(mailOutbox)
    .where(or(sql`lower(${mailOutbox.recipient}) = ${normalised}`, sql`lower(${mailOutbox.replyTo}) = ${normalised}`))
    .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
}
