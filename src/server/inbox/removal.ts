/**
 * Removing contact messages for good: deletion, erasure and the retention job share it. Kept
 * free of mail and i18n code so the server's primary process can run the retention job cheaply.
 */
import { inArray, like, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { contactMessages, contactReplies, mailOutbox } from '../../../db/schema.ts';

/** Outbox causes of everything mailed about a message start with this (notification, replies). */
export function messageCausePrefix(id: number): string {
  return `contact:${id}:`;
}

/**
 * Removes messages with their replies and the outbox rows mailed about them (a notification or
 * reply still waiting is not sent for a message that no longer exists). Returns what went.
 */
export async function removeMessages(tx: Executor, ids: readonly number[]): Promise<{ messages: number; replies: number }> {
  if (ids.length === 0) return { messages: 0, replies: 0 };
  let replies = 0;
  for (let start = 0; start < ids.length; start += 200) {
    const chunk = ids.slice(start, start + 200);
    const removed = await tx.delete(contactReplies).where(inArray(contactReplies.messageId, chunk)).returning({ id: contactReplies.id });
    replies += removed.length;
    await tx.delete(mailOutbox).where(or(...chunk.map((id) => like(mailOutbox.cause, `${messageCausePrefix(id)}%`))));
    await tx.delete(contactMessages).where(inArray(contactMessages.id, chunk));
  }
  return { messages: ids.length, replies };
}
