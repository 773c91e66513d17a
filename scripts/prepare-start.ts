/**
 * Run by `scripts/start.ts` before it starts workers: the machine's one-time work
 * (`prepareMachine`) in a process of its own, which exits when done. Exit code 1 on failure,
 * with the reason on stderr.
 */
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { EnvError, parseEnv } from '../src/server/config/env.ts';
import { PrepareError, prepareMachine } from '../src/server/runtime/prepare.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  const env = parseEnv(process.env);
  const db = await prepareMachine(root, env, () => openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }));
  db.$client.close();
} catch (error) {
  console.error(error instanceof EnvError || error instanceof PrepareError ? error.message : `Preparing the machine failed: ${String(error)}`);
  process.exit(1);
}
