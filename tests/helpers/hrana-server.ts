/**
 * A stand-in libSQL server for tests: the Hrana 2 protocol over HTTP (`POST /v2/pipeline`, JSON,
 * batons for streams that outlive a request) in front of a libSQL database file. No sqld binary
 * can be installed here (docs/decisions/010), and this is the protocol `@libsql/client` speaks to
 * sqld and Turso for `http://`/`https://` URLs, so the app's remote code path runs for real: no
 * local pragmas, interactive transactions over several HTTP requests, bearer-token auth.
 * Not a server to deploy: one process, no replication, no stream expiry.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// `libsql` (a dependency of @libsql/client) is CommonJS and ships no types.
interface Statement {
  reader: boolean;
  raw(on?: boolean): Statement;
  safeIntegers(on?: boolean): Statement;
  columns(): { name: string; type: string | null }[];
  all(args: unknown[]): unknown[][];
  run(args: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
interface Connection {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
  readonly inTransaction: boolean;
}
const Database = createRequire(import.meta.url)('libsql') as new (path: string) => Connection;

type Value =
  { type: 'null' } | { type: 'integer'; value: string } | { type: 'float'; value: number } | { type: 'text'; value: string } | { type: 'blob'; base64: string };
interface Stmt {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
}
type Cond = { type: 'ok' | 'error'; step: number } | { type: 'not'; cond: Cond } | { type: 'and' | 'or'; conds: Cond[] } | { type: 'is_autocommit' };
interface StreamRequest {
  type: string;
  stmt?: Stmt;
  batch?: { steps: { condition?: Cond | null; stmt: Stmt }[] };
  sql?: string;
  sql_id?: number;
}
interface Stream {
  connection: Connection;
  sqls: Map<number, string>;
}

class HranaError extends Error {
  readonly code: string;
  constructor(message: string, code = 'SQLITE_ERROR') {
    super(message);
    this.code = code;
  }
}

function decode(value: Value): unknown {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(value.value);
    case 'float':
      return value.value;
    case 'text':
      return value.value;
    case 'blob':
      return Buffer.from(value.base64, 'base64');
  }
}

function encode(value: unknown): Value {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  // Integers arrive as bigint (safeIntegers): a number is always a REAL.
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') };
  return { type: 'text', value: String(value) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one statement. All connections live in this one thread, so a connection must never wait
 * for a lock inside SQLite (the holder could not run meanwhile): busy_timeout is 0 and a BUSY
 * statement is retried after yielding, as sqld's own lock wait would look to a client.
 * The retry steps the same prepared statement again: a statement that stopped on SQLITE_BUSY
 * keeps its lock until it is reset or finalized, and libsql finalizes only on garbage collection,
 * so a fresh statement per attempt left a lock behind that blocked every later writer.
 */
async function execute(stream: Stream, stmt: Stmt): Promise<Record<string, unknown>> {
  const sql = stmt.sql ?? stream.sqls.get(stmt.sql_id ?? -1);
  if (sql === undefined) throw new HranaError('SQL text not found', 'SQL_NOT_FOUND');
  if (stmt.named_args?.length) throw new HranaError('Named arguments are not supported by this stand-in', 'NOT_SUPPORTED');
  const args = (stmt.args ?? []).map(decode);
  let prepared: Statement | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      prepared ??= stream.connection.prepare(sql).safeIntegers(true);
      if (prepared.reader) {
        const rows = prepared.raw(true).all(args);
        return {
          cols: prepared.columns().map((column) => ({ name: column.name, decltype: column.type })),
          rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(encode)),
          affected_row_count: 0,
          last_insert_rowid: null,
        };
      }
      const info = prepared.run(args);
      return { cols: [], rows: [], affected_row_count: info.changes, last_insert_rowid: String(info.lastInsertRowid) };
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'SQLITE_ERROR';
      if (code.startsWith('SQLITE_BUSY') && attempt < 1_000) {
        await sleep(5);
        continue;
      }
      throw new HranaError((error as Error).message, code);
    }
  }
}

function evaluate(cond: Cond, stream: Stream, outcomes: ('ok' | 'error' | undefined)[]): boolean {
  switch (cond.type) {
    case 'ok':
      return outcomes[cond.step] === 'ok';
    case 'error':
      return outcomes[cond.step] === 'error';
    case 'not':
      return !evaluate(cond.cond, stream, outcomes);
    case 'and':
      return cond.conds.every((c) => evaluate(c, stream, outcomes));
    case 'or':
      return cond.conds.some((c) => evaluate(c, stream, outcomes));
    case 'is_autocommit':
      return !stream.connection.inTransaction;
  }
}

async function runBatch(stream: Stream, steps: NonNullable<StreamRequest['batch']>['steps']): Promise<Record<string, unknown>> {
  const outcomes: ('ok' | 'error' | undefined)[] = [];
  const results: unknown[] = [];
  const errors: unknown[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.condition && !evaluate(step.condition, stream, outcomes)) {
      results[index] = null;
      errors[index] = null;
      continue;
    }
    try {
      results[index] = await execute(stream, step.stmt);
      errors[index] = null;
      outcomes[index] = 'ok';
    } catch (error) {
      results[index] = null;
      errors[index] = { message: (error as Error).message, code: (error as HranaError).code };
      outcomes[index] = 'error';
    }
  }
  return { step_results: results, step_errors: errors };
}

export interface HranaServer {
  url: string;
  /** Pipeline requests served (each is one HTTP round trip of the client). */
  requests: () => number;
  close: () => Promise<void>;
}

/** Serves `file` (a libSQL database path) over Hrana 2; requests must carry `Bearer <authToken>`. */
export async function startHranaServer(file: string, authToken: string): Promise<HranaServer> {
  const streams = new Map<string, Stream>();
  let served = 0;
  let nextBaton = 0;

  const openStream = (): Stream => {
    const connection = new Database(file);
    connection.exec('PRAGMA busy_timeout = 0');
    return { connection, sqls: new Map() };
  };

  async function handle(request: { baton?: string | null; requests: StreamRequest[] }): Promise<Record<string, unknown>> {
    const stream = request.baton ? streams.get(request.baton) : openStream();
    if (!stream) throw new HranaError('Stream not found (expired or closed)', 'STREAM_EXPIRED');
    if (request.baton) streams.delete(request.baton);
    let closed = false;
    const results = [];
    for (const item of request.requests) {
      try {
        results.push({ type: 'ok', response: await respond(stream, item, () => (closed = true)) });
      } catch (error) {
        results.push({ type: 'error', error: { message: (error as Error).message, code: (error as HranaError).code ?? 'SQLITE_ERROR' } });
      }
    }
    if (closed) {
      stream.connection.close();
      return { baton: null, base_url: null, results };
    }
    const baton = `b${++nextBaton}`;
    streams.set(baton, stream);
    return { baton, base_url: null, results };
  }

  async function respond(stream: Stream, item: StreamRequest, close: () => void): Promise<Record<string, unknown>> {
    switch (item.type) {
      case 'execute':
        return { type: 'execute', result: await execute(stream, item.stmt!) };
      case 'batch':
        return { type: 'batch', result: await runBatch(stream, item.batch!.steps) };
      case 'sequence':
        stream.connection.exec(item.sql ?? stream.sqls.get(item.sql_id ?? -1) ?? '');
        return { type: 'sequence' };
      case 'store_sql':
        stream.sqls.set(item.sql_id!, item.sql!);
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(item.sql_id!);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !stream.connection.inTransaction };
      case 'close':
        close();
        return { type: 'close' };
      default:
        throw new HranaError(`Request type ${item.type} is not supported by this stand-in`, 'NOT_SUPPORTED');
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'GET' && (req.url === '/v2' || req.url === '/health')) return reply(200, 'ok');
    if (req.method !== 'POST' || req.url !== '/v2/pipeline') return reply(404, 'Not found');
    if (req.headers.authorization !== `Bearer ${authToken}`) return reply(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      served++;
      handle(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { baton?: string | null; requests: StreamRequest[] }).then(
        (body) => reply(200, body),
        (error: HranaError) => reply(400, { message: error.message, code: error.code }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams.values()) stream.connection.close();
        streams.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
