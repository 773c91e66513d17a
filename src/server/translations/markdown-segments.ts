/**
 * Markdown cut into the pieces a machine translation service may see (docs/decisions/056): each
 * paragraph, heading, list item or quote line becomes one small HTML fragment; the block syntax
 * (`## `, `- `, `> `, indentation), fenced code, rules, tables' delimiter rows and link
 * definitions stay here. Inside a fragment, emphasis and link text become tags the service
 * translates around (`<b data-i="2">…</b>`, `<a href="#0" data-i="0">…</a>`), and what must not
 * change at all — code spans, images, URLs, inline HTML, backslash escapes — becomes an empty
 * `<code data-i="n"></code>` holding nothing to translate. `restore` puts the exact original
 * syntax back around the translated words; a fragment whose tags came back damaged keeps its
 * source text, so a suggestion can be worse than hoped but never breaks the Markdown.
 */

/** The opening and closing syntax of one marked-up span, exactly as the source wrote it. */
type Mark = readonly [open: string, close: string];

interface Fragment {
  html: string;
  marks: Mark[];
  /** The source text of the fragment, used when its translation cannot be restored. */
  source: string;
}

type Part = { raw: string } | { fragment: Fragment };

export interface PreparedText {
  /** The HTML fragments to translate, in order. */
  segments: string[];
  /** The Markdown with each fragment replaced by its translation (`translated[i]` for `segments[i]`). */
  restore(translated: readonly string[]): string;
}

const fence = /^\s{0,3}(`{3,}|~{3,})/;
const rawLine = [
  /^\s*([-*_])(\s*\1){2,}\s*$/, // thematic break
  /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/, // table delimiter row
  /^\s{0,3}\[[^\]]+\]:\s/, // link reference definition
  /^\s{0,3}<\/?[A-Za-z!]/, // HTML block
];
/** Indentation, quote markers, then a heading, list or task marker. */
const blockPrefix = /^(\s*(?:>\s?)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)?)/u;

// Earliest match wins; at one position the alternatives are tried in this order.
const inlinePattern = new RegExp(
  [
    String.raw`(?<code>(?<ticks>\x60+)[^\x60][\s\S]*?\k<ticks>(?!\x60)|\x60+)`,
    String.raw`(?<image>!\[[^\]]*\]\([^)]*\))`,
    String.raw`(?<tag><[A-Za-z/!][^>\n]*>)`,
    String.raw`(?<escape>\\[!-\/:-@\[-\x60{-~])`,
    String.raw`(?<url>https?:\/\/[^\s<>()\]]+)`,
    String.raw`(?<link>\[(?<linkText>[^\]]+)\](?<dest>\([^)\s]*(?:\s+"[^"]*")?\)))`,
    String.raw`(?<strong>(?<strongMark>\*\*|(?<![\p{L}\p{N}_])__)(?=\S)(?<strongText>[\s\S]*?\S)\k<strongMark>)`,
    String.raw`(?<strike>~~(?=\S)(?<strikeText>[\s\S]*?\S)~~)`,
    String.raw`(?<em>(?<emMark>\*|(?<![\p{L}\p{N}_])_)(?=\S)(?<emText>[^*_]*?\S)\k<emMark>(?![\p{L}\p{N}_]))`,
  ].join('|'),
  'u',
);

/** Escapes text for an HTML fragment. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const namedEntities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities a service may write in its answer. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/** One span of inline Markdown as HTML, its marks appended to `marks`. */
function encodeInline(text: string, marks: Mark[]): string {
  let html = '';
  let rest = text;
  for (let match = inlinePattern.exec(rest); match; match = inlinePattern.exec(rest)) {
    html += escapeHtml(rest.slice(0, match.index));
    const groups = match.groups!;
    const index = marks.length;
    if (groups['link'] !== undefined) {
      marks.push(['[', `]${groups['dest']!}`]);
      html += `<a href="#${index}" data-i="${index}">${encodeInline(groups['linkText']!, marks)}</a>`;
    } else if (groups['strong'] !== undefined) {
      marks.push([groups['strongMark']!, groups['strongMark']!]);
      html += `<b data-i="${index}">${encodeInline(groups['strongText']!, marks)}</b>`;
    } else if (groups['strike'] !== undefined) {
      marks.push(['~~', '~~']);
      html += `<s data-i="${index}">${encodeInline(groups['strikeText']!, marks)}</s>`;
    } else if (groups['em'] !== undefined) {
      marks.push([groups['emMark']!, groups['emMark']!]);
      html += `<i data-i="${index}">${encodeInline(groups['emText']!, marks)}</i>`;
    } else {
      marks.push([match[0], '']);
      html += `<code data-i="${index}"></code>`;
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return html + escapeHtml(rest);
}

const tagPattern = /<(\/?)(a|b|i|s|code)\b([^>]*)>|<br\s*\/?>|<[^>]*>|[^<]+|</gi;

/** The Markdown of a translated fragment, or undefined when its marks did not all come back once, in order. */
function decodeFragment(html: string, marks: readonly Mark[]): string | undefined {
  let out = '';
  const open: number[] = [];
  const seen = new Set<number>();
  for (const [token, closing, name, attributes] of html.matchAll(tagPattern)) {
    if (name !== undefined) {
      if (closing) {
        const index = open.pop();
        if (index === undefined) return undefined;
        out += marks[index]![1];
        continue;
      }
      const index = Number(/data-i="(\d+)"/.exec(attributes ?? '')?.[1] ?? NaN);
      if (!(index in marks) || seen.has(index)) return undefined;
      seen.add(index);
      open.push(index);
      out += marks[index]![0];
    } else if (/^<br/i.test(token)) out += '\n';
    else if (token.startsWith('<') && token.length > 1)
      continue; // a tag the service added
    else out += decodeEntities(token);
  }
  return open.length === 0 && seen.size === marks.length ? out : undefined;
}

function fragmentOf(text: string): Fragment {
  const marks: Mark[] = [];
  const html = text
    .split('\n')
    .map((line) => encodeInline(line, marks))
    .join('<br>');
  return { html, marks, source: text };
}

/** Whether a fragment holds words (not only code, URLs or punctuation). */
function hasWords(fragment: Fragment): boolean {
  return /\p{L}/u.test(fragment.html.replace(/<code data-i="\d+"><\/code>|<[^>]*>|&[a-z#0-9]+;/gi, ''));
}

/** Splits Markdown into raw syntax and translatable fragments. */
function partsOf(source: string): Part[] {
  const parts: Part[] = [];
  const raw = (text: string) => {
    if (text) parts.push({ raw: text });
  };
  // Plain lines in a row form one paragraph (one fragment, its line breaks as <br>).
  const paragraph: string[] = [];
  let paragraphEnd = '';
  const flush = () => {
    if (paragraph.length) {
      parts.push({ fragment: fragmentOf(paragraph.join('\n')) });
      raw(paragraphEnd);
    }
    paragraph.length = 0;
  };
  let fenceMark: string | null = null;
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, index) => {
    const newline = index < lines.length - 1 ? '\n' : '';
    const opening = fence.exec(line)?.[1];
    if (fenceMark !== null || opening) {
      flush();
      if (fenceMark === null) fenceMark = opening!;
      else if (line.trim().startsWith(fenceMark[0]!.repeat(fenceMark.length)) && line.trim().replace(/[`~]/g, '') === '') fenceMark = null;
      raw(line + newline);
      return;
    }
    if (line.trim() === '' || rawLine.some((pattern) => pattern.test(line))) {
      flush();
      raw(line + newline);
      return;
    }
    const prefix = blockPrefix.exec(line)?.[1] ?? '';
    const content = line.slice(prefix.length);
    const trailing = /\s*$/.exec(content)?.[0] ?? '';
    const text = content.slice(0, content.length - trailing.length);
    if (prefix === '' && trailing === '') {
      paragraph.push(text);
      paragraphEnd = newline;
      return;
    }
    flush();
    raw(prefix);
    parts.push({ fragment: fragmentOf(text) });
    raw(trailing + newline);
  });
  flush();
  return parts;
}

/** Prepares a text (Markdown or plain) for a translation service; see the module comment. */
export function prepareText(source: string): PreparedText {
  const parts = partsOf(source);
  const sent = parts.flatMap((part) => ('fragment' in part && hasWords(part.fragment) ? [part.fragment] : []));
  return {
    segments: sent.map((fragment) => fragment.html),
    restore(translated) {
      return parts
        .map((part) => {
          if ('raw' in part) return part.raw;
          const at = sent.indexOf(part.fragment);
          const answer = at >= 0 ? translated[at] : undefined;
          return (answer === undefined ? undefined : decodeFragment(answer, part.fragment.marks)) ?? part.fragment.source;
        })
        .join('');
    },
  };
}
