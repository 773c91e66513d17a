/**
 * Search statements written once per shape. The scan statement is several hundred drizzle chunks
 * (up to four scans, each with its visibility rules) and drizzle walks them all on every call to
 * write the same text again: only the bound values differ from one search to the next. Built once
 * per shape with placeholders for those values, a statement is then a few dozen chunks to fill.
 */
import { fillPlaceholders, Param, SQL, StringChunk } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

interface Written {
  /** The statement's text cut at each parameter. */
  texts: string[];
  /** Its parameters: constants, and placeholders for the values of each call. */
  params: unknown[];
}

/** Shapes are few (locale × filters set × spelled-out or not); the bound only guards memory. */
const MAX_SHAPES = 256;
const written = new Map<string, Written>();

/**
 * The statement `build()` makes for `shape` (a key naming everything its text depends on), with
 * `values` bound to its `sql.placeholder(name)`s. `build` runs once per shape.
 */
export function shapedStatement(shape: string, build: () => SQL, values: Record<string, unknown>): SQL {
  let statement = written.get(shape);
  if (!statement) {
    const query = dialect.sqlToQuery(build());
    const texts = query.sql.split('?');
    if (texts.length !== query.params.length + 1) throw new Error('a shaped statement holds a "?" that is not a parameter');
    statement = { texts, params: query.params };
    if (written.size >= MAX_SHAPES) written.delete(written.keys().next().value!);
    written.set(shape, statement);
  }
  const params = fillPlaceholders(statement.params, values);
  // One flat list of chunks: text, parameter, text… Drizzle writes it in one pass; nesting a
  // statement per parameter made it allocate more than the rest of a search (decision 012).
  const chunks: (StringChunk | Param)[] = [new StringChunk(statement.texts[0]!)];
  for (let i = 1; i < statement.texts.length; i++) chunks.push(new Param(params[i - 1]), new StringChunk(statement.texts[i]!));
  return new SQL(chunks);
}
