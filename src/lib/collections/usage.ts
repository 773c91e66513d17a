/** What the admin API says about where an item is used (409 `IN_USE` and an item's `usedBy`). */
import type { CollectionName } from './declare.ts';
import type { CollectionEntity } from './index.ts';

/** One item that points at the used one. */
export interface Usage {
  /** The id of the used item (several when a bulk delete checks many). */
  usedId: number;
  /** What points at it, as the audit log names it (`event`) and as routes do (`events`). */
  entity: CollectionEntity;
  collection: CollectionName;
  id: number;
  slug: string;
  title: string;
  /** The owner's field that holds the reference, as in the admin API (`tagIds`, `coverMediaId`). */
  field: string;
}
