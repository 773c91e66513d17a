/**
 * Signed-in clients of the admin API against a `startTestServer` instance: an admin (the first
 * local account), an editor (through HUB_EDITOR_EMAILS) and a signed-in user without a role.
 */
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { signUp } from './auth.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface AdminClient {
  origin: string;
  cookie: string;
  /** A same-origin request with the session cookie; `body` objects are sent as JSON. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The request's JSON body together with its status, for concise assertions. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
  call<T = Record<string, any>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }>;
  /** Multipart upload of one file (plus an optional `metadata` JSON part). */
  upload(collection: 'medias' | 'files', file: Blob, name: string, metadata?: unknown): Promise<Response>;
}

export const EDITOR_EMAIL = 'editor@admin-tests.example';
export const ADMIN_EMAIL = 'admin@admin-tests.example';
export const NO_ROLE_EMAIL = 'visitor@admin-tests.example';

/** A client sending `cookie` (empty for anonymous) from the server's own origin. */
export function adminClient(origin: string, cookie = ''): AdminClient {
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isJson = body !== undefined && !(typeof body === 'string') && !(body instanceof FormData) && !(body instanceof Uint8Array);
    return fetch(`${origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isJson ? JSON.stringify(body) : (body as BodyInit) }),
    });
  };
  return {
    origin,
    cookie,
    request,
    async call(method, path, body) {
      const response = await request(method, path, body);
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    upload(collection, file, name, metadata) {
      const form = new FormData();
      if (metadata !== undefined) form.set('metadata', JSON.stringify(metadata));
      form.set('file', file, name);
      return request('POST', `/api/admin/${collection}`, form);
    },
  };
}

export interface AdminServer {
  server: TestServer;
  admin: AdminClient;
  editor: AdminClient;
  /** Signed in, but without an admin role. */
  visitor: AdminClient;
  anonymous: AdminClient;
}

/** Starts a server with demo content and signs in one account per role. */
export async function startAdminServer(env: Record<string, string> = {}): Promise<AdminServer> {
  const server = await startTestServer({ HUB_EDITOR_EMAILS: EDITOR_EMAIL, ...env });
  // The first account of a fresh database becomes admin.
  const admin = adminClient(server.origin, await signUp(server.origin, ADMIN_EMAIL));
  const editor = adminClient(server.origin, await signUp(server.origin, EDITOR_EMAIL));
  const visitor = adminClient(server.origin, await signUp(server.origin, NO_ROLE_EMAIL));
  return { server, admin, editor, visitor, anonymous: adminClient(server.origin) };
}

/**
 * For one test file: a server started before its tests (as `startAdminServer`) with a handle on
 * its database, both closed after them. Read the members inside tests, once started.
 */
export function useAdminServer(env: Record<string, string> = {}): { readonly app: AdminServer; readonly db: Database } {
  const running = {} as { app: AdminServer; db: Database };
  beforeAll(async () => {
    running.app = await startAdminServer(env);
    running.db = await openDatabase({ url: running.app.server.databaseUrl });
  });
  afterAll(async () => {
    running.db?.$client.close();
    await running.app?.server.stop();
  });
  return running;
}
