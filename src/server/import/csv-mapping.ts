/**
 * Which mapping a CSV is read with, and remembering it per source. A template header needs none.
 * Any other header is read with the mapping the request sends (the person confirmed or changed
 * it on the screen), else the one remembered for the same header signature, else a guess from
 * the column names. A commit never runs on a guess nobody saw: without a sent or remembered
 * mapping it is a 422 carrying the proposal. A committed mapping is remembered in the import's
 * own transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editions, importColumnMaps } from '../../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { editionDaysOf, type EditionDays } from './csv-days.ts';
import { isTemplateHeader, readCsvTable, unknownTemplateColumns } from './csv.ts';
import {
  csvTargets,
  guessMapping,
  headerSignature,
  isCompleteMapping,
  normalizeHeader,
  unmappedColumns,
  type CsvMapping,
  type CsvTarget,
} from './csv-headers.ts';

/** Where the mapping a CSV is read with came from. */
export type MappingOrigin = 'template' | 'request' | 'remembered' | 'guessed';

/** How a CSV's columns are read: what the dry run shows and the commit sends back. */
export interface CsvColumns {
  /** The header as the file writes it. */
  header: string[];
  origin: MappingOrigin;
  /** Which column fills each field (empty for a template file, read by name). */
  mapping: CsvMapping;
  /** Whether the mapping can make events (a title, a start, an end or a duration). */
  complete: boolean;
  /** Columns nothing reads: left out, with a warning naming them. */
  ignored: string[];
  signature: string;
}

/** The header of a CSV file, or undefined when it cannot be read (the parser then says why). */
function headerOf(text: string): string[] | undefined {
  const read = readCsvTable(text, true);
  return read.ok ? read.table.header : undefined;
}

/** A remembered mapping (by normalized names) as this file's own column names. */
function toFileColumns(stored: Record<string, string>, header: readonly string[]): CsvMapping {
  const byName = new Map(header.map((column) => [normalizeHeader(column), column] as const));
  const mapping: CsvMapping = {};
  for (const [target, name] of Object.entries(stored)) {
    const column = byName.get(name);
    if (column !== undefined && (csvTargets as readonly string[]).includes(target)) mapping[target as CsvTarget] = column;
  }
  return mapping;
}

async function rememberedMapping(db: Executor, signature: string, header: readonly string[]): Promise<CsvMapping | undefined> {
  const [row] = await db.select({ mapping: importColumnMaps.mapping }).from(importColumnMaps).where(eq(importColumnMaps.signature, signature));
  return row ? toFileColumns(row.mapping, header) : undefined;
}

/** 422 naming a mapped column the file does not have. */
function checkColumnsExist(mapping: CsvMapping, header: readonly string[]): void {
  const missing = Object.values(mapping).find((column) => !header.includes(column));
  if (missing === undefined) return;
  throw new AdminError(422, 'IMPORT_MAPPING_UNKNOWN_COLUMN', 'The mapping names a column the file does not have', {
    errors: { mapping: ['IMPORT_MAPPING_UNKNOWN_COLUMN'] },
    extensions: { line: 1, column: missing.slice(0, 100) },
  });
}

/**
 * How `text` is read: undefined for a file whose header cannot be read; otherwise the mapping
 * and the columns it leaves out. `commit` refuses a guess nobody confirmed and an incomplete
 * mapping (`422 IMPORT_MAPPING_REQUIRED` / `IMPORT_MAPPING_INCOMPLETE`, with the proposal).
 */
export async function resolveCsvColumns(db: Executor, text: string, requested: CsvMapping | undefined, commit: boolean): Promise<CsvColumns | undefined> {
  const header = headerOf(text);
  if (!header || header.length === 0) return undefined;
  const signature = headerSignature(header);
  if (isTemplateHeader(header)) return { header, origin: 'template', mapping: {}, complete: true, ignored: unknownTemplateColumns(header), signature };
  if (requested) checkColumnsExist(requested, header);
  const remembered = requested ? undefined : await rememberedMapping(db, signature, header);
  const mapping = requested ?? remembered ?? guessMapping(header);
  const origin: MappingOrigin = requested ? 'request' : remembered ? 'remembered' : 'guessed';
  const columns = { header, origin, mapping, complete: isCompleteMapping(mapping), ignored: unmappedColumns(header, mapping), signature };
  if (commit && (origin === 'guessed' || !columns.complete)) {
    const code = origin === 'guessed' ? 'IMPORT_MAPPING_REQUIRED' : 'IMPORT_MAPPING_INCOMPLETE';
    throw new AdminError(422, code, 'Confirm which column fills which field, then import', {
      errors: { mapping: [code] },
      extensions: { line: 1, columns: header, mapping },
    });
  }
  return columns;
}

/** Remembers the mapping of a committed CSV for its header signature (the next file of the source uses it). */
export async function rememberCsvMapping(tx: Executor, actor: Actor, columns: CsvColumns): Promise<void> {
  if (columns.origin === 'template') return;
  const mapping = Object.fromEntries(Object.entries(columns.mapping).map(([target, column]) => [target, normalizeHeader(column)]));
  const row = { signature: columns.signature, columns: columns.header.map(normalizeHeader), mapping, updatedBy: actor.id };
  await tx
    .insert(importColumnMaps)
    .values(row)
    .onConflictDoUpdate({
      target: importColumnMaps.signature,
      set: { mapping, updatedBy: actor.id, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
    });
}

/** The edition's days in its zone, where a weekday written instead of a date falls. */
export async function editionDays(db: Executor, editionId: number, zone: string): Promise<EditionDays | undefined> {
  const [edition] = await db.select({ startsAt: editions.startsAt, endsAt: editions.endsAt }).from(editions).where(eq(editions.id, editionId));
  return edition ? editionDaysOf(edition.startsAt, edition.endsAt, zone) : undefined;
}
