/**
 * Texts longer than their field, made to fit the way a programme team would by hand
 * (docs/decisions/034): a long abstract becomes the description and the summary keeps its first
 * sentences; a long title is cut at a word. Each change is a warning naming the file's own field.
 */
import type { ImportRow, RowTexts } from './rows.ts';

/** The events collection's limits (`src/lib/collections/events.ts`; a unit test keeps them equal). */
export const TEXT_LIMITS = { title: 200, summary: 1_000 } as const;

/** How the file names the fields that feed an event's title and summary. */
export interface SourceFields {
  title: string;
  summary?: string;
}

/** `text` cut at its last word boundary so that it and a closing "…" fit in `limit`. */
function cutAtWord(text: string, limit: number): string {
  const room = text.slice(0, limit - 1);
  const lastSpace = room.search(/\s\S*$/);
  return `${(lastSpace > 0 ? room.slice(0, lastSpace) : room).trimEnd()}…`;
}

/**
 * The whole sentences `text` starts with that fit in `limit` (sentences as Unicode segments
 * them in `locale`); when even the first does not fit, its words within the limit and "…".
 */
export function cutAtSentence(text: string, limit: number, locale: string): string {
  if (text.length <= limit) return text;
  let kept = '';
  for (const { segment } of new Intl.Segmenter(locale, { granularity: 'sentence' }).segment(text)) {
    if ((kept + segment).trimEnd().length > limit) break;
    kept += segment;
  }
  return kept.trim() ? kept.trimEnd() : cutAtWord(text, limit);
}

/** The title cut at a word to fit `limit` (with "…"); unchanged when it fits. */
export function cutTitle(title: string, limit: number = TEXT_LIMITS.title): string {
  return title.length <= limit ? title : cutAtWord(title, limit);
}

function fitTexts(texts: RowTexts, locale: string, source: SourceFields, row: ImportRow): void {
  if (source.summary && texts.summary && texts.summary.length > TEXT_LIMITS.summary) {
    texts.body = texts.body ? `${texts.summary}\n\n${texts.body}` : texts.summary;
    texts.summary = cutAtSentence(texts.summary, TEXT_LIMITS.summary, locale);
    row.warnings.push({ field: source.summary, code: 'SUMMARY_MOVED', limit: TEXT_LIMITS.summary });
  }
  if (texts.title && texts.title.length > TEXT_LIMITS.title) {
    texts.title = cutTitle(texts.title);
    row.warnings.push({ field: source.title, code: 'TITLE_CUT', limit: TEXT_LIMITS.title });
  }
}

/** Makes the row's too-long texts fit, in every locale it has, with a warning for each change. */
export function fitLongTexts(row: ImportRow, source: SourceFields): ImportRow {
  for (const [locale, texts] of Object.entries(row.texts)) if (texts) fitTexts(texts, locale, source, row);
  return row;
}
