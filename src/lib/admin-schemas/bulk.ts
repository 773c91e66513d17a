/** Bulk actions on many items of one collection at once (list screens' selection). */
import { z } from 'zod';
import { idField, typeError } from './fields.ts';

const BULK_MAX_IDS = 500;
const bulkActions = ['publish', 'unpublish', 'archive', 'delete'] as const;
export type BulkAction = (typeof bulkActions)[number];

export const bulkSchema = z.strictObject({
  action: z.enum(bulkActions, { error: 'INVALID_VALUE' }),
  ids: z
    .array(idField, { error: typeError })
    .min(1, { error: 'REQUIRED' })
    .max(BULK_MAX_IDS, { error: 'TOO_MANY' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'DUPLICATE_ID' }),
  /** Delete only: also remove the item from everything that uses it. */
  detach: z.boolean({ error: typeError }).optional(),
});

export type BulkInput = z.output<typeof bulkSchema>;
