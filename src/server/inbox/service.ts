/**
 * Changing the contact inbox: read and handled states, replies through the outbox, deletion.
 * Every change is one write transaction; a reply and the mail that carries it commit together.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { contactMessages, contactReplies } from '../../../db/schema.ts';
import { defaultLocale, isLocale } from '../../i18n/config.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { composeContactReply } from './mail.ts';
import type { ContactReply } from './queries.ts';
import { getEnv } from '../config/env.ts';
import { forgetMailFiles, messageCausePrefix, removeMessages } from './removal.ts';
import { mailSiteName } from '../config/site-settings.ts';

export type InboxFailure = { ok: false; code: 'MESSAGE_NOT_FOUND' };
const notFound: InboxFailure = { ok: false, code: 'MESSAGE_NOT_FOUND' };

/** Marks a message read (opening it does) or unread again; false when it does not exist. */
export async function setMessageRead(db: Database, id: number, read: boolean, now = new Date()): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    // Opening it again keeps the first reading time.
    const readAt = read ? sql`coalesce(${contactMessages.readAt}, ${now.getTime()})` : null;
    const rows = await tx.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return rows.length > 0;
  });
}

/**
 * Marks a message handled (the retention clock starts: decision 021) or unhandled again (the
 * clock stops until it is handled anew). Handling implies it was read.
 */
export async function setMessageHandled(db: Database, id: number, handled: boolean, now = new Date()): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const values = handled
      ? { handledAt: sql`coalesce(${contactMessages.handledAt}, ${now.getTime()})`, readAt: sql`coalesce(${contactMessages.readAt}, ${now.getTime()})` }
      : { handledAt: null };
    const rows = await tx.update(contactMessages).set(values).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return rows.length > 0;
  });
}

export interface ReplyOptions {
  /** `Reply-To` of the mail, so the visitor's answer reaches the team. */
  replyTo?: string | undefined;
  /**
   * The form's one-time key (or the API's `Idempotency-Key`): the same key posted twice (a double
   * click, a resent form) is one reply and one mail. Without one, every call is a new reply.
   */
  key?: string | undefined;
  now?: Date;
}

/**
 * Stores a reply beside its message and queues the mail carrying it, in one transaction; the
 * message counts as read and handled from then on.
 */
export async function replyToMessage(
  db: Database,
  actor: Actor,
  id: number,
  body: string,
  options: ReplyOptions = {},
): Promise<{ ok: true; reply: ContactReply; repeated: boolean } | InboxFailure> {
  const now = options.now ?? new Date();
  return writeTransaction(db, async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    if (!message) return notFound;
    const locale = isLocale(message.locale) ? message.locale : defaultLocale;
    const cause = `${messageCausePrefix(id)}reply:${options.key ?? randomUUID()}`;
    // Write transactions are serialised, so a second post of the same key sees the first's row.
    const [earlier] = await tx
      .select()
      .from(contactReplies)
      .where(and(eq(contactReplies.messageId, id), eq(contactReplies.cause, cause)))
      .limit(1);
    if (earlier) return { ok: true, reply: earlier, repeated: true } as const;
    const [reply] = await tx
      .insert(contactReplies)
      .values({ messageId: id, authorId: actor.id, authorLabel: actor.label, body, cause, createdAt: now })
      .returning();
    await enqueueMail(tx, {
      cause,
      kind: 'contact-reply',
      to: message.email,
      locale,
      mail: composeContactReply({ locale, subject: message.subject, createdAt: message.createdAt }, body, await mailSiteName(tx, locale)),
      replyTo: options.replyTo,
      // The reply is kept beside the message (and deleted with it); the outbox keeps no second copy.
      sensitive: true,
    });
    await tx
      .update(contactMessages)
      .set({ handledAt: message.handledAt ?? now, readAt: message.readAt ?? now })
      .where(eq(contactMessages.id, id));
    return { ok: true, reply: reply!, repeated: false } as const;
  });
}

/** Deletes one message (and its replies), audited; false when it does not exist. */
export async function deleteMessage(db: Database, actor: Actor, id: number): Promise<boolean> {
  const removed = await writeTransaction(db, async (tx) => {
    const [message] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    if (!message) return null;
    const gone = await removeMessages(tx, [id], { keepPending: true });
    await recordAudit(tx, actor, [{ action: 'delete', entity: 'contact_message', entityId: id, changedFields: [] }]);
    return gone;
  });
  if (removed) await forgetMailFiles(getEnv(), removed.mails);
  return removed !== null;
}
