/**
 * The privacy policy's promise, kept by the server itself: a contact message (with its replies
 * and their mail) is deleted `HUB_CONTACT_RETENTION_MONTHS` (12 unless set) after it was handled; an unhandled one is kept until
 * someone handles it. The job is one idempotent DELETE, so every node and every start-up may run
 * it without coordination: two runs at once delete the same rows once (decision 021).
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { contactMessages } from '../../../db/schema.ts';
import { forgetMailFiles, removeMessages } from './removal.ts';

/** Where mail copies live (file mode), so the job removes those of what it deletes. */
export interface MailFileSettings {
  SMTP_URL?: string | undefined;
  MAIL_DIR: string;
}

/** How long a handled message is kept, in months (the privacy policy says so). */
export interface RetentionSettings extends MailFileSettings {
  HUB_CONTACT_RETENTION_MONTHS: number;
}

/** The moment before which a handled message has expired: the same date, `months` earlier. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes the messages handled before the cutoff (and their mail); returns how many went. */
export async function deleteExpiredMessages(db: Database, settings: RetentionSettings, now = new Date()): Promise<number> {
  const removed = await writeTransaction(db, async (tx) => {
    const expired = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(isNotNull(contactMessages.handledAt), lt(contactMessages.handledAt, retentionCutoff(now, settings.HUB_CONTACT_RETENTION_MONTHS))));
    return removeMessages(
      tx,
      expired.map((row) => row.id),
    );
  });
  await forgetMailFiles(settings, removed.mails);
  return removed.messages;
}
