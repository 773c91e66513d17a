/**
 * Builds `/sw.js` after the site (decision 041): bundles sw.ts with its Workbox modules into one
 * classic script (no Workbox file from a CDN, no module worker), with the offline note's strings
 * from the UI strings, then lets workbox-build write the list of stylesheets to precache into it.
 * The worker lives in `src/`, so a change to it makes the build stale (runtime/build-state.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { injectManifest } from 'workbox-build';
import { localeConfig, locales } from '../i18n/config.ts';
import type { OfflineNoteStrings } from './offline-note.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The offline note's wording in every locale, read from the strings files. */
function offlineNoteStrings(): Record<string, OfflineNoteStrings> {
  return Object.fromEntries(
    locales.map((locale) => {
      const strings = JSON.parse(readFileSync(join(here, `../i18n/${locale}.json`), 'utf8')) as Record<string, string>;
      return [locale, { intl: localeConfig[locale].intl, savedAt: strings['pwa.offline.savedAt']!, savedOn: strings['pwa.offline.savedOn']! }];
    }),
  );
}

/** Writes `sw.js` into the client folder of a finished build; returns the precached files' count. */
export async function buildServiceWorker(clientDir: string): Promise<number> {
  // Vite comes with Astro: the same bundler as the site's own scripts.
  const { build } = await import('vite');
  const staging = mkdtempSync(join(tmpdir(), 'hub-sw-'));
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      define: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        __OFFLINE_NOTE_STRINGS__: JSON.stringify(offlineNoteStrings()),
      },
      build: {
        outDir: staging,
        emptyOutDir: true,
        minify: true,
        lib: { entry: join(here, 'sw.ts'), formats: ['iife'], name: 'hubServiceWorker', fileName: () => 'sw.js' },
      },
    });
    const { count, warnings } = await injectManifest({
      swSrc: join(staging, 'sw.js'),
      swDest: join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      // The public pages' stylesheets: small, and every page needs one. Fonts and scripts are kept
      // as pages use them (runtime cache): precaching every bundled face would cost a phone megabytes.
      globPatterns: ['_astro/*.css'],
      globIgnores: ['_astro/[aA]dmin*.css'],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^_astro\//,
      modifyURLPrefix: { '': '/' },
    });
    if (warnings.length) throw new Error(`service worker: ${warnings.join('; ')}`);
    return count;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The Astro integration that writes the worker once the site is built. */
export function serviceWorker(): AstroIntegration {
  return {
    name: 'hub-service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await buildServiceWorker(fileURLToPath(dir));
        logger.info(`sw.js written, precaching ${count} stylesheets`);
      },
    },
  };
}
