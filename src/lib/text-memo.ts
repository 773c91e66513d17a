/**
 * Memoises a pure text → text function in a least-recently-used map bounded by characters, so
 * text that appears on many pages (a curator's bio, an event's description after an edit to its
 * title) is turned into HTML once, not on every render.
 */
export function memoizeText<A extends unknown[]>(
  compute: (text: string, ...rest: A) => string,
  { maxChars = 2_000_000, key = (text: string, ..._rest: A) => text }: { maxChars?: number; key?: (text: string, ...rest: A) => string } = {},
): (text: string, ...rest: A) => string {
  const entries = new Map<string, string>();
  let chars = 0;
  return (text, ...rest) => {
    const id = key(text, ...rest);
    const known = entries.get(id);
    if (known !== undefined) {
      entries.delete(id);
      entries.set(id, known);
      return known;
    }
    const value = flatten(compute(text, ...rest));
    const size = id.length + value.length;
    if (size > maxChars / 8) return value;
    entries.set(flatten(id), value);
    chars += size;
    for (const [oldest, oldValue] of entries) {
      if (chars <= maxChars) break;
      entries.delete(oldest);
      chars -= oldest.length + oldValue.length;
    }
    return value;
  };
}

/**
 * Text built by concatenation (sanitize-html's output, keys joined from parts) is a tree of
 * fragments in V8, five to six times the bytes of its characters; a regular expression run on it
 * joins it into one run of characters in place, which is what the memo should keep.
 */
const ANY = /^/;
function flatten(text: string): string {
  ANY.test(text);
  return text;
}
