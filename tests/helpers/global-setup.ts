/** Builds the site once before the integration tier when the build is missing or stale; the run's temporary folders go in one, removed after it. */
import { fileURLToPath } from 'node:url';
import { useRunTempRoot } from './db.ts';
import { prepareSeededTemplate } from './template.ts';
import { buildSite, isBuildStale } from '../../src/server/runtime/build-state.ts';

export default async function setup(): Promise<() => void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const removeTempRoot = useRunTempRoot();
  await prepareSeededTemplate();
  if (isBuildStale(root) && !buildSite(root)) throw new Error('astro build failed before the integration tests');
  return removeTempRoot;
}
