/**
 * An item's review request as its edit form sees it (docs/decisions/064): the `review` member the
 * edit page adds to the item, and what the panel offers from it.
 */
import type { ReviewView } from '../../../lib/review/review-view.ts';

export type { ReviewView };

type Item = Record<string, unknown>;

/** The newest request of the item, as the edit page loaded it (null: never submitted). */
export function reviewOf(item: Item | null): ReviewView | null {
  const review = item?.['review'];
  return review && typeof review === 'object' && 'status' in review ? (review as ReviewView) : null;
}
