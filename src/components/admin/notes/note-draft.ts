/** What a note's text box holds and turns into on save (docs/decisions/061): pure, so the rules are unit-tested. */
import { NOTE_MAX_LENGTH, encodeMentions, type MentionTarget } from '../../../lib/notes/mentions.ts';

export interface NoteDraft {
  text: string;
  picked: MentionTarget[];
}

export const emptyDraft: NoteDraft = { text: '', picked: [] };

/** The body to send, or why it cannot be sent: blank, or `over` characters too long. */
export function bodyOf(draft: NoteDraft): { body: string } | { error: 'required' } | { error: 'tooLong'; over: number } {
  const body = encodeMentions(draft.text.replace(/\r\n?/g, '\n').trim(), draft.picked);
  if (body === '') return { error: 'required' };
  if (body.length > NOTE_MAX_LENGTH) return { error: 'tooLong', over: body.length - NOTE_MAX_LENGTH };
  return { body };
}

/** Adds a picked person once. */
export function withPicked(draft: NoteDraft, target: MentionTarget): NoteDraft {
  return draft.picked.some((known) => known.id === target.id) ? draft : { ...draft, picked: [...draft.picked, target] };
}
