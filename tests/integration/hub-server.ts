/** One production server with demo data per test file, plus raw read access to its database. */
import { createClient, type Client } from '@libsql/client';
import { startTestServer, type TestServer } from '../helpers/server.ts';

export interface HubServer extends TestServer {
  db: Client;
  get: (path: string, init?: RequestInit) => Promise<Response>;
  html: (path: string) => Promise<{ status: number; body: string; headers: Headers }>;
  query: <T>(sql: string, args?: (string | number | null)[]) => Promise<T[]>;
}

/** Starts a server (env added to the defaults) and connects to the same database file. */
export async function startHubServer(env: Record<string, string> = {}): Promise<HubServer> {
  const server = await startTestServer(env);
  const db = createClient({ url: server.databaseUrl, intMode: 'number' });
  const stopServer = server.stop;
  const get = (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, { redirect: 'manual', ...init });
  return Object.assign(server, {
    db,
    get,
    async html(path: string) {
      const response = await get(path);
      return { status: response.status, body: await response.text(), headers: response.headers };
    },
    async query<T>(sql: string, args: (string | number | null)[] = []) {
      return (await db.execute({ sql, args })).rows as unknown as T[];
    },
    stop: async () => {
      db.close();
      await stopServer();
    },
  });
}

/** SQL condition for "public" on an events/editions alias, at `now` (ms). */
export const publicSql = (alias: string, now = Date.now()) =>
  `${alias}.status = 'published' AND (${alias}.publish_at IS NULL OR ${alias}.publish_at <= ${now})`;
