/**
 * Query strings of the admin list and export endpoints: search text, filters, a sort from a
 * whitelist, pagination. Shared with the list screens, which keep the same state in their URL.
 */
import { z } from 'zod';
import { publicationStatusField, typeError } from './fields.ts';

const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 25;
const EXPORT_FORMATS = ['csv', 'json'] as const;

/** A positive id given as a query-string value. */
export const idParam = z.coerce.number({ error: 'INVALID_ID' }).int({ error: 'INVALID_ID' }).positive({ error: 'INVALID_ID' });

export const statusFilter = publicationStatusField.optional();

/** `field` ascending or `-field` descending, for each whitelisted field. */
function sortField<S extends string>(fields: readonly [S, ...S[]], fallback: S | `-${S}`) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [S | `-${S}`, ...(S | `-${S}`)[]];
  return z.enum(values, { error: 'INVALID_SORT' }).default(fallback as never);
}

/** The list query of one collection: `q`, `sort`, `page`, `limit` and its own filters. */
export function listQuerySchema<S extends string, F extends z.ZodRawShape>(sorts: readonly [S, ...S[]], defaultSort: S | `-${S}`, filters: F) {
  return z.strictObject({
    q: z.string().trim().max(200, { error: 'TOO_LONG' }).optional(),
    sort: sortField(sorts, defaultSort),
    page: z.coerce.number({ error: typeError }).int({ error: typeError }).min(1, { error: 'OUT_OF_RANGE' }).max(100_000, { error: 'OUT_OF_RANGE' }).default(1),
    limit: z.coerce
      .number({ error: typeError })
      .int({ error: typeError })
      .min(1, { error: 'OUT_OF_RANGE' })
      .max(LIST_LIMIT_MAX, { error: 'OUT_OF_RANGE' })
      .default(LIST_LIMIT_DEFAULT),
    ...filters,
  });
}

/** The export query: the list's filters (no pagination) and a format. */
export function exportQuerySchema<S extends string, F extends z.ZodRawShape>(sorts: readonly [S, ...S[]], defaultSort: S | `-${S}`, filters: F) {
  return listQuerySchema(sorts, defaultSort, filters)
    .omit({ page: true, limit: true })
    .extend({ format: z.enum(EXPORT_FORMATS, { error: 'INVALID_VALUE' }).default('csv') });
}

/** Splits `-field` into the field and its direction. */
export function parseSort<S extends string>(sort: S | `-${S}`): { field: S; descending: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1) as S, descending: true } : { field: sort as S, descending: false };
}

/** URLSearchParams → plain object; empty values count as absent, the last repeat wins. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of params) {
    if (value === '') delete result[key];
    else result[key] = value;
  }
  return result;
}
