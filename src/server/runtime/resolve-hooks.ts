/**
 * A shortcut in module resolution for the server's processes, loaded before anything else with
 * `node --import ./src/server/runtime/resolve-hooks.ts` (`SERVER_NODE_FLAGS`, `npm start`).
 *
 * Node reads the package a module belongs to for every module it resolves, and for each one
 * deserializes that package's whole `package.json`. drizzle-orm's is 179 KB (447 exports), and a
 * server loads about 110 of its modules: that alone took about 2 s of CPU at each process start
 * (a worker, a restarted one, a CLI, a test's server), two thirds of a boot. Here drizzle-orm's
 * exports are read once, and the ES module builds its exports name are resolved from that map,
 * as are the relative imports between them; everything else goes through Node as usual.
 * Decision 066.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const PACKAGE = 'drizzle-orm';

interface ConditionalTarget {
  import?: { default?: string };
}

/** The package's folder (one resolution through Node) and its `import` targets by subpath (`.`, `./sqlite-core`, …). */
function readPackage(): { root: string; targets: Map<string, string> } | undefined {
  let entry: string;
  try {
    entry = import.meta.resolve(PACKAGE);
  } catch {
    return undefined;
  }
  const root = new URL('./', entry).href;
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { type?: string; exports?: Record<string, ConditionalTarget> };
  // Only an ES module package whose exports are plain subpaths is taken over.
  if (manifest.type !== 'module' || !manifest.exports) return undefined;
  const targets = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = target.import?.default;
    if (file && !subpath.includes('*')) targets.set(subpath, new URL(file, root).href);
  }
  return { root, targets };
}

const drizzle = readPackage();

if (drizzle) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (!context.conditions.includes('import')) return nextResolve(specifier, context);
      if (specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`)) {
        const url = drizzle.targets.get(`.${specifier.slice(PACKAGE.length)}`);
        if (url) return { url, format: 'module', shortCircuit: true };
      } else if (context.parentURL?.startsWith(drizzle.root) && (specifier.startsWith('./') || specifier.startsWith('../'))) {
        const url = new URL(specifier, context.parentURL).href;
        if (url.startsWith(drizzle.root) && url.endsWith('.js')) return { url, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
