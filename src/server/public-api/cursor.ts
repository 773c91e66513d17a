/**
 * Opaque keyset cursors: the sort key of the last item a page returned, bound to the list and
 * filters it came from. A cursor is not a secret, only an encoding; binding it to its query means
 * a cursor pasted onto another query is refused (400) instead of silently skipping rows.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

const payload = z.object({ s: z.string(), k: z.array(z.int()).min(1).max(2) }).strict();

/** A short digest of what a cursor belongs to: the list and its canonical filters. */
function scopeDigest(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 12);
}

/** The cursor that continues after `key` (the last item's sort key) in list `scope`. */
export function encodeCursor(scope: string, key: readonly number[]): string {
  return Buffer.from(JSON.stringify({ s: scopeDigest(scope), k: key })).toString('base64url');
}

/** The sort key a cursor continues after, or undefined when it is malformed or from another list. */
export function decodeCursor(cursor: string, scope: string, keyLength: number): number[] | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = payload.safeParse(parsed);
  if (!result.success || result.data.s !== scopeDigest(scope) || result.data.k.length !== keyLength) return undefined;
  return result.data.k;
}
