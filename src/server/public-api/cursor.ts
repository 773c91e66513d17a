/**
 * Opaque keyset cursors: the sort key of the last item a page returned, bound to the list and
 * filters it came from, and signed with the server's secret. Binding a cursor to its query means
 * a cursor pasted onto another query is refused (400) instead of silently skipping rows; signing
 * it means a client cannot forge one, so only keys this server produced reach the query (a forged
 * key far outside any date once made the list fail with a 500). Keys are bounded all the same.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { getEnv } from '../config/env.ts';
import { resolveAuthSecret, secretFileFor } from '../auth/local/secret.ts';

/** The range of a JavaScript Date, in milliseconds either side of 1970. */
const MAX_INSTANT_MS = 8_640_000_000_000_000;
const instant = z.int().min(-MAX_INSTANT_MS).max(MAX_INSTANT_MS);
const rowId = z.int().min(0);
const payload = z.object({ s: z.string().max(16), k: z.union([z.tuple([instant, rowId]), z.tuple([rowId])]) }).strict();

let cachedSecret: string | undefined;

/**
 * The secret cursors are signed with: the server's (BETTER_AUTH_SECRET, or the one generated
 * beside an embedded database), else Clerk's secret key, so every node of a deployment agrees.
 */
function serverSecret(): string {
  if (cachedSecret) return cachedSecret;
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET || secretFileFor(env.DATABASE_URL)) cachedSecret = resolveAuthSecret(env);
  else cachedSecret = env.CLERK_SECRET_KEY ?? randomBytes(32).toString('base64url');
  return cachedSecret;
}

function signature(body: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`public-api-cursor:${body}`).digest();
}

/** A short digest of what a cursor belongs to: the list and its canonical filters. */
function scopeDigest(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 12);
}

/** The cursor that continues after `key` (the last item's sort key) in list `scope`. */
export function encodeCursor(scope: string, key: readonly number[], secret = serverSecret()): string {
  const body = Buffer.from(JSON.stringify({ s: scopeDigest(scope), k: key })).toString('base64url');
  return `${body}.${signature(body, secret).toString('base64url')}`;
}

/** The sort key a cursor continues after, or undefined when it is malformed, forged or from another list. */
export function decodeCursor(cursor: string, scope: string, keyLength: number, secret = serverSecret()): number[] | undefined {
  const match = /^([A-Za-z0-9_-]{1,150})\.([A-Za-z0-9_-]{43})$/.exec(cursor);
  if (!match) return undefined;
  const [, body, signed] = match as unknown as [string, string, string];
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(body, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = payload.safeParse(parsed);
  if (!result.success || result.data.s !== scopeDigest(scope) || result.data.k.length !== keyLength) return undefined;
  return [...result.data.k];
}
