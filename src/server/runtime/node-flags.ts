/**
 * How the production server process is started: V8 flags and allocator settings that only take
 * effect at process start. `npm start` (package.json) spells them out; the test and benchmark
 * servers take them from here; a unit test keeps the two in step. Measurements: decision 012.
 */

/**
 * Node's resolution of drizzle-orm's modules, shortened (resolve-hooks.ts): about 2 s of CPU less
 * at each process start. Relative to the project's folder, where every process is started; also
 * given to the CLIs (package.json) that open the database.
 */
export const RESOLVE_HOOKS_FLAG = '--import=./src/server/runtime/resolve-hooks.ts';

/**
 * A young generation of fixed, moderate semi-spaces: under load V8 otherwise grows them and keeps
 * them, and smaller ones make nearly every cache-miss render end in a scavenge (the misses' tail)
 * or promote more. And an old generation that grows by a fifth between full collections instead
 * of doubling, so the garbage rendering leaves there does not pile up. Figures: decision 012.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=20', RESOLVE_HOOKS_FLAG];

/**
 * The environment of the server process: the production build of its dependencies, and
 * glibc's allocator: two arenas instead of one per thread. Large blocks are mapped and returned to
 * the system when freed; smaller ones, such as the working memory of each gzip or brotli
 * compression, are reused from the heap, which keeps some memory free at its top before trimming.
 * Mapping smaller blocks too (glibc's starting point) made each compression fault in fresh pages
 * and run several times slower (decision 012).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = {
  // React's production server build (the development one is slower and larger).
  NODE_ENV: 'production',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '4194304',
  MALLOC_TRIM_THRESHOLD_: '33554432',
};

/** The `npm start` command these settings make. */
export function startCommand(): string {
  const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
  return [...env, 'node', ...SERVER_NODE_FLAGS, 'scripts/start.ts'].join(' ');
}
