/**
 * Builds `/sw.js` after the site (decision 041): bundles sw.ts with its Workbox modules into one
 * classic script (no Workbox file from a CDN, no module worker), with the offline note's strings
 * from the UI strings, then lets workbox-build write the list of stylesheets to precache into it.
 * The worker lives in `src/`, so a change to it makes the build stale (runtime/build-state.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * The worker a build with `HUB_SERVICE_WORKER=off` ships: installed in place of the real one on a
 * visitor's next visit (`/sw.js` is never cached), it empties the caches and unregisters itself.
 */
const RETIRING_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))).then(() => self.registration.unregister()));
});
`;

/** False when the build is asked to retire the worker (`HUB_SERVICE_WORKER=off`). */
export function isServiceWorkerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['HUB_SERVICE_WORKER'] !== 'off';
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
      // Pages register the worker only when it is on (PwaHead.astro reads this constant).
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { define: { __HUB_SERVICE_WORKER__: JSON.stringify(isServiceWorkerEnabled()) } } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!isServiceWorkerEnabled()) {
          writeFileSync(join(fileURLToPath(dir), 'sw.js'), RETIRING_WORKER);
          logger.info('sw.js written: it retires the worker (HUB_SERVICE_WORKER=off)');
          return;
        }
        const count = await buildServiceWorker(fileURLToPath(dir));
        logger.info(`sw.js written, precaching ${count} stylesheets`);
      },
    },
  };
}
