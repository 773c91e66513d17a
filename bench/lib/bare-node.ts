/** Starts bench/lib/bare-node-server.ts in its own process on the files nginx serves. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StaticServer } from './nginx.ts';

export function startBareNode(folder: string, port: number): Promise<StaticServer> {
  const child = fork(fileURLToPath(new URL('./bare-node-server.ts', import.meta.url)), [folder, String(port)], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare Node server exited (${code})`)));
    child.once('message', () => resolve({ origin: `http://127.0.0.1:${port}`, stop: () => child.kill() }));
  });
}
