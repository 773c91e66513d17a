/**
 * Where kept drafts live in localStorage and how they are written, read raw, expired and cleared
 * (docs/decisions/054). Small and free of the form's code on purpose: every form and the admin
 * shell's sign-out load it; reading an entry back (local-draft.ts) loads only when one exists.
 * Storage errors (full, disabled) are ignored: the form works on, only the safety net is missing.
 */

const DRAFT_KEY_PREFIX = 'edition-hub:draft:v1:';

/** How long a kept draft is offered back: past this it is dropped unread. */
export const LOCAL_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

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

/** One form's kept draft in a `Storage` (localStorage), as text. */
export function localDraftStore(storage: Storage, key: LocalDraftKey) {
  const name = localDraftKey(key);
  return {
    read(): string | null {
      try {
        return storage.getItem(name);
      } catch {
        return null;
      }
    },
    write<T extends { savedAt: number }>(draft: T): void {
      try {
        storage.setItem(name, JSON.stringify(draft));
      } catch {
        // Full or refused storage.
      }
    },
    clear(): void {
      try {
        storage.removeItem(name);
      } catch {
        // Refused storage.
      }
    },
  };
}

export type LocalDraftStore = ReturnType<typeof localDraftStore>;

/** When an entry was kept, or null when it cannot be read. */
function keptAt(text: string | null): number | null {
  try {
    const savedAt = (JSON.parse(text ?? '') as { savedAt?: unknown } | null)?.savedAt;
    return typeof savedAt === 'number' ? savedAt : null;
  } catch {
    return null;
  }
}

export function isExpired(savedAt: number, now: number): boolean {
  return now - savedAt > LOCAL_DRAFT_MAX_AGE_MS;
}

/** The names of the kept drafts under `prefix`. */
function namesUnder(storage: Storage, prefix: string): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name): name is string => Boolean(name?.startsWith(prefix)));
}

/** Drops every expired or unreadable kept draft of the device (any person's): run when a form opens. */
export function pruneExpiredDrafts(storage: Storage, now: number): void {
  try {
    for (const name of namesUnder(storage, DRAFT_KEY_PREFIX)) {
      const savedAt = keptAt(storage.getItem(name));
      if (savedAt === null || isExpired(savedAt, now)) storage.removeItem(name);
    }
  } catch {
    // Refused storage: nothing to prune.
  }
}

/** Drops every kept draft of `userId` (signing out on a shared computer). */
export function clearDraftsOf(storage: Storage, userId: string): void {
  try {
    for (const name of namesUnder(storage, `${DRAFT_KEY_PREFIX}${encodeURIComponent(userId)}:`)) storage.removeItem(name);
  } catch {
    // Refused storage: nothing was kept.
  }
}
