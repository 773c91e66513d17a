/**
 * Collection-level facts are declared once (decisions 014 and 047): a module that lists several
 * collections by name, or their entities, restates what `collectionNames` and the declarations
 * already say, and goes stale when a collection is added (webhook messages once lost their URLs
 * that way). This reads every source file under src/ and tests/ and fails on such a list outside
 * the few places that must name each collection.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionNames, collections } from '../../src/lib/collections/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where naming each collection is the point, and why. */
const allowed: Readonly<Record<string, string>> = {
  'src/lib/collections/declare.ts': 'the registry of names and reference kinds',
  'src/components/admin/CollectionEditor.astro': 'Astro must see each hydrated form imported statically',
  'src/server/public-api/resources.ts': 'the public API chooses which collections it publishes, and in which shape',
  'tests/unit/collection-lists.test.ts': 'its own probes',
  'tests/integration/public-api.test.ts': 'the public API publishes some collections, by name',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The longest list of `names` written out in `source` as an array literal of quoted names
 * (`['events', 'editions', …]`). Tables keyed by name are left to the compiler: typed as
 * `Record<CollectionName, …>` they fail to build when a collection is added.
 */
export function longestList(source: string, names: readonly string[]): number {
  const name = `(?:${names.join('|')})`;
  const arrays = source.match(new RegExp(`\\[\\s*['"]${name}['"](?:\\s*,\\s*['"]${name}['"])+\\s*,?\\s*\\]`, 'g')) ?? [];
  return Math.max(0, ...arrays.map((list) => new Set(list.match(new RegExp(name, 'g'))).size));
}

/** Files with a list of at least `threshold` of `names`, outside the allowed ones. */
function listsOf(names: readonly string[], threshold: number): string[] {
  return [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'tests'))]
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((path) => !(path in allowed) && !path.startsWith('src/lib/collections/') && !path.startsWith('src/i18n/'))
    .filter((path) => longestList(readFileSync(join(root, path), 'utf8'), names) >= threshold)
    .sort();
}

describe('lists of collections', () => {
  it('are read from the registry, not written out (four or more collection names in one array)', () => {
    expect(listsOf(collectionNames, 4)).toEqual([]);
  });

  it('are not written out as entity names either', () => {
    expect(
      listsOf(
        collectionNames.map((name) => collections[name].entity),
        4,
      ),
    ).toEqual([]);
  });

  it('finds the lists this guard is for, so it can fail', () => {
    expect(
      longestList("const owners = ['event', 'edition', 'curator', 'organizer', 'venue'] as const;", ['event', 'edition', 'curator', 'organizer', 'venue']),
    ).toBe(5);
    expect(longestList('<Field collection="venues" /> <Field collection="tags" />', collectionNames)).toBe(0);
  });
});
