/**
 * Where kept drafts live in localStorage (docs/decisions/054): the one piece every form loads
 * (and the admin shell reads on the server, for its sign-out). Writing, reading back and offering a draft (local-draft-keeper.ts)
 * load only once a form has something to keep or to offer.
 */

export const DRAFT_KEY_PREFIX = 'edition-hub:draft:v1:';

/** Which form a kept draft belongs to. */
export interface LocalDraftKey {
  userId: string;
  collection: string;
  /** null: the "new" form of the collection. */
  itemId: number | null;
}

/** Where every kept draft of one person starts (the admin shell's sign-out drops them all). */
export function draftPrefixOf(userId: string): string {
  return `${DRAFT_KEY_PREFIX}${encodeURIComponent(userId)}:`;
}

/** The storage key of one form's kept draft. */
export function localDraftKey({ userId, collection, itemId }: LocalDraftKey): string {
  return `${draftPrefixOf(userId)}${collection}:${itemId ?? 'new'}`;
}

/** The names of the kept drafts under `prefix` (every person's by default). */
export function keptDraftNames(storage: Storage, prefix = DRAFT_KEY_PREFIX): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name): name is string => Boolean(name?.startsWith(prefix)));
}

/** Drops every kept draft of `userId` (signing out on a shared computer). */
export function clearDraftsOf(storage: Storage, userId: string): void {
  try {
    for (const name of keptDraftNames(storage, draftPrefixOf(userId))) storage.removeItem(name);
  } catch {
    // Refused storage: nothing was kept.
  }
}
