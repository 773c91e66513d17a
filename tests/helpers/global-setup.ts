/** Builds the site once before the integration tier when the build is missing or stale. */
import { fileURLToPath } from 'node:url';
import { prepareSeededTemplate } from './template.ts';
import { buildSite, isBuildStale } from '../../src/server/runtime/build-state.ts';

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await prepareSeededTemplate();
  if (!isBuildStale(root)) return;
  if (!buildSite(root)) throw new Error('astro build failed before the integration tests');
}
