/** `node bench/prepare.ts 10000 100000`: generates benchmark databases ahead of a run. */
import { fileURLToPath } from 'node:url';
import { ensureBenchDatabase } from './lib/databases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const size of process.argv.slice(2).map(Number)) {
  const database = ensureBenchDatabase(root, size);
  console.log(`${size} events: ${database.url}${database.seedSeconds ? ` (seeded in ${database.seedSeconds.toFixed(1)} s)` : ' (already present)'}`);
}
