/**
 * Render once, under these tags, until then: a part that many pages show alike (an edition's list
 * of other events, on each of its event pages) is read and rendered by the first page that needs
 * it, then reused by the next ones from this process's fragment store (fragments.ts). It is
 * purged with the pages by the same tags, expires when it changes by itself or after the page
 * lifetime, and a purge that comes while it is rendered keeps it out of the store (it may show
 * data from before the write). Where no page cache runs (`astro dev`), every page renders its own.
 *
 * Two steps, because a page's caching headers are fixed before its body renders: `renderOnce`,
 * in the page's frontmatter, gives the part's tags and expiry with either its HTML or the data to
 * render it from; `<RenderOnce part={…}>`, in the template, renders that data through its slot
 * and keeps the HTML.
 */
import { PAGE_MAX_AGE } from './decision.ts';
import { fragmentBytes, type Fragment, type FragmentStore } from './fragments.ts';
import { pageCacheOf } from './request.ts';
import { hubTags } from './tags.ts';

export interface OnceKey {
  /** What the part is the same for, e.g. an edition's list in one locale and shown zone. */
  key: string;
  /** The page asking, within that group: a page the part looks different on keeps its own. */
  page?: string | number | undefined;
}

export interface OnceSource<T> {
  /** What the part is rendered from; read only when no page of the group rendered it yet. */
  data: T;
  /** The cache tags of everything the part shows: a purge of any of them drops it. */
  tags: readonly string[];
  /** When the part changes by itself (a listed event starts); the page lifetime at the latest. */
  expiresAt: Date | null;
  /** Pages of the group the part looks different on (an event that leaves itself out of the list). */
  except?: readonly (string | number)[] | undefined;
}

/** The part for one page: its tags and expiry, with its HTML or the data to render it from. */
export type Once<T> = { tags: readonly string[]; expiresAt: Date } & ({ html: string } | { data: T; keep: (html: string) => void });

/** The rendering kept for `page`: its own, else the group's unless the group's leaves it out. */
function findRendered(store: FragmentStore, { key, page }: OnceKey, now: number): Fragment | undefined {
  if (page === undefined) return store.get(key, now);
  const own = store.get(`${key}|${page}`, now);
  if (own) return own;
  const shared = store.get(key, now);
  return shared && !shared.except.includes(String(page)) ? shared : undefined;
}

/**
 * The part `key` names for this request's page: as rendered before, or read now with `load`
 * (which a reused part skips) for the template to render and keep (`RenderOnce.astro`).
 */
export async function renderOnce<T>(locals: object, key: OnceKey, load: () => Promise<OnceSource<T>>, now = new Date()): Promise<Once<T>> {
  const cache = pageCacheOf(locals)?.fragments;
  const store = cache && cache.maxBytes > 0 ? cache : undefined;
  const found = store && findRendered(store, key, now.getTime());
  if (found) return { html: found.body.toString(), tags: found.tags, expiresAt: new Date(found.expiresAt) };
  // Read before loading: a purge from here on may have come after the data was read.
  const since = store?.now();
  const source = await load();
  const tags = [...new Set([...source.tags, hubTags.all])];
  const expiresAt = Math.min(now.getTime() + PAGE_MAX_AGE * 1000, source.expiresAt?.getTime() ?? Infinity);
  const except = (source.except ?? []).map(String);
  const ownKey = key.page !== undefined && except.includes(String(key.page)) ? `${key.key}|${key.page}` : key.key;
  const keep = (html: string) => {
    if (!store) return;
    const body = Buffer.from(html);
    store.set({ key: ownKey, body, tags, except, expiresAt, bytes: fragmentBytes(body, tags, except) }, since);
  };
  return { data: source.data, tags, expiresAt: new Date(expiresAt), keep };
}
