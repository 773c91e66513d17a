/**
 * Mentions in a note (docs/decisions/061). A stored body names a person as `<@userId>`, so a
 * renamed colleague still reads right and the server knows whom to tell; the form shows
 * `@Name` instead and turns it back into tokens on save. Pure: the island and the server share it.
 */

/** Longest note, counted on the stored body (a mention counts as its `<@id>` token). */
export const NOTE_MAX_LENGTH = 4_000;

/** A person a note can name: the account id and the name colleagues see. */
export interface MentionTarget {
  id: string;
  label: string;
}

/** One run of a note as it is shown: plain text, or a mention. */
export type NoteSegment = { kind: 'text'; text: string } | { kind: 'mention'; id: string; label: string | null };

const TOKEN = /<@([A-Za-z0-9_-]{1,64})>/g;

/** The ids a body mentions, each once, in the order they first appear. */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(TOKEN)].map((match) => match[1]!))];
}

/** The body split into text and mentions; `label` is null for an id no longer known. */
export function noteSegments(body: string, labelOf: (id: string) => string | undefined): NoteSegment[] {
  const segments: NoteSegment[] = [];
  let last = 0;
  for (const match of body.matchAll(TOKEN)) {
    if (match.index > last) segments.push({ kind: 'text', text: body.slice(last, match.index) });
    const id = match[1]!;
    segments.push({ kind: 'mention', id, label: labelOf(id) ?? null });
    last = match.index + match[0].length;
  }
  if (last < body.length) segments.push({ kind: 'text', text: body.slice(last) });
  return segments;
}

/**
 * The text a form shows for a stored body (`<@id>` → `@Name`) and the people it names, so
 * saving it again gives the same tokens. An unknown id stays a token: nothing is lost.
 */
export function decodeMentions(body: string, labelOf: (id: string) => string | undefined): { text: string; picked: MentionTarget[] } {
  const picked = new Map<string, MentionTarget>();
  const text = body.replace(TOKEN, (token, id: string) => {
    const label = labelOf(id);
    if (label === undefined) return token;
    picked.set(id, { id, label });
    return `@${label}`;
  });
  return { text, picked: [...picked.values()] };
}

/**
 * The body to store for what the form shows: each `@Name` of a person picked from the list
 * becomes their token (longer names first, so "@Ann Lee" wins over "@Ann"). Names typed without
 * picking stay text and mention nobody.
 */
export function encodeMentions(text: string, picked: readonly MentionTarget[]): string {
  const byLength = [...picked].sort((a, b) => b.label.length - a.label.length);
  let body = text;
  for (const target of byLength) body = body.split(`@${target.label}`).join(`<@${target.id}>`);
  return body;
}

/** Longest name query the suggestions follow after an `@` (a full name with a space or two). */
const QUERY_MAX = 40;

/**
 * The mention being typed at `caret`: the `@` that starts it (at the start of the text or after a
 * space) and what follows it up to the caret, or null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || caret - at - 1 > QUERY_MAX) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (/[\n\r]/.test(query) || /^\s/.test(query)) return null;
  return { start: at, query };
}

/** Team members whose name starts (or has a word starting) with `query`, case and accents ignored. */
export function matchTargets(targets: readonly MentionTarget[], query: string, limit = 8): MentionTarget[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(query.trim());
  return targets
    .filter((target) => {
      const name = fold(target.label);
      return wanted === '' || name.startsWith(wanted) || name.split(/[\s.@_-]+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, limit);
}
