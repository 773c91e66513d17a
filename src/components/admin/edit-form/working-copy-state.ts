/**
 * An item's working copy as the form sees it (decision 035): the `draft` member of the item's
 * GET, and the form's starting point with or without one.
 */
import type { Collection } from '../../../lib/collections/index.ts';
import { itemToDraft, type FormDraft } from '../lib/payload.ts';

type Item = Record<string, unknown>;

/** An item's unpublished working copy, as the item's GET carries it in `draft`. */
export interface WorkingCopy {
  baseVersion: number;
  /** The copy's own version: "Save draft" and "Publish changes" state the one they started from. */
  version: number;
  stale: boolean;
  updatedAt: string;
  updatedBy: { id: string | null; label: string | null };
  /** "Publish changes at": when, and who scheduled it (null when not scheduled). */
  scheduledAt: string | null;
  scheduledBy: { id: string | null; label: string | null } | null;
  /** Why the last scheduled publication failed (an error code), and when. */
  scheduleProblem: string | null;
  scheduleFailedAt: string | null;
  item: Item;
}

export function workingCopyOf(item: Item | null): WorkingCopy | null {
  const copy = item?.['draft'];
  return copy && typeof copy === 'object' && 'item' in copy ? (copy as WorkingCopy) : null;
}

/**
 * The form's starting point for `item`: its base (what a save is compared with, on the version
 * it was read at) and the values shown. With a working copy, the copy is shown and the base
 * carries the copy's `baseVersion`, so saving or publishing a copy the live item outgrew is a 409.
 */
export function startOf(spec: Collection['draft'], item: Item): { base: FormDraft; shown: FormDraft } {
  const live = itemToDraft(spec, item);
  const copy = workingCopyOf(item);
  if (!copy) return { base: live, shown: live };
  return { base: { ...live, version: copy.baseVersion }, shown: { ...itemToDraft(spec, copy.item), version: copy.baseVersion } };
}

/** A published item (or one holding a copy) is edited through its working copy. */
export function editsThroughCopy(config: Pick<Collection, 'publishable'>, item: Item | null): boolean {
  return Boolean(config.publishable && item && (item['status'] === 'published' || workingCopyOf(item)));
}
