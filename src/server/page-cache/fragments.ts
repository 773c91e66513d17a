/**
 * Rendered parts shared by many pages (render-once.ts), kept by each process next to its pages,
 * bounded by bytes and purged by the same tags: a write that purges a page also purges the parts
 * it was made of.
 */
import type { StoredEntry, TaggedStore } from './store.ts';

export interface Fragment extends StoredEntry {
  /**
   * The HTML in UTF-8. As a string it would take twice its length in the heap: one character
   * outside Latin-1 (the cards' ☆) makes V8 store every character in two bytes.
   */
  body: Buffer;
  /** The pages of the group this rendering is not for: each renders and keeps its own. */
  except: readonly string[];
}

/** The share of the page cache's bytes that fragments may take. */
export const FRAGMENT_SHARE = 1 / 4;

/** A fragment's weight in its store: the HTML, plus its tags and exceptions in the indexes. */
export function fragmentBytes(body: Buffer, tags: readonly string[], except: readonly string[]): number {
  return 256 + body.length + 48 * tags.length + 8 * except.length;
}

export type FragmentStore = TaggedStore<Fragment>;
