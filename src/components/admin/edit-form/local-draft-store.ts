/**
 * One form's kept draft in localStorage (docs/decisions/054): written, read as text, expired,
 * cleared. Storage errors (full, disabled) are ignored: the form works on, only the safety net
 * is missing.
 */
import { keptDraftNames, localDraftKey, type LocalDraftKey } from './local-draft-key.ts';

/** How long a kept draft is offered back: past this it is dropped unread. */
export const LOCAL_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

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

/** Drops every expired or unreadable kept draft of the device (any person's): run when a form opens. */
export function pruneExpiredDrafts(storage: Storage, now: number): void {
  try {
    for (const name of keptDraftNames(storage)) {
      const savedAt = keptAt(storage.getItem(name));
      if (savedAt === null || isExpired(savedAt, now)) storage.removeItem(name);
    }
  } catch {
    // Refused storage: nothing to prune.
  }
}
