/**
 * Unsaved edits kept on this device (docs/decisions/054): what an edit form holds while it is
 * dirty, written to localStorage as the person types, so a crashed browser or a closed tab does
 * not lose it. One entry per person, collection and item (or per "new" form); each holds the
 * draft with the base and copy version it was written against, so putting it back over a newer
 * version of the item is said, and the save then meets the usual conflict. Entries expire after
 * a week. Pure apart from the `Storage` it is given.
 */
import { z } from 'zod';
import { hasChanges } from '../lib/diff.ts';
import type { FormDraft } from '../lib/payload.ts';

/** How long a kept draft is offered back: past this it is dropped unread. */
export const LOCAL_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

import { DRAFT_KEY_PREFIX, localDraftKey, type LocalDraftKey } from './local-draft-keys.ts';

export { clearDraftsOf, localDraftKey, type LocalDraftKey } from './local-draft-keys.ts';

/** A form's state as kept on the device. */
export interface LocalDraft {
  savedAt: number;
  base: FormDraft;
  loaded: FormDraft;
  draft: FormDraft;
  copyVersion: number | null;
}

/** What the form holds now, to compare a kept draft with. */
export interface FormSnapshot {
  base: FormDraft;
  loaded: FormDraft;
  copyVersion: number | null;
}

/** A kept draft worth offering back, and whether the item changed since it was taken. */
export interface DraftOffer {
  draft: LocalDraft;
  savedAt: number;
  changedSince: boolean;
}

const formDraft = z.looseObject({ translations: z.record(z.string(), z.record(z.string(), z.string())), version: z.number().optional() });

const storedDraft = z.object({
  savedAt: z.number().int().nonnegative(),
  base: formDraft,
  loaded: formDraft,
  draft: formDraft,
  copyVersion: z.number().int().nullable(),
});

export function serialiseLocalDraft(draft: LocalDraft): string {
  return JSON.stringify(draft);
}

/** The kept draft in `text`, or null when it is missing, unreadable or of another shape. */
export function parseLocalDraft(text: string | null): LocalDraft | null {
  if (!text) return null;
  try {
    const parsed = storedDraft.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as LocalDraft) : null;
  } catch {
    return null;
  }
}

export function isExpired(draft: Pick<LocalDraft, 'savedAt'>, now: number): boolean {
  return now - draft.savedAt > LOCAL_DRAFT_MAX_AGE_MS;
}

/** The version stamp a form edits against: the item's version and its working copy's. */
function stampOf(form: Pick<FormSnapshot, 'base' | 'copyVersion'>): string {
  return `${form.base.version ?? 'new'}/${form.copyVersion ?? 'none'}`;
}

/**
 * Whether `kept` should be offered to a form that now holds `form`: not when it expired, and not
 * when the item already holds what it says. Versions, not clocks, tell whether the item changed
 * since: the device's clock and the server's need not agree.
 */
export function offerOf(kept: LocalDraft | null, form: FormSnapshot, now: number): DraftOffer | null {
  if (!kept || isExpired(kept, now)) return null;
  if (!hasChanges(form.loaded, kept.draft)) return null;
  return { draft: kept, savedAt: kept.savedAt, changedSince: stampOf(kept) !== stampOf(form) };
}

/** One form's kept draft in a `Storage` (localStorage); storage errors (full, disabled) are ignored. */
export function localDraftStore(storage: Storage, key: LocalDraftKey) {
  const name = localDraftKey(key);
  return {
    read(): LocalDraft | null {
      try {
        return parseLocalDraft(storage.getItem(name));
      } catch {
        return null;
      }
    },
    write(draft: LocalDraft): void {
      try {
        storage.setItem(name, serialiseLocalDraft(draft));
      } catch {
        // Full or refused storage: the form works on; only the safety net is missing.
      }
    },
    clear(): void {
      try {
        storage.removeItem(name);
      } catch {
        // As above.
      }
    },
  };
}

export type LocalDraftStore = ReturnType<typeof localDraftStore>;

/** Drops every expired kept draft of the device (any person's): run when a form opens. */
export function pruneExpiredDrafts(storage: Storage, now: number): void {
  try {
    const names = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name): name is string =>
      Boolean(name?.startsWith(DRAFT_KEY_PREFIX)),
    );
    for (const name of names) {
      const kept = parseLocalDraft(storage.getItem(name));
      if (!kept || isExpired(kept, now)) storage.removeItem(name);
    }
  } catch {
    // Storage refused: nothing to prune.
  }
}
