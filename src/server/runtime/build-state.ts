/** Decides whether the production build in `dist/` is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'db', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The build output folder (`HUB_DIST_DIR`, default `dist`), relative to the project root. */
export function getDistDir(): string {
  return process.env.HUB_DIST_DIR || 'dist';
}

/** True when `<dist>/server/entry.mjs` is absent or any source file changed after it was built. */
export function isBuildStale(root: string, distDir = getDistDir()): boolean {
  const entry = join(root, distDir, 'server/entry.mjs');
  if (!existsSync(entry)) return true;
  const builtAt = statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/**
 * Runs `astro build` into `distDir` and returns whether it succeeded. Always a production build:
 * test runners set NODE_ENV=test, which would otherwise ship React's development bundles.
 */
export function buildSite(root: string, { distDir = getDistDir(), env = process.env } = {}): boolean {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', HUB_DIST_DIR: distDir },
  });
  return result.status === 0;
}
