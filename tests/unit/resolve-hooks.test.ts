import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RESOLVE_HOOKS_FLAG, SERVER_NODE_FLAGS } from '../../src/server/runtime/node-flags.ts';

const HOOKS = new URL('../../src/server/runtime/resolve-hooks.ts', import.meta.url).href;

/**
 * Loads drizzle-orm as the server does, with or without resolve-hooks.ts, and lists every
 * resolution inside it twice: as a hook registered before resolve-hooks.ts sees it (it runs after
 * it, so it only sees what reaches Node's own resolution) and as one registered after it sees the
 * result (specifier, URL and format).
 */
function probe(withHooks: boolean): string {
  return `
import { registerHooks } from 'node:module';
const drizzle = (specifier, context) => specifier.startsWith('drizzle-orm') || context.parentURL?.includes('/node_modules/drizzle-orm/');
const reachedNode = [];
const results = [];
registerHooks({ resolve(specifier, context, nextResolve) { if (drizzle(specifier, context)) reachedNode.push(specifier); return nextResolve(specifier, context); } });
${withHooks ? `await import(${JSON.stringify(HOOKS)});` : ''}
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    if (drizzle(specifier, context)) results.push({ specifier, url: result.url, format: result.format });
    return result;
  },
});
await import('drizzle-orm');
await import('drizzle-orm/sqlite-core');
await import('drizzle-orm/libsql');
console.log(JSON.stringify({ reachedNode, results }));
`;
}

interface Resolutions {
  reachedNode: string[];
  results: { specifier: string; url: string; format: string }[];
}

function resolutions(withHooks: boolean): Resolutions {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe(withHooks)], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Resolutions;
}

describe('the server processes’ module resolution shortcut', () => {
  it('answers every resolution inside drizzle-orm itself, with the modules Node would load', () => {
    const node = resolutions(false);
    const hooked = resolutions(true);
    // drizzle-orm, its SQLite core and libSQL driver: about a hundred modules, each resolved by Node.
    expect(node.results.length).toBeGreaterThan(80);
    expect(node.reachedNode).toHaveLength(node.results.length);
    // The hooks only skip work: the same modules, as ES modules, in the same order…
    expect(hooked.results).toEqual(node.results);
    // …and of drizzle-orm's own only one reaches Node's resolution (resolve-hooks.ts finding the
    // package's folder); its imports of other packages do as usual.
    const elsewhere = hooked.results.filter((entry) => !entry.url.includes('/node_modules/drizzle-orm/')).map((entry) => entry.specifier);
    expect(hooked.reachedNode).toEqual(['drizzle-orm', ...elsewhere]);
  });

  it('is among the flags every server process starts with', () => {
    expect(SERVER_NODE_FLAGS).toContain(RESOLVE_HOOKS_FLAG);
  });
});
