/**
 * Notes on items (docs/decisions/061): the team's comments on any item of any collection, read
 * and written on its edit screen only. Every write is one transaction with its consequences: the
 * activity entry of a new note, the mention rows and the mails of people it newly names. Only
 * people who can open the item may be named; a mention of anyone else refuses the save (422).
 * When the team cannot be read (Clerk unreachable), the note still saves: its mentions can be
 * neither checked nor mailed, which is logged, and a later edit mails them once the team reads.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor, type Transaction } from '../../../db/client.ts';
import { noteMentions, notes } from '../../../db/schema.ts';
import { mentionedIds } from '../../lib/notes/mentions.ts';
import type { NoteView } from '../../lib/notes/note-view.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { columnOf } from '../engine/entity-state.ts';
import type { AdminResource } from '../engine/resource.ts';
import { AdminError, notFound } from '../errors/domain-errors.ts';
import { enqueueMentionMail } from './mail.ts';
import type { NoteInput } from './schemas.ts';
import { deleteNoteRow } from './store.ts';
import { logLine } from '../log/log-line.ts';
import { readTeamDirectory, type TeamDirectory } from '../team/directory.ts';
import type { Mentionable } from './team.ts';

type NoteRow = typeof notes.$inferSelect;

function viewOf(row: NoteRow): NoteView {
  return {
    id: row.id,
    collection: row.collection,
    itemId: row.itemId,
    body: row.body,
    author: { id: row.authorId, label: row.authorLabel },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.updatedAt.getTime() !== row.createdAt.getTime(),
  };
}

/** The item's display title, or 404 when it does not exist (a trashed item's notes wait with it). */
async function requireItem(db: Executor, resource: AdminResource, id: number): Promise<string> {
  const { spec } = resource;
  const idColumn = columnOf(spec, 'id');
  const [row] = await db
    .select({ title: sql<string | null>`${spec.title}` })
    .from(spec.table)
    .where(and(eq(idColumn, id), spec.managed));
  if (!row) throw notFound(spec.entity, id);
  return row.title ?? '';
}

/** The notes of an item, oldest first (a conversation reads down). */
export async function listNotes(db: Executor, resource: AdminResource, itemId: number): Promise<NoteView[]> {
  await requireItem(db, resource, itemId);
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.collection, resource.collection), eq(notes.itemId, itemId)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  return rows.map(viewOf);
}

/** The people `body` names, or a 422 naming every mention of someone who cannot open the item. */
function checkMentions(body: string, accounts: readonly (Mentionable & { canRead: boolean })[]): Mentionable[] {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const ids = mentionedIds(body);
  const refused = ids.filter((id) => !byId.get(id)?.canRead);
  if (refused.length > 0) {
    throw new AdminError(422, 'MENTION_NO_ACCESS', 'A mentioned person cannot open this item', {
      errors: { body: ['MENTION_NO_ACCESS'] },
      extensions: { mentions: refused.map((id) => ({ id, label: byId.get(id)?.label ?? null })) },
    });
  }
  return ids.map((id) => byId.get(id)!);
}

/** The people `body` names, checked against the team; nobody (logged) when the team could not be read. */
function mentionsOf(body: string, directory: TeamDirectory): Mentionable[] {
  if (directory.ok) return checkMentions(body, directory.members);
  const ids = mentionedIds(body);
  if (ids.length > 0) logLine('warn', 'team directory unavailable: note mentions not checked nor mailed', { mentions: ids.length });
  return [];
}

/** Records and mails the people a save newly mentions (the author is never mailed about their own note). */
async function notifyMentions(
  tx: Transaction,
  actor: Actor,
  row: NoteRow,
  entity: AdminResource['spec']['entity'],
  title: string,
  mentioned: Mentionable[],
  accounts: readonly Mentionable[],
) {
  const others = mentioned.filter((person) => person.id !== actor.id);
  if (others.length === 0) return;
  const already = await tx
    .select({ userId: noteMentions.userId })
    .from(noteMentions)
    .where(
      and(
        eq(noteMentions.noteId, row.id),
        inArray(
          noteMentions.userId,
          others.map((person) => person.id),
        ),
      ),
    );
  const known = new Set(already.map((entry) => entry.userId));
  const labels = new Map(accounts.map((account) => [account.id, account.label]));
  const now = new Date();
  for (const person of others.filter((candidate) => !known.has(candidate.id))) {
    await tx.insert(noteMentions).values({ noteId: row.id, userId: person.id, notifiedAt: now });
    await enqueueMentionMail(
      tx,
      person,
      { noteId: row.id, collection: row.collection, entity, itemId: row.itemId, title, author: actor.label, body: row.body },
      (id) => labels.get(id),
    );
  }
}

/** Adds a note to an item; its activity entry and mention mails commit with it. */
export async function createNote(db: Database, actor: Actor, resource: AdminResource, itemId: number, input: NoteInput): Promise<NoteView> {
  const directory = await readTeamDirectory(db);
  const mentioned = mentionsOf(input.body, directory);
  const accounts = directory.ok ? directory.members : [];
  return writeTransaction(db, async (tx) => {
    const title = await requireItem(tx, resource, itemId);
    const now = new Date();
    const [row] = await tx
      .insert(notes)
      .values({ collection: resource.collection, itemId, body: input.body, authorId: actor.id, authorLabel: actor.label, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, actor, [{ action: 'note-add', entity: resource.spec.entity, entityId: itemId, changedFields: [], title: title || null }]);
    await notifyMentions(tx, actor, row!, resource.spec.entity, title, mentioned, accounts);
    return viewOf(row!);
  });
}

/** The note and the resource of its item, or 404 (also while the item is in the trash). */
async function requireNote(db: Executor, noteId: number, resourceOf: (collection: string) => AdminResource | undefined) {
  const [row] = await db.select().from(notes).where(eq(notes.id, noteId));
  const resource = row ? resourceOf(row.collection) : undefined;
  if (!row || !resource) throw new AdminError(404, 'NOTE_NOT_FOUND', `No note with id ${noteId}`);
  const title = await requireItem(db, resource, row.itemId).catch(() => {
    throw new AdminError(404, 'NOTE_NOT_FOUND', `No note with id ${noteId}`);
  });
  return { row, resource, title };
}

/** Changes the text of one's own note; people it newly names are mailed, the others are not again. */
export async function updateNote(
  db: Database,
  actor: Actor,
  noteId: number,
  input: NoteInput,
  resourceOf: (collection: string) => AdminResource | undefined,
): Promise<NoteView> {
  const directory = await readTeamDirectory(db);
  const mentioned = mentionsOf(input.body, directory);
  const accounts = directory.ok ? directory.members : [];
  return writeTransaction(db, async (tx) => {
    const { row, resource, title } = await requireNote(tx, noteId, resourceOf);
    if (row.authorId !== actor.id) throw new AdminError(403, 'NOTE_NOT_YOURS', 'Only its author may edit a note');
    if (row.body === input.body) return viewOf(row);
    const [updated] = await tx.update(notes).set({ body: input.body, updatedAt: new Date() }).where(eq(notes.id, noteId)).returning();
    await notifyMentions(tx, actor, updated!, resource.spec.entity, title, mentioned, accounts);
    return viewOf(updated!);
  });
}

/** Deletes one's own note, or anyone's with `notes.moderate`. */
export async function deleteNote(db: Database, actor: Actor, noteId: number, resourceOf: (collection: string) => AdminResource | undefined): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { row } = await requireNote(tx, noteId, resourceOf);
    if (row.authorId !== actor.id) demand(actor, 'notes.moderate');
    await deleteNoteRow(tx, noteId);
  });
}
