/**
 * A collection is known where it is declared (decision 014). A list of collections written by
 * hand goes stale when a collection is added, and nothing says so: webhook messages carried
 * `urls: null` for three collections that way, the fuzz test never fuzzed venues, and the admin
 * JavaScript budget never measured the venue screens. So outside the registry, no source, script
 * or test may list collections by hand:
 *
 * - an array or a union of three or more collection names (`['tags', 'venues', …]`);
 * - an object with four or more collection names as keys, unless its type or `satisfies` clause
 *   ties it to `CollectionName` (then the compiler asks for the new collection's entry).
 *
 * The same holds for four or more entity names (`'event'`, `'tag'`, …) in one array or union.
 * A list that is not "every collection" (a format's own sections, an event's relations) is
 * allowed below, with the reason. A new collection's name is picked up from `collectionNames`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionNames, collections } from '../../src/lib/collections/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folders = ['src', 'db', 'scripts', 'tests', 'bench'];

/** Files that may list collections by hand, and why the list is not "every collection". */
const allowed: Readonly<Record<string, string>> = {
  'src/lib/collections/declare.ts': 'the registry itself: `collectionNames`',
  'src/server/import/names.ts': 'the names an imported row gives for its tags and people, not a list of collections',
  'src/server/import/plan.ts': 'the names an imported row gives for its tags and people, not a list of collections',
  'db/schema.ts': 'the entity kinds the search index holds (`searchEntityTypes`): searchable is a capability',
  'src/server/static-export/search-markers.ts': 'the entity kinds the static search indexes, as the server’s search does',
  'src/server/bundle/schema.ts': 'the edition bundle format (decision 048): the sections a bundle file has',
  'src/server/events/detail.ts': 'an event’s own relations (edition, venue, tags, people), not a list of collections',
  'db/seed/build-catalogue.ts': 'the demo catalogue, written table by table',
  'db/seed/generate.ts': 'the demo content, written table by table',
  'tests/integration/query-plans.test.ts': 'names of small tables a query plan may scan in full',
  'tests/integration/edition-bundle.test.ts': 'the items one fixture made, compared section by section',
  'tests/integration/public-api.test.ts': 'the public API resources that narrow to an edition',
};

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'fixtures') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name)) yield path;
  }
}

const entities = collectionNames.map((collection) => collections[collection].entity);
const indentOf = (line: string) => /^\s*/.exec(line)![0].length;

/**
 * Hand lists of `names` in one file's text (`line: what` for each): arrays or unions of at least
 * `listMin` of them, and untyped objects with at least four of them as keys.
 */
export function handLists(text: string, names: readonly string[] = collectionNames, listMin = 3): string[] {
  const name = `(?:${names.join('|')})`;
  const literalList = new RegExp(`(['"]${name}['"]\\s*[,|]\\s*){${listMin - 1},}['"]${name}['"]`, 'g');
  const keyLine = new RegExp(`^(\\s*)(${name})\\??\\s*:`);
  const found: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(literalList)) found.push(`${index + 1}: ${match[0]}`);
  });
  // Object keys, grouped by the line that opens their object (the nearest line above, less indented).
  const objects = new Map<number, Set<string>>();
  lines.forEach((line, index) => {
    const key = keyLine.exec(line);
    if (!key) return;
    let opener = index - 1;
    while (opener >= 0 && (lines[opener]!.trim() === '' || indentOf(lines[opener]!) >= key[1]!.length)) opener--;
    objects.set(opener, (objects.get(opener) ?? new Set()).add(key[2]!));
  });
  for (const [opener, keys] of objects) {
    if (keys.size < 4) continue;
    const closer = lines.findIndex((line, index) => index > opener && indentOf(line) === indentOf(lines[opener] ?? '') && line.trim().startsWith('}'));
    const typed = [lines[opener], lines[closer]].some((line) => /\bCollectionName\b|\bcollectionNames\b/.test(line ?? ''));
    if (!typed) found.push(`${opener + 1}: an object keyed by ${[...keys].join(', ')}`);
  }
  return found;
}

/** Hand lists in every source, script and test, outside the allowed files. */
function handListsEverywhere(names: readonly string[], listMin: number): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    for (const path of sourceFiles(join(root, folder))) {
      const file = relative(root, path).split('\\').join('/');
      if (file in allowed || file === 'tests/unit/collection-lists.test.ts') continue;
      for (const list of handLists(readFileSync(path, 'utf8'), names, listMin)) found.push(`${file}:${list}`);
    }
  }
  return found;
}

describe('lists of collections', () => {
  it('are derived from the declarations, not written by hand', () => {
    expect(handListsEverywhere(collectionNames, 3), 'derive these from collectionNames, or type them with Record<CollectionName, …>').toEqual([]);
  });

  it('are not written out as entity names either (four or more in one array or union)', () => {
    expect(handListsEverywhere(entities, 4).filter((found) => !found.includes('an object keyed by'))).toEqual([]);
  });

  it('allowed hand lists still exist, so the allowances do not outlive them', () => {
    const stale = Object.keys(allowed).filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return handLists(text).length === 0 && handLists(text, entities, 4).length === 0;
    });
    expect(stale).toEqual([]);
  });

  it('finds a list written as an array, a union or an untyped object, and accepts a typed one', () => {
    const [first, second, third, fourth] = collectionNames;
    expect(handLists(`const names = ['${first}', '${second}', '${third}'];`)).toHaveLength(1);
    expect(handLists(`type T = '${first}' | '${second}' | '${third}';`)).toHaveLength(1);
    expect(handLists(`const names = ['${first}', '${second}'];`)).toEqual([]);
    const object = (head: string, tail = '}') => [head, `  ${first}: 1,`, `  ${second}: 2,`, `  ${third}: 3,`, `  ${fourth}: 4,`, tail].join('\n');
    expect(handLists(object('const sizes = {'))).toEqual([`1: an object keyed by ${first}, ${second}, ${third}, ${fourth}`]);
    expect(handLists(object('const sizes: Record<CollectionName, number> = {'))).toEqual([]);
    expect(handLists(object('const sizes = {', '} satisfies Record<CollectionName, number>;'))).toEqual([]);
  });
});
