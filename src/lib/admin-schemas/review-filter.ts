/**
 * The review filter every collection list has (docs/decisions/064): `review=waiting` keeps the
 * items with a request waiting for review. Part of each declaration's list query, so the API, the
 * export, the list screen's URL and saved views all accept it.
 */
import { z } from 'zod';

export const reviewFilterValues = ['waiting'] as const;

/** Query parameter: `review=waiting`. */
export const reviewFilters = { review: z.enum(reviewFilterValues, { error: 'INVALID_VALUE' }).optional() };

/** The list screen's control for it (typed in `collections/declare.ts`). */
export const reviewFilterControl = {
  key: 'review',
  kind: 'select' as const,
  options: reviewFilterValues,
  labelPrefix: 'admin.review.filterValue.',
  label: 'admin.review.filter',
};
