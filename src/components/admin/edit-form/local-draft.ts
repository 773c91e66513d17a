/**
 * Unsaved edits kept on this device (docs/decisions/054): what an edit form holds while it is
 * dirty, kept as the person types (local-draft-keeper.ts), so a crashed browser or a closed tab
 * does not lose it. Each entry holds the draft with the base and copy version it was written
 * against, so putting it back over a newer version of the item is said, and the save then meets
 * the usual conflict. This module reads an entry back and decides whether to offer it; the form
 * loads it only when its entry exists.
 */
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A form draft's shape: texts per locale as strings, a numeric version when there is one. */
function isFormDraft(value: unknown): value is FormDraft {
  if (!isRecord(value) || !isRecord(value['translations'])) return false;
  if (value['version'] !== undefined && typeof value['version'] !== 'number') return false;
  return Object.values(value['translations']).every((texts) => isRecord(texts) && Object.values(texts).every((text) => typeof text === 'string'));
}

/**
 * The kept draft in `text`, or null when it is missing, unreadable or of another shape. A
 * hand-written check rather than a zod schema: the entry is this code's own writing, and the
 * schema's parts would weigh on every admin page's first load (zod is shared with the forms).
 */
export function parseLocalDraft(text: string | null): LocalDraft | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    if (!isRecord(value)) return null;
    const { savedAt, base, loaded, draft, copyVersion } = value;
    if (typeof savedAt !== 'number' || !Number.isInteger(savedAt) || savedAt < 0) return null;
    if (!isFormDraft(base) || !isFormDraft(loaded) || !isFormDraft(draft)) return null;
    if (copyVersion !== null && !Number.isInteger(copyVersion)) return null;
    return { savedAt, base, loaded, draft, copyVersion: copyVersion as number | null };
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
