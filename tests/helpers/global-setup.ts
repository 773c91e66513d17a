/** Builds the site once before the integration tier when the build is missing or stale. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { prepareSeededTemplate } from './template.ts';
import { isBuildStale } from '../../src/server/runtime/build-state.ts';

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await prepareSeededTemplate();
  if (!isBuildStale(root)) return;
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('astro build failed before the integration tests');
}
