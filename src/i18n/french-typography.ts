/**
 * French typography for the French strings: a narrow no-break space (U+202F) before `: ; ! ?` and
 * inside « », applied once when the strings are loaded, so the strings file stays as translators
 * write it and every reader of it (pages, admin, mail) gets the same text. Interpolations
 * (`{{name}}`), nested keys (`$t(…)`), HTML tags and URLs are left as they are, and a colon only
 * counts as punctuation when a space, the end or a closing mark follows it: `14:30`, `https://`,
 * `?events=` and `mailto:` are untouched.
 */

const NARROW_NBSP = '\u202F';
const SPACES = '[ \\u00A0\\u202F]';

const TOKENS = new RegExp(
  [
    // Left as they are: placeholders, nested keys, HTML tags, URLs.
    String.raw`(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|\b[a-z][a-z0-9+.-]*://[^\s<>"]+)`,
    // A run of `: ; ! ?` that ends a phrase, with whatever spacing precedes it.
    String.raw`(${SPACES}*)([:;!?]+)(?=$|[\s)\]»”"'’.,…<*])`,
    // Guillemets and the spacing inside them.
    `(«)${SPACES}*`,
    `${SPACES}*(»)`,
  ].join('|'),
  'giu',
);

/** `text` with French spacing before high punctuation and inside guillemets. */
export function applyFrenchSpacing(text: string): string {
  return text.replace(
    TOKENS,
    (whole, kept: string | undefined, _space, marks: string | undefined, open: string | undefined, close: string | undefined, offset: number) => {
      if (kept !== undefined) return kept;
      if (marks !== undefined) return offset === 0 ? whole : `${NARROW_NBSP}${marks}`;
      if (open !== undefined) return `«${NARROW_NBSP}`;
      if (close !== undefined) return `${NARROW_NBSP}»`;
      return whole;
    },
  );
}

/** Every string of a French strings file with French spacing. */
export function withFrenchSpacing(strings: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(strings).map(([key, text]) => [key, applyFrenchSpacing(text)]));
}
