/**
 * Texts kept by key in a least-recently-used map bounded by characters (keys and values), so text
 * that appears on many pages (a curator's bio, an event's description after an edit to its title,
 * the HTML of a list several pages show) is made once, not on every render.
 */
export class TextMemo {
  readonly #entries = new Map<string, string>();
  readonly #maxChars: number;
  #chars = 0;

  constructor(maxChars = 2_000_000) {
    this.#maxChars = maxChars;
  }

  /** The text kept under `key`, refreshed as most recently used. */
  get(key: string): string | undefined {
    const known = this.#entries.get(key);
    if (known !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, known);
    }
    return known;
  }

  /** Forgets every text. */
  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }

  /** Keeps `value` under `key` unless it is larger than an eighth of the budget; returns `value`. */
  set(key: string, value: string): string {
    const size = key.length + value.length;
    if (size > this.#maxChars / 8) return value;
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#chars -= key.length + previous.length;
    }
    const kept = flatten(value);
    this.#entries.set(flatten(key), kept);
    this.#chars += size;
    for (const [oldest, oldValue] of this.#entries) {
      if (this.#chars <= this.#maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= oldest.length + oldValue.length;
    }
    return kept;
  }
}

/** Memoises a pure text → text function in a `TextMemo`. */
export function memoizeText<A extends unknown[]>(
  compute: (text: string, ...rest: A) => string,
  { maxChars = 2_000_000, key = (text: string, ..._rest: A) => text }: { maxChars?: number; key?: (text: string, ...rest: A) => string } = {},
): (text: string, ...rest: A) => string {
  const memo = new TextMemo(maxChars);
  return (text, ...rest) => {
    const id = key(text, ...rest);
    return memo.get(id) ?? memo.set(id, compute(text, ...rest));
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
