/**
 * A stand-in for Clerk's Backend API on 127.0.0.1: the user list, the user count and the
 * metadata update the team screen uses, answering in Clerk's JSON shapes (snake_case, `object`
 * tags). It records every request, so a test can assert what the server sent, and can be told
 * to fail (as Clerk down would).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  publicMetadata?: Record<string, unknown>;
  twoFactorEnabled?: boolean;
  lastSignInAt?: number | null;
  /** Clerk's BCP-47 locale of the user ("fr-FR"). */
  locale?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  body: unknown;
}

export interface ClerkBackendStandIn {
  url: string;
  users: Map<string, StandInUser>;
  requests: RecordedRequest[];
  /** Answers the next `count` requests with 503. */
  failNext(count: number): void;
  stop(): Promise<void>;
}

function toJson(user: StandInUser) {
  const emailId = `idn_${user.id}`;
  return {
    object: 'user',
    id: user.id,
    username: null,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    primary_email_address_id: emailId,
    email_addresses: [
      {
        object: 'email_address',
        id: emailId,
        email_address: user.email,
        verification: { object: 'verification', status: user.emailVerified === false ? 'unverified' : 'verified', strategy: 'email_code' },
        linked_to: [],
      },
    ],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    public_metadata: user.publicMetadata ?? {},
    private_metadata: {},
    unsafe_metadata: {},
    two_factor_enabled: user.twoFactorEnabled ?? false,
    totp_enabled: user.twoFactorEnabled ?? false,
    backup_code_enabled: false,
    password_enabled: true,
    banned: false,
    locked: false,
    last_sign_in_at: user.lastSignInAt ?? null,
    locale: user.locale ?? null,
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

/** Clerk's deep merge of metadata: `null` removes a key. */
function merge(into: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...into };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

export async function startClerkBackend(users: StandInUser[]): Promise<ClerkBackendStandIn> {
  const state = new Map(users.map((user) => [user.id, structuredClone(user)]));
  const requests: RecordedRequest[] = [];
  let failures = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, authorization: request.headers.authorization ?? null, body });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (failures > 0) {
      failures -= 1;
      return send(503, { errors: [{ code: 'service_unavailable', message: 'down for the test' }] });
    }
    const all = [...state.values()];
    if (request.method === 'GET' && url.pathname === '/v1/users/count') return send(200, { object: 'total_count', total_count: all.length });
    if (request.method === 'GET' && url.pathname === '/v1/users') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return send(200, all.slice(offset, offset + limit).map(toJson));
    }
    const metadata = /^\/v1\/users\/([^/]+)\/metadata$/.exec(url.pathname);
    if (request.method === 'PATCH' && metadata) {
      const user = state.get(decodeURIComponent(metadata[1]!));
      if (!user) return send(404, { errors: [{ code: 'resource_not_found', message: 'not found' }] });
      const patch = (body as { public_metadata?: Record<string, unknown> } | null)?.public_metadata ?? {};
      user.publicMetadata = merge(user.publicMetadata ?? {}, patch);
      return send(200, toJson(user));
    }
    return send(404, { errors: [{ code: 'resource_not_found', message: `${request.method} ${url.pathname}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    users: state,
    requests,
    failNext(count) {
      failures = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
