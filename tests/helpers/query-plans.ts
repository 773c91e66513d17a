/**
 * Query-plan checks: record every statement the app sends through a database handle, then read
 * each one's `EXPLAIN QUERY PLAN` and list the lines that read a large table in full.
 */
import type { Client, InArgs, InStatement, ResultSet, Transaction } from '@libsql/client';
import type { Database } from '../../db/client.ts';

export interface RecordedStatement {
  sql: string;
  args: InArgs;
}

export interface PlanLine {
  id: number;
  parent: number;
  detail: string;
}

/** A plan line that reads a large table without bounds, and which table it reads. */
export interface FullScan {
  table: string;
  detail: string;
}

/** A bounded index walk a case accepts on a large table, with the reason it is bounded. */
export interface AcceptedScan {
  plan: RegExp;
  reason: string;
}

export interface PlanCheck {
  /** Tables a plan may read in full (small ones), each with the reason. */
  smallTables: Readonly<Record<string, string>>;
  /** Index walks (`SCAN t USING [COVERING] INDEX i`, unconstrained `SEARCH`) accepted on large tables; never bare scans. */
  accepted?: readonly AcceptedScan[];
}

function toStatement(stmt: InStatement | string, args?: InArgs): RecordedStatement {
  if (typeof stmt === 'string') return { sql: stmt, args: args ?? [] };
  return { sql: stmt.sql, args: stmt.args ?? [] };
}

/**
 * Starts recording what `db` executes (plain statements and those inside transactions).
 * `take()` returns the statements recorded since the previous call; `stop()` restores the client.
 */
export function recordStatements(db: Database): { take(): RecordedStatement[]; stop(): void } {
  const client = db.$client;
  const execute = client.execute.bind(client);
  const transaction = client.transaction.bind(client);
  let recorded: RecordedStatement[] = [];
  const wrapped = (run: (stmt: InStatement) => Promise<ResultSet>) =>
    ((stmt: InStatement | string, args?: InArgs) => {
      const statement = toStatement(stmt, args);
      recorded.push(statement);
      return run(statement);
    }) as Client['execute'];
  client.execute = wrapped(execute);
  client.transaction = (async (...rest: Parameters<Client['transaction']>) => {
    const tx: Transaction = await transaction(...rest);
    tx.execute = wrapped(tx.execute.bind(tx)) as Transaction['execute'];
    return tx;
  }) as Client['transaction'];
  return {
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    stop() {
      client.execute = execute;
      client.transaction = transaction;
    },
  };
}

/** Transaction control and pragmas have no plan worth checking. */
export function isPlannable(statement: RecordedStatement): boolean {
  return /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE|REPLACE)\b/i.test(statement.sql);
}

/** The statement's query plan, with the same arguments it ran with. */
export async function explainPlan(client: Pick<Client, 'execute'>, statement: RecordedStatement): Promise<PlanLine[]> {
  const result = await client.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args });
  return result.rows.map((row) => ({ id: Number(row['id']), parent: Number(row['parent']), detail: String(row['detail']) }));
}

/** The plan as an indented tree, as the sqlite3 shell prints it. */
export function formatPlan(lines: readonly PlanLine[]): string {
  const depth = new Map<number, number>([[0, -1]]);
  return lines
    .map((line) => {
      const level = (depth.get(line.parent) ?? -1) + 1;
      depth.set(line.id, level);
      return `${'  '.repeat(level)}${line.detail}`;
    })
    .join('\n');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The tables a plan name can stand for: the table of that name, or every table the statement
 * gives that alias (`FROM events e`, `join "event_translations" "own"`). Several when an alias is
 * reused in different subqueries; none for CTEs and subqueries.
 */
export function tablesNamed(sql: string, name: string, tables: ReadonlySet<string>): string[] {
  if (tables.has(name)) return [name];
  const alias = new RegExp(`\\b(?:FROM|JOIN)\\s+["\`]?(\\w+)["\`]?\\s+(?:AS\\s+)?["\`]?${escapeRegExp(name)}["\`]?(?![\\w.])`, 'gi');
  return [...new Set([...sql.matchAll(alias)].map((match) => match[1]!).filter((table) => tables.has(table)))];
}

const SORT = /^USE TEMP B-TREE FOR (RIGHT PART OF |LAST TERM OF )?(ORDER BY|GROUP BY|DISTINCT)$/;

/**
 * Plan lines that read a large table in full: a bare `SCAN t`, a full-text table read without
 * MATCH or rowid lookup, and an index walk `SCAN t USING [COVERING] INDEX i` unless the check
 * accepts it and no sort beside it needs every row. A `SEARCH` without a `(constraint)` is how
 * SQLite labels a min()/max(): one seek when the index is on the argument, a walk otherwise, so
 * it counts as a walk unless accepted (a bare `SEARCH t` is a min()/max() of the rowid). An
 * automatic index is built by reading the whole table.
 */
export function findFullScans(statement: RecordedStatement, lines: readonly PlanLine[], tables: ReadonlySet<string>, check: PlanCheck): FullScan[] {
  const scans: FullScan[] = [];
  for (const line of lines) {
    const match = /^(SCAN|SEARCH) (\S+)(.*)$/.exec(line.detail);
    if (!match) continue;
    const [, verb, name, rest] = match as unknown as [string, string, string, string];
    // A subquery or CTE in FROM is planned beside its scan (`CO-ROUTINE x` then `SCAN x`).
    if (lines.some((other) => other.parent === line.parent && (other.detail === `CO-ROUTINE ${name}` || other.detail === `MATERIALIZE ${name}`))) continue;
    const virtual = /^ VIRTUAL TABLE INDEX \d+:(.*)$/.exec(rest);
    if (virtual) {
      // FTS5's index string: M = MATCH, = = rowid lookup; anything else walks the whole index.
      if (/[M=]/.test(virtual[1]!)) continue;
    } else if (verb === 'SEARCH' && /\(.*\)/.test(rest) && !rest.includes(' AUTOMATIC ')) continue;
    else if (/^ USING (COVERING )?INDEX \S+$/.test(rest) || (verb === 'SEARCH' && rest === '')) {
      const sorted = lines.some((other) => other.parent === line.parent && SORT.test(other.detail));
      if (!sorted && check.accepted?.some((accepted) => accepted.plan.test(line.detail))) continue;
    }
    for (const table of tablesNamed(statement.sql, name, tables)) {
      if (check.smallTables[table] === undefined) scans.push({ table, detail: line.detail });
    }
  }
  return scans;
}

/** Names of every table and virtual table in the database (not indexes, not FTS shadow tables). */
export async function listTables(client: Pick<Client, 'execute'>): Promise<Set<string>> {
  const result = await client.execute(`SELECT name FROM sqlite_schema WHERE type = 'table'`);
  return new Set(result.rows.map((row) => String(row['name'])));
}
