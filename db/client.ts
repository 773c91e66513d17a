/**
 * Opens the libSQL database (embedded file or remote server) and wraps it in Drizzle.
 * Writes go through `writeTransaction`, which serialises write transactions inside the process:
 * SQLite allows one writer, and the embedded driver's lock waits would block the event loop.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema.ts';
import { installStatementCache } from './statement-cache.ts';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: domain functions accept both. */
export type Executor = Database | Transaction;

export interface DatabaseOptions {
  url: string;
  authToken?: string | undefined;
}

/** True when the URL points at a local file (embedded database) rather than a server. */
export function isEmbeddedUrl(url: string): boolean {
  return url.startsWith('file:') || url === ':memory:';
}

/**
 * Pragmas of every pooled connection (they are per connection, and the pool opens up to eight):
 * WAL makes NORMAL durable enough (a power cut may lose the last commits, never corrupt), and a
 * 512 KiB page cache each instead of 2 MB; the OS keeps the file's pages anyway (decision 012).
 */
const CONNECTION_PRAGMAS = ['PRAGMA synchronous = NORMAL', 'PRAGMA cache_size = -512'];

/** Opens a database connection pool and applies the per-database pragmas. */
export async function openDatabase({ url, authToken }: DatabaseOptions): Promise<Database> {
  const embedded = isEmbeddedUrl(url);
  if (embedded) {
    ensureParentDirectory(url);
    installStatementCache(CONNECTION_PRAGMAS);
  }
  const client = createClient({
    url,
    ...(authToken ? { authToken } : {}),
    intMode: 'number',
    ...(embedded ? { concurrency: 8, timeout: 5_000 } : {}),
  });
  if (embedded) {
    // WAL is persistent per file; the per-connection pragmas run as each connection opens.
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return drizzle(client, { schema }) as Database;
}

function ensureParentDirectory(url: string): void {
  const path = url.replace(/^file:/, '').replace(/\?.*$/, '');
  if (!path || path === ':memory:') return;
  mkdirSync(dirname(path), { recursive: true });
}

/** One queue per database handle, wherever the module is loaded from (script or server bundle). */
const WRITE_QUEUE = Symbol.for('edition-hub.write-queue');
type Queued = Database & { [WRITE_QUEUE]?: Promise<unknown> };

/**
 * Runs `work` in one write transaction; everything it writes commits together or not at all.
 * Calls are queued so that two requests never hold competing write transactions.
 */
export function writeTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const queued = db as Queued;
  const run = (queued[WRITE_QUEUE] ?? Promise.resolve()).then(() => db.transaction(work));
  queued[WRITE_QUEUE] = run.catch(() => undefined);
  return run;
}
