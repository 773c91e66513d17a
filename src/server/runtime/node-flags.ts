/**
 * How the production server process is started: V8 flags and allocator settings that only take
 * effect at process start. `npm start` (package.json) spells them out; the test and benchmark
 * servers take them from here; a unit test keeps the two in step. Measurements: decision 012.
 */

/**
 * A small young generation: under load V8 otherwise grows each semi-space to 16 MB and keeps it,
 * a third of the server's resident memory, for short-lived garbage it collects anyway.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/**
 * glibc's allocator: two arenas instead of one per thread, and a fixed mmap threshold so the
 * large short-lived buffers of compression and rendering go back to the system when freed
 * instead of staying in the heap (about 30 MB of resident memory on this workload).
 */
export const SERVER_ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/** The `npm start` command these settings make. */
export function startCommand(): string {
  const env = Object.entries(SERVER_ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`);
  return [...env, 'node', ...SERVER_NODE_FLAGS, 'scripts/start.ts'].join(' ');
}
