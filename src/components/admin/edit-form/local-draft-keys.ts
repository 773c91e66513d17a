/**
 * Where kept drafts live in localStorage (local-draft.ts), apart from how they are read: the
 * admin shell's sign-out clears a person's drafts with this alone, without loading the form's code.
 */

export const DRAFT_KEY_PREFIX = 'edition-hub:draft:v1:';

/** Which form a kept draft belongs to. */
export interface LocalDraftKey {
  userId: string;
  collection: string;
  /** null: the "new" form of the collection. */
  itemId: number | null;
}

/** The storage key of one form's kept draft. */
export function localDraftKey({ userId, collection, itemId }: LocalDraftKey): string {
  return `${DRAFT_KEY_PREFIX}${encodeURIComponent(userId)}:${collection}:${itemId ?? 'new'}`;
}

/** Drops every kept draft of `userId` (signing out on a shared computer). */
export function clearDraftsOf(storage: Storage, userId: string): void {
  try {
    const mine = `${DRAFT_KEY_PREFIX}${encodeURIComponent(userId)}:`;
    const names = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name): name is string => Boolean(name?.startsWith(mine)));
    for (const name of names) storage.removeItem(name);
  } catch {
    // Storage refused: nothing was kept.
  }
}
