/**
 * `npm run db:text-state [-- <collection>…]`: prints the SQL that keeps the `text_state` of the
 * collections' translations tables (docs/decisions/037), for every collection or the ones named.
 *
 * drizzle-kit does not know about triggers. When a collection is added, or its declared texts or
 * `complete` list change (src/lib/collections), or a migration rebuilds a `*_translations` table:
 *   1. `npm run db:generate` first if the schema changed (it adds the `text_state` column and index);
 *   2. `npx drizzle-kit generate --custom --name <name>` creates an empty migration;
 *   3. paste this script's output for the collections concerned into it, and run `npm run db:migrate`.
 * The output drops the collections' old triggers, refills the column and creates the triggers again.
 * tests/integration/text-state-triggers.test.ts fails until the migrated triggers match.
 */
import { collectionNames, isCollectionName } from '../src/lib/collections/index.ts';
import { adminResources } from '../src/server/collections/registry.ts';
import { textStateMigration } from '../src/server/engine/text-state-sql.ts';

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !isCollectionName(name));
if (unknown.length > 0) {
  console.error(`Unknown collection: ${unknown.join(', ')}. Known: ${collectionNames.join(', ')}.`);
  process.exit(2);
}
const names = asked.length > 0 ? collectionNames.filter((name) => asked.includes(name)) : collectionNames;
process.stdout.write(textStateMigration(names.map((name) => adminResources[name].spec)));
