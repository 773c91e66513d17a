/**
 * Unsaved edits kept on this device (docs/decisions/054): what an edit form holds while it is
 * dirty, kept as the person types (local-draft-keeper.ts), so a crashed browser or a closed tab
 * does not lose it. Each entry holds the draft with the base and copy version it was written
 * against, so putting it back over a newer version of the item is said, and the save then meets
 * the usual conflict. This module reads an entry back and decides whether to offer it; the form
 * loads it only when its entry exists.
 */
import { z } from 'zod';
import { hasChanges } from '../lib/diff.ts';
import type { FormDraft } from '../lib/payload.ts';
import { isExpired } from './local-draft-store.ts';

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
  if (!kept || isExpired(kept.savedAt, now)) return null;
  if (!hasChanges(form.loaded, kept.draft)) return null;
  return { draft: kept, savedAt: kept.savedAt, changedSince: stampOf(kept) !== stampOf(form) };
}
