/**
 * How the production server process is started: V8 flags and allocator settings that only take
 * effect at process start. `npm start` (package.json) spells them out; the test and benchmark
 * servers take them from here; a unit test keeps the two in step. Measurements: decision 012.
 */

/**
 * A young generation of 8 MB semi-spaces: under load V8 otherwise grows each to 16 MB and keeps
 * them; with 4 MB nearly every cache-miss render (3.5 MB allocated) was interrupted by a scavenge,
 * which made the misses' 95th percentile (decision 012); 1 or 2 MB promote more and old space
 * balloons. And an old generation that grows by 20% between full collections instead of doubling:
 * rendering leaves 20–40 MB of garbage there that V8 otherwise lets pile up (RSS after the
 * benchmark's loads at 100k events 304–324 → 190–199 MB).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=20'];

/**
 * The environment of the server process: the production build of its dependencies, and
 * glibc's allocator: two arenas instead of one per thread. Large blocks (4 MB and more) are
 * mapped and returned to the system when freed; smaller ones, such as the working memory of each
 * gzip or brotli compression, are reused from the heap, which keeps up to 32 MB free at its top
 * before trimming. Mapping every block over 128 KB instead (glibc's starting point) made each
 * compression fault in fresh pages: brotli ran six times slower (decision 012).
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
