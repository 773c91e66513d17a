/**
 * Presence on edit forms (docs/decisions/054): each open form beats every few seconds; a beat
 * records the form and answers who else has the item open, and since when. Rows live in the
 * database because every worker of every machine answers beats; a row not refreshed for two
 * beats (a closed laptop, a crashed tab) is ignored at once and pruned by the next beat. The
 * clock is an argument, so tests decide what "now" is.
 */
import { and, asc, eq, lt, ne } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { presences } from '../../../db/schema.ts';
import type { PresenceInput } from './schemas.ts';

/** How often an open form beats. */
export const HEARTBEAT_MS = 5_000;
/** A row older than two beats (and a little room for a slow network) is a form no longer open. */
export const STALE_AFTER_MS = 2 * HEARTBEAT_MS + 2_000;

/** Who beats: the signed-in person's id and the name colleagues see. */
export interface PresenceUser {
  id: string;
  label: string;
}

/** Someone else with the item open: their name, and since when (the earliest of their tabs). */
export interface Colleague {
  userId: string;
  name: string;
  since: number;
}

/** Records a beat of `form` by `user` and answers who else has the item open at `now`. */
export async function recordBeat(db: Database, user: PresenceUser, form: PresenceInput, now: number): Promise<Colleague[]> {
  return writeTransaction(db, async (tx) => {
    await tx.delete(presences).where(lt(presences.lastSeen, new Date(now - STALE_AFTER_MS)));
    await tx
      .insert(presences)
      .values({ ...form, userId: user.id, userLabel: user.label, since: new Date(now), lastSeen: new Date(now) })
      .onConflictDoUpdate({
        target: [presences.collection, presences.itemId, presences.userId, presences.clientId],
        set: { userLabel: user.label, lastSeen: new Date(now) },
      });
    const rows = await tx
      .select({ userId: presences.userId, name: presences.userLabel, since: presences.since })
      .from(presences)
      .where(and(eq(presences.collection, form.collection), eq(presences.itemId, form.itemId), ne(presences.userId, user.id)))
      .orderBy(asc(presences.since));
    return colleaguesOf(rows.map((row) => ({ ...row, since: row.since.getTime() })));
  });
}

/** Forgets `form` of `user` (the tab closed or left the item); another person's form is never touched. */
export async function recordLeave(db: Database, user: PresenceUser, form: PresenceInput): Promise<void> {
  await writeTransaction(db, (tx) =>
    tx
      .delete(presences)
      .where(
        and(eq(presences.collection, form.collection), eq(presences.itemId, form.itemId), eq(presences.userId, user.id), eq(presences.clientId, form.clientId)),
      ),
  );
}

/** One entry per person (rows come ordered by `since`, so the first of each person is their earliest tab). */
function colleaguesOf(rows: Colleague[]): Colleague[] {
  const byUser = new Map<string, Colleague>();
  for (const row of rows) if (!byUser.has(row.userId)) byUser.set(row.userId, row);
  return [...byUser.values()];
}
