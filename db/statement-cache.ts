/**
 * Prepared statements kept per connection for the embedded database.
 *
 * The embedded driver (`@libsql/client` over `libsql`) compiles every statement from its SQL text
 * on every call. A hub page runs a few dozen statements, always the same texts with other
 * arguments, so compiling them again is a sixth of a cache-miss render (docs/decisions/012).
 * `libsql` has no statement cache of its own, so its `prepare` is wrapped here: each connection
 * keeps its most recently used statements by SQL text.
 *
 * Reuse is safe because the driver runs a statement synchronously to its end (`all` reads every
 * row, `run` steps once) before anything else can use the connection, and a finished statement
 * holds no lock or snapshot. SQLite re-prepares a statement by itself when the schema changes.
 */
import { createRequire } from 'node:module';

interface Statement {
  columns(): unknown[];
  raw(toggle?: boolean): Statement;
  safeIntegers(toggle?: boolean): Statement;
}
interface DatabaseClass {
  prototype: { prepare(this: object, sql: string): Statement };
}

/** Per connection; enough for every distinct statement of the hub and admin (the plan guard lists ~200). */
export const STATEMENTS_PER_CONNECTION = 256;

const INSTALLED = Symbol.for('edition-hub.statement-cache');
const caches = new WeakMap<object, Map<string, { statement: Statement; generation: number }>>();
let generation = 0;

/**
 * Forgets every kept statement (they are prepared again on next use). Call it after changing the
 * schema: SQLite re-prepares a statement itself, but the result columns kept with it would be stale.
 */
export function forgetPreparedStatements(): void {
  generation++;
}

/**
 * Wraps `libsql`'s `Database#prepare` once per process, running `connectionPragmas` on each
 * connection before its first statement (the server bundle and scripts may load
 * this module twice; the flag on the class keeps the wrapping single).
 */
export function installStatementCache(connectionPragmas: readonly string[] = []): void {
  const Database = createRequire(import.meta.url)('libsql') as DatabaseClass & { [INSTALLED]?: true };
  if (Database[INSTALLED]) return;
  Database[INSTALLED] = true;
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function prepareCached(this: object, sql: string): Statement {
    let statements = caches.get(this);
    if (!statements) {
      // A connection's first statement: the pool opens connections lazily, this is where each starts.
      for (const pragma of connectionPragmas) (prepare.call(this, pragma) as Statement & { run(): unknown }).run();
      caches.set(this, (statements = new Map()));
    }
    const cached = statements.get(sql);
    if (cached && cached.generation === generation) {
      // Most recently used last: the first key is the one to evict.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached.statement;
    }
    const statement = keepDescriptions(prepare.call(this, sql));
    statements.delete(sql);
    statements.set(sql, { statement, generation });
    if (statements.size > STATEMENTS_PER_CONNECTION) statements.delete(statements.keys().next().value!);
    return statement;
  };
}

/**
 * The driver asks a statement for its columns twice per call, whether it returns rows (by
 * catching `raw`'s error for one that does not), and sets its raw and safe-integer modes again on
 * every call: the first two are fixed once prepared and the modes stay as last set, so the engine
 * is asked once and a mode is set only when it changes (a call into the engine each, ~2% of a
 * page's render when repeated).
 */
function keepDescriptions(statement: Statement): Statement {
  const { columns, raw, safeIntegers } = statement;
  let knownColumns: unknown[] | undefined;
  let rawError: unknown;
  let rawMode: boolean | undefined;
  let safeIntegerMode: boolean | undefined;
  statement.columns = function keptColumns(this: Statement) {
    return (knownColumns ??= columns.call(this));
  };
  statement.raw = function keptRaw(this: Statement, toggle?: boolean) {
    if (rawError !== undefined) throw rawError;
    const wanted = toggle ?? true;
    if (rawMode === wanted) return this;
    try {
      const result = raw.call(this, toggle);
      rawMode = wanted;
      return result;
    } catch (error) {
      rawError = error;
      throw error;
    }
  };
  statement.safeIntegers = function keptSafeIntegers(this: Statement, toggle?: boolean) {
    const wanted = toggle ?? true;
    if (safeIntegerMode === wanted) return this;
    const result = safeIntegers.call(this, toggle);
    safeIntegerMode = wanted;
    return result;
  };
  return statement;
}
