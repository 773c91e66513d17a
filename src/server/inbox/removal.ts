/**
 * Removing contact messages for good: deletion, erasure and the retention job share it. Kept
 * free of mail and i18n code so the retention job costs little wherever it runs.
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, inArray, like, ne, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { contactMessages, contactReplies, mailOutbox } from '../../../db/schema.ts';
import type { ForgottenMail } from '../mail/retention.ts';
import { emlFileName } from '../mail/transport.ts';

/** Outbox causes of everything mailed about a message start with this (notification, replies). */
export function messageCausePrefix(id: number): string {
  return `contact:${id}:`;
}

/**
 * Removes messages with their replies and the outbox rows mailed about them. `keepPending`
 * leaves mail still waiting to go (a reply sent a moment before the message was deleted still
 * reaches the visitor); erasure and retention take everything. Returns what went.
 */
export async function removeMessages(tx: Executor, ids: readonly number[], { keepPending = false } = {}): Promise<Removed> {
  const mails: ForgottenMail[] = [];
  if (ids.length === 0) return { messages: 0, replies: 0, mails };
  let replies = 0;
  for (let start = 0; start < ids.length; start += 200) {
    const chunk = ids.slice(start, start + 200);
    const removed = await tx.delete(contactReplies).where(inArray(contactReplies.messageId, chunk)).returning({ id: contactReplies.id });
    replies += removed.length;
    mails.push(
      ...(await tx
        .delete(mailOutbox)
        .where(and(or(...chunk.map((id) => like(mailOutbox.cause, `${messageCausePrefix(id)}%`))), keepPending ? ne(mailOutbox.status, 'pending') : undefined))
        .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt })),
    );
    await tx.delete(contactMessages).where(inArray(contactMessages.id, chunk));
  }
  return { messages: ids.length, replies, mails };
}

export interface Removed {
  messages: number;
  replies: number;
  /** Outbox rows deleted with them, whose `.eml` copies must go too (file mode). */
  mails: ForgottenMail[];
}

/**
 * Deletes the `.eml` copies of deleted outbox rows once their transaction committed. With SMTP
 * the server kept nothing of ours; in file mode the copies live under MAIL_DIR.
 */
export async function forgetMailFiles(settings: { SMTP_URL?: string | undefined; MAIL_DIR: string }, mails: readonly ForgottenMail[]): Promise<void> {
  if (settings.SMTP_URL || mails.length === 0) return;
  const dir = resolve(settings.MAIL_DIR);
  await Promise.all(mails.map((mail) => rm(join(dir, emlFileName(mail.id, mail.createdAt)), { force: true })));
}
