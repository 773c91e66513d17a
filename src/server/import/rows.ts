/**
 * The neutral shape every import parser produces (docs/decisions/034): one `ImportRow` per event
 * found in the file, with the line it starts on and the problems found while reading it. The
 * planner and the committer only ever see rows, never a file format.
 */
import type { ImportSource } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Recurrence } from '../../lib/recurrence.ts';
import type { Tickets } from '../../lib/tickets.ts';

export type { ImportSource };

/** The formats a file may be read as; `frab-xml` and `frab-json` share the `frab` id space. */
export const importFormats = ['csv', 'ics', 'frab-xml', 'frab-json'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** Which space of external ids a format's ids belong to. */
export function sourceOf(format: ImportFormat): ImportSource {
  return format === 'frab-xml' || format === 'frab-json' ? 'frab' : format;
}

/** Largest file an import reads, in bytes: a large congress's whole frab XML (2.2 MB for 1,007 events) nine times over. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most events one import may carry: what 20 MB of frab XML holds (about 9,000), rounded up. */
export const MAX_IMPORT_ROWS = 10_000;

/** One problem with one field of one row: a stable code the screens translate. */
export interface RowIssue {
  field: string;
  code: string;
}

/**
 * A text the import changed so the row fits (a long frab abstract moved to the description, a
 * title cut): the source field as the file names it (`<abstract>`, `SUMMARY`) and the limit.
 */
export interface RowWarning {
  field: string;
  code: string;
  limit: number;
}

/** An event's texts in one locale. */
export interface RowTexts {
  title?: string | undefined;
  summary?: string | undefined;
  body?: string | undefined;
}

/** One event as read from a file, whatever the format. */
export interface ImportRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  externalId: string | null;
  texts: Partial<Record<Locale, RowTexts>>;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
  venue: string | null;
  room: string | null;
  tags: string[];
  /**
   * What the file says of some of `tags`, by label: the slug (a tag matches by slug first, so
   * every locale's export finds the same one) and the label's language (a new tag's label).
   */
  tagDetails: Record<string, { slug?: string | undefined; locale?: Locale | undefined }>;
  organizers: string[];
  curators: string[];
  /** The file's UUID of the event (a frab `guid`), kept for a new event when no other event has it. */
  guid: string | null;
  /**
   * Links, price and places, only when the file carries them (undefined: a re-import keeps the
   * event's own; null: the file says there is none).
   */
  onlineUrl?: string | null | undefined;
  registrationUrl?: string | null | undefined;
  tickets?: Partial<Tickets> | undefined;
  /** How the event repeats, wall times in `timeZone` (undefined: a re-import keeps the event's own; null: one date). */
  recurrence?: Recurrence | null | undefined;
  issues: RowIssue[];
  warnings: RowWarning[];
}

/** A row with nothing read yet, at `line`, in the edition's zone. */
export function emptyRow(line: number, timeZone: string): ImportRow {
  return {
    line,
    externalId: null,
    texts: {},
    startsAt: null,
    endsAt: null,
    timeZone,
    venue: null,
    room: null,
    tags: [],
    tagDetails: {},
    organizers: [],
    curators: [],
    guid: null,
    issues: [],
    warnings: [],
  };
}

/** The text trimmed, or null when nothing is left. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A list of names split on `;` or `|` (commas appear inside names), trimmed, without repeats. */
export function splitNames(value: unknown): string[] {
  const text = cleanText(value);
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(/[;|]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The lines of many positions in `text` in one pass: positions asked in increasing order (as a
 * parser meets events) cost only the text between them, so a 20 MB file is read once, not once
 * per event.
 */
export function lineLocator(text: string): (index: number) => number {
  let at = 0;
  let line = 1;
  return (index) => {
    if (index < at) {
      at = 0;
      line = 1;
    }
    for (let i = text.indexOf('\n', at); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
    at = index;
    return line;
  };
}

/** The 1-based line on which the character at `index` of `text` sits. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** What a parser returns: the rows, or a reason the whole file could not be read. */
export type ParseResult = { ok: true; rows: ImportRow[] } | { ok: false; code: string; line?: number; column?: string };
