/** The activity screen's filters, read from its query string (a plain GET form). */
import { z } from 'zod';
import { collectionNames, collections, type CollectionName } from '../../lib/collections/index.ts';
import { auditActions, type AuditEntity } from '../audit/record.ts';

/** The collection filter: a content collection, or `team` for accounts. */
export const activityCollections = [...collectionNames, 'team'] as const;
export type ActivityCollection = (typeof activityCollections)[number];

export const ACTIVITY_PAGE_SIZE = 25;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const day = z.iso.date();

export const activityQuerySchema = z
  .object({
    person: optional(z.string().trim().min(1).max(200)),
    collection: optional(z.enum(activityCollections)),
    action: optional(z.enum(auditActions)),
    from: optional(day),
    to: optional(day),
    /** One item's history (with `collection`): the edit page links here. */
    item: optional(z.string().trim().min(1).max(100)),
    page: optional(z.coerce.number().int().min(1).max(100_000)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'RANGE' });

export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The query from URL search parameters; `ok: false` names the fields that were not understood. */
export function parseActivityQuery(params: URLSearchParams): { ok: true; query: ActivityQuery } | { ok: false; fields: string[] } {
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))] };
}

/** The audit entity behind a collection filter value. */
export function entityOfCollection(collection: ActivityCollection): AuditEntity {
  return collection === 'team' ? 'user' : collections[collection].entity;
}

/** The collection an audit entity belongs to (`undefined` for an entity no collection declares). */
export function collectionOfEntity(entity: string): CollectionName | undefined {
  return collectionNames.find((name) => collections[name].entity === entity);
}
