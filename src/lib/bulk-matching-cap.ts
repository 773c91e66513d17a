/**
 * At most this many items for one bulk action on "all matching" (decision 057): more is refused
 * with `TOO_MANY_MATCHING`. Its own module so the list island reads it without the zod schemas.
 */
export const BULK_MATCHING_CAP = 5_000;
