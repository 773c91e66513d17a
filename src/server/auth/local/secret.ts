/**
 * The secret better-auth signs session cookies with. Given in BETTER_AUTH_SECRET, or, for an
 * embedded database, generated once and kept beside the database file (`auth-secret`, mode 600),
 * so `npm start` needs no configuration and no two installations share a secret. A remote
 * database requires the variable (the env schema enforces it): several processes share it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SecretSource {
  BETTER_AUTH_SECRET?: string | undefined;
  DATABASE_URL: string;
}

/** Path of the generated secret for an embedded `file:` database URL, else `null`. */
export function secretFileFor(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('file:')) return null;
  const path = databaseUrl.replace(/^file:(\/\/)?/, '').replace(/\?.*$/, '');
  if (!path || path === ':memory:') return null;
  return join(dirname(path), 'auth-secret');
}

/** Reads the secret, generating and storing it on first use for an embedded database. */
export function resolveAuthSecret(env: SecretSource): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = secretFileFor(env.DATABASE_URL);
  if (!file) return randomBytes(32).toString('base64url');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    try {
      // `wx`: if another process wrote it first, keep theirs.
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // Lost the race; read the winner's below.
    }
    return readFileSync(file, 'utf8').trim();
  }
}
