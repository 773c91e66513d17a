/**
 * Deleting notes (docs/decisions/061): one, or those of items the trash purges. Apart from the service: the start script's
 * daily trash round imports this in plain Node, which must not load the mail and site modules.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { noteMentions, notes } from '../../../db/schema.ts';

/** Deletes notes and their mention rows (said here rather than left to a cascade the connection may not enforce). */
async function deleteNotes(tx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(noteMentions).where(inArray(noteMentions.noteId, [...ids]));
  await tx.delete(notes).where(inArray(notes.id, [...ids]));
}

/** Deletes one note with its mention rows. */
export function deleteNoteRow(tx: Executor, noteId: number): Promise<void> {
  return deleteNotes(tx, [noteId]);
}

/** Deletes the notes of items deleted for good (a trash purge), inside its transaction. */
export async function deleteNotesOf(tx: Executor, collection: string, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = await tx
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.collection, collection), inArray(notes.itemId, [...itemIds])));
  await deleteNotes(
    tx,
    rows.map((row) => row.id),
  );
}
