/**
 * Rendered parts shared by many pages (an edition's "More in …" list on each of its event pages),
 * kept by each process next to its pages, bounded by bytes and purged by the same tags: a write
 * that purges a page also purges the parts it was made of.
 */
import type { StoredEntry, TaggedStore } from './store.ts';

export interface Fragment extends StoredEntry {
  /**
   * The HTML in UTF-8. As a string it would take twice its length in the heap: one character
   * outside Latin-1 (the cards' ☆) makes V8 store every character in two bytes.
   */
  body: Buffer;
  /**
   * The entities the part was picked from (the edition's first events): the page of one of them
   * shows another selection (itself left out) and renders its own.
   */
  members: readonly number[];
}

/** The share of the page cache's bytes that fragments may take. */
export const FRAGMENT_SHARE = 1 / 4;

/** A fragment's weight in its store: the HTML, plus its tags and members in the indexes. */
export function fragmentBytes(body: Buffer, tags: readonly string[], members: readonly number[]): number {
  return 256 + body.length + 48 * tags.length + 8 * members.length;
}

export type FragmentStore = TaggedStore<Fragment>;
