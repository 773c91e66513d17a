// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { getMonitoringIntegrations } from './src/server/errors/sentry-integration.ts';
import { authBuildOptions } from './src/server/auth/clerk/build.mjs';
import { defaultLocale, locales } from './src/i18n/config.ts';
import { serviceWorker } from './src/service-worker/build.ts';
import { precompressAssets } from './src/server/runtime/precompress.ts';

// Clerk only when both of its keys are set; otherwise nothing of it is built (decision 002).
const auth = await authBuildOptions();

export default defineConfig({
  output: 'server',
  // A second build (e.g. with Clerk or Sentry switched on for tests) can live beside the default one.
  outDir: process.env.HUB_DIST_DIR || 'dist',
  // Middleware mode: our server (src/server/runtime/http-server.ts) owns the socket and serves the
  // static files; pages are rendered whole before they are sent (decision 012).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Last: the compressed copies are made of every file the others wrote (sw.js included).
  integrations: [react(), ...(await getMonitoringIntegrations()), ...auth.integrations, serviceWorker(), precompressAssets()],
  // Absolute URLs in pages come from src/server/config/site-origin.ts (configuration, never the Host header).
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT) || 4321 },
  i18n: {
    // One list of locales for the whole product (src/i18n/config.ts).
    locales: [...locales],
    defaultLocale,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  // No Astro route cache: the server's page cache keeps public pages (decision 012).
  security: {
    // Astro's check compares Origin with the request's URL, which behind a TLS-terminating proxy
    // is http:// and named by the Host header: src/server/http/cross-site-forms.ts does it against
    // the configured public origin instead (decision 016).
    checkOrigin: false,
    // Astro hashes the inline scripts it ships when it builds the site and announces them on every
    // page; src/server/runtime/security-headers.ts builds the whole policy from that list (decision
    // 016). Inline style attributes (React islands, focal-point crops) need 'unsafe-inline'.
    csp: { styleDirective: { resources: ["'self'", "'unsafe-inline'"] } },
  },
  // Images are served by the media routes; Astro's own endpoint is replaced by a 404.
  image: { endpoint: { route: '/_image', entrypoint: './src/server/http/no-image-endpoint.ts' } },
  vite: {
    ssr: { external: ['@libsql/client', 'libsql', 'sharp'] },
    plugins: [...auth.vitePlugins],
    define: { ...auth.define },
  },
});
