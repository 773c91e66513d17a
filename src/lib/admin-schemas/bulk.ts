/**
 * Bulk actions on many items of one collection at once (list screens' selection): the selected
 * `ids`, or every item `matching` the list's query (the list's own query-string values, parsed
 * by the collection's list schema on the server; docs/decisions/057).
 */
import { z } from 'zod';
import { idField, typeError } from './fields.ts';

const BULK_MAX_IDS = 500;
const bulkActions = ['publish', 'unpublish', 'archive', 'delete'] as const;
export type BulkAction = (typeof bulkActions)[number];

export const bulkSchema = z
  .strictObject({
    action: z.enum(bulkActions, { error: 'INVALID_VALUE' }),
    ids: z
      .array(idField, { error: typeError })
      .min(1, { error: 'REQUIRED' })
      .max(BULK_MAX_IDS, { error: 'TOO_MANY' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'DUPLICATE_ID' })
      .optional(),
    /** The list's query (`status`, `q`, `edition`, …) as its URL holds it, instead of `ids`. */
    matching: z.record(z.string(), z.string({ error: typeError }), { error: typeError }).optional(),
    /** With `matching`: how many items the list showed, so the answer can say when that changed. */
    shown: z.number({ error: typeError }).int({ error: typeError }).nonnegative({ error: 'OUT_OF_RANGE' }).optional(),
    /** Delete only: also remove the item from everything that uses it. */
    detach: z.boolean({ error: typeError }).optional(),
  })
  .superRefine((input, context) => {
    if (input.ids === undefined && input.matching === undefined) context.addIssue({ code: 'custom', path: ['ids'], message: 'REQUIRED' });
    if (input.ids !== undefined && input.matching !== undefined) context.addIssue({ code: 'custom', path: ['matching'], message: 'INVALID_VALUE' });
  });

export type BulkInput = z.output<typeof bulkSchema>;
