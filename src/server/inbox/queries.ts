/** Reading the contact inbox: the list (search, state filter, pages), one message, the unread count. */
import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { contactMessages, contactReplies } from '../../../db/schema.ts';
import { INBOX_PAGE_SIZE, type InboxFilter, type InboxQuery } from './schemas.ts';

export type ContactMessage = typeof contactMessages.$inferSelect;
export type ContactReply = typeof contactReplies.$inferSelect;

/** A list row: everything but the full text (a short excerpt instead). */
export type InboxRow = Omit<ContactMessage, 'message' | 'clientHash' | 'consentAt'> & { excerpt: string };

export interface InboxPage {
  rows: InboxRow[];
  total: number;
  page: number;
  pageCount: number;
}

const EXCERPT_CHARS = 140;

/** `%` and `_` typed by someone searching are literal characters, not wildcards. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterWhere(filter: InboxFilter): SQL | undefined {
  if (filter === 'unread') return isNull(contactMessages.readAt);
  if (filter === 'unhandled') return isNull(contactMessages.handledAt);
  if (filter === 'handled') return isNotNull(contactMessages.handledAt);
  return undefined;
}

function searchWhere(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  // LIKE is case-insensitive for ASCII in SQLite; the inbox is small enough for a scan.
  return or(
    ...[contactMessages.name, contactMessages.email, contactMessages.subject, contactMessages.message].map(
      (column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`,
    ),
  );
}

/** One page of messages, newest first, matching the search and the state filter. */
export async function listInbox(db: Executor, query: InboxQuery): Promise<InboxPage> {
  const where = and(filterWhere(query.filter), searchWhere(query.q));
  const [totalRow] = await db.select({ n: count() }).from(contactMessages).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: contactMessages.id,
      locale: contactMessages.locale,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      excerpt: sql<string>`substr(${contactMessages.message}, 1, ${EXCERPT_CHARS})`,
      createdAt: contactMessages.createdAt,
      readAt: contactMessages.readAt,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

/** One message and its replies (oldest first); null when there is no such message. */
export async function getInboxMessage(db: Executor, id: number): Promise<{ message: ContactMessage; replies: ContactReply[] } | null> {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!message) return null;
  const replies = await db.select().from(contactReplies).where(eq(contactReplies.messageId, id)).orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return { message, replies };
}

/** Messages nobody of the team has opened yet (the navigation's badge). */
export async function countUnread(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}
