/**
 * The SQL that keeps a translations table's `text_state` (docs/decisions/037): a back-fill of the
 * rows that exist and two triggers, written from the collection's declared texts and `complete`
 * list with the table's real column names. drizzle-kit knows nothing of triggers, so
 * `npm run db:text-state` prints this for a custom migration, and an integration test compares it
 * with the triggers a migrated database holds. Pure: the collections' specs come in as arguments.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { TranslationSpec } from './entity-spec.ts';
import { textStateOf } from './translation-state.ts';

/** What the SQL is written from: a collection's name and its translations' storage and rules. */
export interface TextStateSource {
  collection: string;
  translations: TranslationSpec;
}

export interface TextStateTrigger {
  name: string;
  sql: string;
}

export interface TextStateSql {
  collection: string;
  table: string;
  /** One line saying what the state is computed from (the migration's comment). */
  summary: string;
  /** Fills `text_state` of the rows that exist. */
  backfill: string;
  insertTrigger: TextStateTrigger;
  updateTrigger: TextStateTrigger;
  /** What a later migration runs first to replace both triggers. */
  drops: readonly string[];
}

const breakpoint = '--> statement-breakpoint';

function quoted(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

/** The SQL of one collection's `text_state`: back-fill, triggers and what replaces them. */
export function textStateSql({ collection, translations }: TextStateSource): TextStateSql {
  const table = getTableName(translations.table);
  const columns = getTableColumns(translations.table);
  const columnOf = (field: string): string => {
    const column = columns[field];
    if (!column) throw new Error(`${collection}: the translations table ${table} has no column for the text ${field}`);
    return column.name;
  };
  const texts = translations.fields.map(columnOf);
  const complete = translations.complete.map(columnOf);
  if (texts.length === 0 || complete.length === 0) throw new Error(`${collection}: a text_state needs texts and a complete list`);
  const state = quoted(textStateOf(translations).name);
  const filled = (column: string) => `coalesce(trim(${quoted(column)}), '') <> ''`;
  const value = `CASE WHEN ${complete.map(filled).join(' AND ')} THEN 2 WHEN ${texts.map(filled).join(' OR ')} THEN 1 ELSE 0 END`;
  const backfill = `UPDATE ${quoted(table)} SET ${state} = ${value}`;
  const trigger = (name: string, event: string): TextStateTrigger => ({
    name,
    sql: `CREATE TRIGGER ${quoted(name)} ${event} ON ${quoted(table)} BEGIN\n  ${backfill} WHERE rowid = NEW.rowid;\nEND`,
  });
  const insertTrigger = trigger(`${table}_text_state_insert`, 'AFTER INSERT');
  const updateTrigger = trigger(`${table}_text_state_update`, `AFTER UPDATE OF ${texts.map(quoted).join(', ')}`);
  return {
    collection,
    table,
    summary: `${collection}: text in ${texts.join(', ')}; complete with ${complete.join(', ')}.`,
    backfill,
    insertTrigger,
    updateTrigger,
    drops: [insertTrigger, updateTrigger].map(({ name }) => `DROP TRIGGER IF EXISTS ${quoted(name)}`),
  };
}

/**
 * A migration's text for these collections, statements separated as drizzle's migrator expects:
 * per collection, its summary as a comment, the drops (so the same text replaces triggers a
 * declaration change made stale, or installs a new collection's), the back-fill and the triggers.
 */
export function textStateMigration(sources: readonly TextStateSource[]): string {
  const statements = sources.flatMap((source) => {
    const generated = textStateSql(source);
    const [first, ...rest] = [...generated.drops, generated.backfill, generated.insertTrigger.sql, generated.updateTrigger.sql];
    return [`-- ${generated.summary}\n${first}`, ...rest];
  });
  return `${statements.join(`;${breakpoint}\n`)};\n`;
}

/** SQL compared as text regardless of its layout (SQLite keeps a trigger's text as it was written). */
export function normalisedSql(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/;$/, '');
}
