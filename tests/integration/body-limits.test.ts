/**
 * Every state-changing endpoint refuses an oversize body with 413, whether the size is declared
 * up front (Content-Length) or only discovered while streaming (chunked), and a body just under
 * the limit is not refused for its size. Nothing is written by a refused request.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { MAX_JSON_BODY_BYTES } from '../../src/server/admin/body.ts';
import { MAX_ENVELOPE_BYTES } from '../../src/server/errors/tunnel/tunnel.ts';
import { MAX_SMALL_BODY_BYTES } from '../../src/server/http/body-limit.ts';
import { uploadLimits } from '../../src/server/uploads/limits.ts';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent, createTag } from '../helpers/factories.ts';
import { collectionNames, collections as declarations } from '../../src/lib/collections/index.ts';
import { rawRequest, type RawResponse } from '../helpers/raw-request.ts';

let app: AdminServer;
let db: Database;
let userId: string;

beforeAll(async () => {
  app = await startAdminServer({ HUB_DEMO: '0' });
  db = await openDatabase({ url: app.server.databaseUrl });
  // Content the fingerprint below watches: a refused body must not touch it.
  await createEvent(app.admin, { status: 'published', tagIds: [(await createTag(app.admin)).id] });
  const users = await app.admin.call('GET', '/api/admin/users');
  userId = users.body.users.find((user: { email: string }) => user.email.startsWith('visitor'))?.id;
}, 120_000);
afterAll(async () => {
  db?.$client.close();
  await app?.server.stop();
});

/** Sends `size` bytes of `fill`, declared (Content-Length) or chunked. */
function send(
  path: string,
  options: { method: string; type: string; size: number; chunked: boolean; cookie?: string | undefined; fill?: string },
): Promise<RawResponse> {
  return rawRequest(app.server.origin, {
    method: options.method,
    path,
    headers: { origin: app.server.origin, 'content-type': options.type, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: Buffer.alloc(options.size, options.fill ?? 'a'),
    chunked: options.chunked,
  });
}

const MB = 1024 * 1024;
/** Larger than every limit except the upload ones. */
const OVERSIZE = 1.5 * MB;

interface Case {
  name: string;
  method: string;
  path: () => string;
  type: string;
  /** Who sends it: the admin, a throwaway signed-in account (for sign-outs), or nobody. */
  as?: 'admin' | 'visitor';
  limit: number;
}

const json = 'application/json';
const form = 'application/x-www-form-urlencoded';
// Every collection, from the registry.
const collections = collectionNames;

const cases: Case[] = [
  ...collections.flatMap((collection): Case[] => [
    ...(declarations[collection].upload
      ? []
      : [
          {
            name: `POST /api/admin/${collection}`,
            method: 'POST',
            path: () => `/api/admin/${collection}`,
            type: json,
            as: 'admin' as const,
            limit: MAX_JSON_BODY_BYTES,
          },
        ]),
    {
      name: `PATCH /api/admin/${collection}/:id`,
      method: 'PATCH',
      path: () => `/api/admin/${collection}/999999`,
      type: json,
      as: 'admin' as const,
      limit: MAX_JSON_BODY_BYTES,
    },
    {
      name: `DELETE /api/admin/${collection}/:id`,
      method: 'DELETE',
      path: () => `/api/admin/${collection}/999999`,
      type: json,
      as: 'admin' as const,
      limit: MAX_JSON_BODY_BYTES,
    },
    {
      name: `POST /api/admin/${collection}/bulk`,
      method: 'POST',
      path: () => `/api/admin/${collection}/bulk`,
      type: json,
      as: 'admin' as const,
      limit: MAX_JSON_BODY_BYTES,
    },
  ]),
  {
    name: 'PUT /api/admin/users/:id/role',
    method: 'PUT',
    path: () => `/api/admin/users/${userId}/role`,
    type: json,
    as: 'admin' as const,
    limit: MAX_SMALL_BODY_BYTES,
  },
  {
    name: 'DELETE /api/admin/users/:id/role',
    method: 'DELETE',
    path: () => `/api/admin/users/${userId}/role`,
    type: json,
    as: 'admin' as const,
    limit: MAX_SMALL_BODY_BYTES,
  },
  { name: 'POST /api/auth/sign-up/email', method: 'POST', path: () => '/api/auth/sign-up/email', type: json, limit: MAX_SMALL_BODY_BYTES },
  { name: 'POST /api/auth/sign-in/email', method: 'POST', path: () => '/api/auth/sign-in/email', type: json, limit: MAX_SMALL_BODY_BYTES },
  { name: 'POST /api/auth/sign-out', method: 'POST', path: () => '/api/auth/sign-out', type: json, as: 'visitor' as const, limit: MAX_SMALL_BODY_BYTES },
  { name: 'POST /en/admin/sign-in (form)', method: 'POST', path: () => '/en/admin/sign-in', type: form, limit: MAX_SMALL_BODY_BYTES },
  { name: 'POST /fr/admin/sign-up (form)', method: 'POST', path: () => '/fr/admin/sign-up', type: form, limit: MAX_SMALL_BODY_BYTES },
  { name: 'POST /en/admin/sign-out (form)', method: 'POST', path: () => '/en/admin/sign-out', type: form, as: 'visitor' as const, limit: MAX_SMALL_BODY_BYTES },
  { name: 'POST /de/hub/contact?_action=contact (form action)', method: 'POST', path: () => '/de/hub/contact?_action=contact', type: form, limit: MB },
  { name: 'POST /_actions/contact (action RPC)', method: 'POST', path: () => '/_actions/contact', type: form, limit: MB },
  { name: 'POST /monitoring', method: 'POST', path: () => '/monitoring', type: 'text/plain;charset=UTF-8', limit: MAX_ENVELOPE_BYTES },
];

async function fingerprint(): Promise<unknown> {
  const result = await db.$client.execute(
    `SELECT (SELECT count(*) FROM auth_users) AS users, (SELECT count(*) FROM auth_sessions) AS sessions,
            (SELECT count(*) FROM contact_messages) AS messages, (SELECT count(*) FROM audit_log) AS audit,
            (SELECT max(updated_at) FROM events) AS events, (SELECT max(updated_at) FROM tags) AS tags`,
  );
  return result.rows[0];
}

describe.each(cases)('$name', (item) => {
  const cookie = () => (item.as ? app[item.as].cookie : undefined);

  it.each([false, true])('answers 413 to an oversize body (chunked: %s) and writes nothing', async (chunked) => {
    expect(item.limit).toBeLessThan(OVERSIZE);
    const before = await fingerprint();
    const response = await send(item.path(), { method: item.method, type: item.type, size: OVERSIZE, chunked, cookie: cookie() });
    expect(response.status, response.body.slice(0, 300)).toBe(413);
    expect(await fingerprint()).toEqual(before);
  });

  it('does not refuse a body just under the limit for its size', async () => {
    // Not valid input (so nothing is written): the answer may be 4xx, but never 413 or 5xx.
    const response = await send(item.path(), { method: item.method, type: item.type, size: item.limit - 1024, chunked: false, cookie: cookie(), fill: 'x' });
    expect(response.status, response.body.slice(0, 300)).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});

describe('uploads', () => {
  it.each(collectionNames.filter((name) => declarations[name].upload))(
    'POST /api/admin/%s refuses a declared oversize upload before reading it',
    async (collection) => {
      const declared = Math.max(uploadLimits.image, uploadLimits.video, uploadLimits.file) + 10 * MB;
      const response = await new Promise<RawResponse>((resolve, reject) => {
        const url = new URL(`/api/admin/${collection}`, app.server.origin);
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            agent: false,
            headers: {
              origin: app.server.origin,
              cookie: app.admin.cookie,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(declared),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        // Only the first bytes are ever sent: the answer must come from the declared length.
        req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n');
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'FILE_TOO_LARGE' });
    },
  );
});
