/**
 * A person's contact data, found by e-mail address: exported as JSON or erased on request. The
 * audit log records that it happened under a hash of the address, never the address or the text:
 * an erased person must not live on in the log (decision 021).
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { contactMessages, contactReplies } from '../../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { eraseMailAbout } from '../mail/retention.ts';
import { forgetMailFiles, removeMessages } from './removal.ts';
import { getEnv } from '../config/env.ts';
import type { ContactMessageFields } from './contact-message.ts';

/** A stable pseudonym for an address in the audit log. */
export function personKey(email: string): string {
  return `sha256:${createHash('sha256').update(`edition-hub:contact-person:${email.trim().toLowerCase()}`).digest('hex').slice(0, 32)}`;
}

const byAddress = (email: string) => eq(sql`lower(${contactMessages.email})`, email.trim().toLowerCase());

export interface PersonExport {
  email: string;
  exportedAt: string;
  messages: (ContactMessageFields & {
    consentAt: string;
    createdAt: string;
    readAt: string | null;
    handledAt: string | null;
    replies: { body: string; author: string | null; createdAt: string }[];
  })[];
}

/** Counts of what is held about an address (the person screen). */
export async function summarisePerson(db: Executor, email: string): Promise<{ messages: number; replies: number }> {
  const ids = (await db.select({ id: contactMessages.id }).from(contactMessages).where(byAddress(email))).map((row) => row.id);
  if (ids.length === 0) return { messages: 0, replies: 0 };
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, ids));
  return { messages: ids.length, replies: row?.n ?? 0 };
}

async function collectPerson(db: Executor, email: string, now: Date): Promise<PersonExport> {
  const messages = await db.select().from(contactMessages).where(byAddress(email)).orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  const replies = messages.length
    ? await db
        .select()
        .from(contactReplies)
        .where(
          inArray(
            contactReplies.messageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
    : [];
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    email: email.trim().toLowerCase(),
    exportedAt: now.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      locale: m.locale,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      consentAt: m.consentAt.toISOString(),
      createdAt: m.createdAt.toISOString(),
      readAt: iso(m.readAt),
      handledAt: iso(m.handledAt),
      replies: replies.filter((r) => r.messageId === m.id).map((r) => ({ body: r.body, author: r.authorLabel, createdAt: r.createdAt.toISOString() })),
    })),
  };
}

/** Everything an address wrote and every reply it got, audited as an `export`. */
export function exportPerson(db: Database, actor: Actor, email: string, now = new Date()): Promise<PersonExport> {
  return writeTransaction(db, async (tx) => {
    const data = await collectPerson(tx, email, now);
    const replies = data.messages.reduce((sum, m) => sum + m.replies.length, 0);
    await recordAudit(tx, actor, [
      { action: 'export', entity: 'contact_person', entityId: personKey(email), changedFields: [`messages:${data.messages.length}`, `replies:${replies}`] },
    ]);
    return data;
  });
}

/**
 * Erases every message of an address with its replies, and every mail to or about it (the
 * team's notifications carry it as Reply-To), audited as an `erase`.
 */
export async function erasePerson(db: Database, actor: Actor, email: string): Promise<{ messages: number; replies: number }> {
  const removed = await writeTransaction(db, async (tx) => {
    const ids = (await tx.select({ id: contactMessages.id }).from(contactMessages).where(byAddress(email))).map((row) => row.id);
    const gone = await removeMessages(tx, ids);
    const mails = [...gone.mails, ...(await eraseMailAbout(tx, email))];
    await recordAudit(tx, actor, [
      { action: 'erase', entity: 'contact_person', entityId: personKey(email), changedFields: [`messages:${gone.messages}`, `replies:${gone.replies}`] },
    ]);
    return { messages: gone.messages, replies: gone.replies, mails };
  });
  await forgetMailFiles(getEnv(), removed.mails);
  return { messages: removed.messages, replies: removed.replies };
}
