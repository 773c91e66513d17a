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

/** Values a link can carry as written: URLSearchParams leaves these characters as they are. */
const URL_SAFE = /^[a-z0-9-]+$/;

/**
 * Links to searches that differ from `params` only in `key` (facet links, page links). The query
 * string is serialised once and each URL-safe value (a type, slug or page number) is put in its
 * place: a URLSearchParams per link costs ≈ 4 µs, and a results page has about seventy links.
 * Any other value, a removed one and page 1 (written without `page`) are built in full.
 */
export function createSearchHrefs(
  toHref: (query: URLSearchParams) => string,
  params: Partial<SearchParams>,
  key: 'type' | 'edition' | 'tag' | 'venue' | 'page',
): (value: string | number | undefined) => string {
  const full = (value: string | number | undefined) => toHref(toSearchQuery({ ...params, [key]: value }));
  // A placeholder every parameter keeps in the query (a page number above 1, a non-empty string).
  const [path, query = ''] = full(key === 'page' ? 2 : 'x').split('?');
  const pairs = query.split('&');
  // Other values are encoded, so "&" only separates pairs and each key appears once.
  const at = pairs.findIndex((pair) => pair.startsWith(`${key}=`));
  const head = `${path}?${[...pairs.slice(0, at), `${key}=`].join('&')}`;
  const tail = pairs
    .slice(at + 1)
    .map((pair) => `&${pair}`)
    .join('');
  return (value) => {
    if (at < 0 || value === undefined || (key === 'page' && Number(value) <= 1) || !URL_SAFE.test(String(value))) return full(value);
    return head + value + tail;
  };
}
