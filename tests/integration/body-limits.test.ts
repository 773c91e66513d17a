/**
 * Every state-changing endpoint refuses an oversize body with 413, whether the size is declared
 * up front (Content-Length) or only discovered while streaming (chunked), and a body just under
 * the limit is not refused for its size. Nothing is written by a refused request.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
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

describe('a refused body', () => {
  // The server used to reset the connection while the client was still sending, and a reset can
  // throw away the answer the client has not read yet (about one oversize post in twenty).
  it.each([false, true])('gets its 413 every time, never a reset (chunked: %s)', async (chunked) => {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await rawRequest(app.server.origin, {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { origin: app.server.origin, 'content-type': 'application/json' },
        body: Buffer.alloc(OVERSIZE, 'a'),
        chunked,
      }).catch((error: NodeJS.ErrnoException) => ({ status: error.code ?? String(error) }));
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 413)).toEqual([]);
  });
  /** A chunked post of `megabytes` to the sign-in API on one keep-alive connection, then a GET on it. */
  function postThenGet(megabytes: number): Promise<{ answers: string[]; sentMb: number; reset: boolean }> {
    const url = new URL(app.server.origin);
    return new Promise((resolve) => {
      const answers: string[] = [];
      let sent = 0;
      let reset = false;
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${app.server.origin}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(65_536, 'a'), Buffer.from('\r\n')]);
        const pump = () => {
          while (sent < megabytes * MB) {
            sent += 65_536;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
          socket.write(`0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
        };
        pump();
      });
      let received = '';
      socket.on('data', (data: Buffer) => {
        received += data.toString('latin1');
        answers.splice(0, answers.length, ...[...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => match[1]!));
        if (answers.length === 2) socket.destroy();
      });
      socket.on('error', () => (reset = true));
      socket.on('close', () => resolve({ answers, sentMb: sent / MB, reset }));
    });
  }

  it('is read to its end, and the connection then answers the next request', async () => {
    const { answers, reset } = await postThenGet(8);
    expect(answers).toEqual(['413', '200']);
    expect(reset).toBe(false);
  });

  it('is read for at most 16 MB more: past that the connection is reset', async () => {
    const { answers, sentMb, reset } = await postThenGet(200);
    expect(answers).toEqual(['413']);
    expect(reset).toBe(true);
    // What the client could write: the 16 MB read and dropped, plus the sockets' buffers.
    expect(sentMb).toBeLessThan(64);
  });
});
