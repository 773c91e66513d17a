/**
 * Who a note may mention: the team members that can open the admin's items (an effective role,
 * not disabled), by the name colleagues see, from the team directory of the active adapter (local
 * accounts, or Clerk's users: docs/decisions/061).
 */
import type { Executor } from '../../../db/client.ts';
import type { MentionTarget } from '../../lib/notes/mentions.ts';
import { readTeamDirectory, type TeamMember, type TeamRecipient } from '../team/directory.ts';

/** A colleague a note can name, with what their mail needs. */
export type Mentionable = TeamRecipient;

/** What the mention picker offers, and whether the team could be read at all. */
export interface MentionCandidates {
  team: MentionTarget[];
  /** The team could not be read (Clerk unreachable): nobody can be offered now. */
  teamUnavailable: boolean;
}

/** The members a note may mention, as the picker lists them. */
export function mentionTargets(members: readonly TeamMember[]): MentionTarget[] {
  return members.filter((member) => member.canRead).map(({ id, label }) => ({ id, label }));
}

/** The team members a note may mention, by name. */
export async function listMentionable(db: Executor): Promise<MentionCandidates> {
  const directory = await readTeamDirectory(db);
  return directory.ok ? { team: mentionTargets(directory.members), teamUnavailable: false } : { team: [], teamUnavailable: true };
}
