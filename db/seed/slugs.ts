/**
 * URL slugs for generated content: lowercase kebab-case, at most 80 characters (the schema's
 * CHECK), unique per table.
 */
import slugifyText from '@sindresorhus/slugify';

const MAX_LENGTH = 80;
/** Room kept for a "-<n>" suffix that makes a repeated title unique. */
const SUFFIX_ROOM = 8;

const cache = new Map<string, string>();

/** Kebab-case slug of a title, shortened on a word boundary to leave room for a suffix. */
export function slugify(text: string): string {
  let slug = cache.get(text);
  if (slug === undefined) {
    slug = slugifyText(text);
    const limit = MAX_LENGTH - SUFFIX_ROOM;
    if (slug.length > limit) {
      const cut = slug.slice(0, limit);
      slug = cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut;
    }
    slug = slug.replace(/^-+|-+$/g, '') || 'item';
    cache.set(text, slug);
  }
  return slug;
}

/**
 * Returns a function handing out unique slugs: the title's slug, then `<slug>-2`, `<slug>-3`…
 * `taken` holds slugs already in the table.
 */
export function createSlugAllocator(taken: Iterable<string> = []): (title: string) => string {
  const used = new Set(taken);
  const next = new Map<string, number>();
  return (title) => {
    const base = slugify(title);
    let candidate = base;
    let n = next.get(base) ?? 2;
    while (used.has(candidate)) candidate = `${base}-${n++}`;
    next.set(base, n);
    used.add(candidate);
    return candidate;
  };
}
