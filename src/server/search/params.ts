/** The search page's query string: `?q=&type=&edition=&tag=&venue=&when=&page=`. Never throws. */
import { z } from 'zod';
import { searchEntityTypes } from '../../../db/schema.ts';

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(80);

const searchParamsSchema = z.object({
  type: z.enum(searchEntityTypes).optional().catch(undefined),
  edition: slug.optional().catch(undefined),
  tag: slug.optional().catch(undefined),
  venue: slug.optional().catch(undefined),
  when: z.enum(['all', 'upcoming', 'past']).default('all').catch('all'),
  // Any page number is read as given: one past the last answers 404 (search.astro).
  page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1).catch(1),
});

export type SearchParams = z.output<typeof searchParamsSchema> & { q: string };

/** Reads the search parameters; `q` is kept verbatim (length is checked by the search). */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const raw: Record<string, string> = {};
  for (const key of ['type', 'edition', 'tag', 'venue', 'when', 'page']) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  return { ...searchParamsSchema.parse(raw), q: params.get('q') ?? '' };
}

/** Query string of a search with some parameters changed (facet links, pagination). */
export function toSearchQuery(params: Partial<SearchParams>): URLSearchParams {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.type) query.set('type', params.type);
  if (params.edition) query.set('edition', params.edition);
  if (params.tag) query.set('tag', params.tag);
  if (params.venue) query.set('venue', params.venue);
  if (params.when && params.when !== 'all') query.set('when', params.when);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  return query;
}
