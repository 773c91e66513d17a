/**
 * An item's review request as its edit form sees it (docs/decisions/064): the `review` member the
 * edit page adds to the item, and what the panel offers from it.
 */
type Item = Record<string, unknown>;

export interface ReviewView {
  id: number;
  status: 'waiting' | 'changes-requested' | 'approved' | 'withdrawn' | 'closed';
  message: string | null;
  submittedBy: { id: string; label: string };
  submittedAt: string;
  decidedBy: { id: string | null; label: string | null } | null;
  decidedAt: string | null;
  comment: string | null;
}

/** The newest request of the item, as the edit page loaded it (null: never submitted). */
export function reviewOf(item: Item | null): ReviewView | null {
  const review = item?.['review'];
  return review && typeof review === 'object' && 'status' in review ? (review as ReviewView) : null;
}
