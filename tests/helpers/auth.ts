/** Helpers of the auth integration tests: accounts, sessions and requests against a test server. */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../db/client.ts';
import { setGrantedRole } from '../../src/server/team/users.ts';
import type { Role } from '../../src/server/auth/roles.ts';
import { buildSite } from '../../src/server/runtime/build-state.ts';
import { RESOLVE_HOOKS_FLAG } from '../../src/server/runtime/node-flags.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const PASSWORD = 'correct horse battery staple';

/** The `name=value` pairs a response sets (cleared cookies left out), as a Cookie header. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/;\s*max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

/** Creates a local account through better-auth's JSON API (which signs no one in). */
export async function createAccount(origin: string, email: string, name = email.split('@')[0]!): Promise<Response> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** Creates a local account, then signs it in; returns its session cookie. */
export async function signUp(origin: string, email: string, name = email.split('@')[0]!): Promise<string> {
  await createAccount(origin, email, name);
  return signIn(origin, email);
}

/** Signs in through better-auth's JSON API; returns a new session cookie. */
export async function signIn(origin: string, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return sessionCookie(response);
}

/** Posts an HTML form (as a browser on this origin would) without following redirects. */
export function postForm(origin: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

/** GET without following redirects. */
export function get(origin: string, path: string, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
}

/**
 * Runs `npm run users -- …` (scripts/users.ts) against a database. Asynchronous on purpose: a
 * synchronous spawn would freeze this process's event loop for seconds, and a keep-alive socket
 * the server closes meanwhile would be reused by the next fetch ("other side closed").
 */
export function runUsersCli(databaseUrl: string, args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RESOLVE_HOOKS_FLAG, 'scripts/users.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

/**
 * Grants `role` to the account of `email` the way `npm run users -- grant` does (the same function,
 * with no allow lists, as the command line reads none from a bare DATABASE_URL), in this process:
 * a test that needs an editor does not start Node for it. The command itself is tested in
 * auth-local.test.ts. Refused with `LAST_ADMIN` when it would leave no administrator.
 */
export async function grantRole(
  databaseUrl: string,
  email: string,
  role: Role,
  /** Edition ids to limit the account to (docs/decisions/059); absent = every edition. */
  editions?: readonly number[],
): Promise<{ ok: true } | { ok: false; code: 'USER_NOT_FOUND' | 'LAST_ADMIN' | 'EDITION_NOT_FOUND' }> {
  const db = await openDatabase({ url: databaseUrl });
  try {
    const result = await setGrantedRole(db, { email }, role, { adminEmails: [], editorEmails: [], requireVerifiedEmail: false }, undefined, editions);
    return result.ok ? { ok: true } : { ok: false, code: result.code };
  } finally {
    db.$client.close();
  }
}

const buildLock = join(tmpdir(), 'edition-hub-auth-build.lock');

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Holds a cross-process lock (a directory) while `work` runs; stale locks expire after 5 min. */
function withBuildLock<T>(work: () => T): T {
  for (;;) {
    try {
      mkdirSync(buildLock);
      break;
    } catch {
      const age = Date.now() - (statSync(buildLock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) rmSync(buildLock, { recursive: true, force: true });
      else sleep(250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

/**
 * Builds a variant of the site into `distDir` with `env` (e.g. the Clerk keys). Builds of this
 * project share `.astro/` and Vite's cache, so the auth tests' builds take turns, and a build that
 * trips over someone else's is tried once more. `isFresh`, asked once the lock is held, skips a
 * build another file made while this one waited (rebuilding under a running server breaks it).
 */
export function buildVariant(distDir: string, env: Record<string, string | undefined>, isFresh: () => boolean = () => false): void {
  withBuildLock(() => {
    if (isFresh()) return;
    for (let attempt = 1; ; attempt++) {
      if (buildSite(root, { distDir, env })) return;
      if (attempt === 2) throw new Error(`astro build into ${distDir} failed`);
    }
  });
}
