/**
 * The @sentry/astro integration, only when a DSN is present at build time; without one the build
 * and the site contain no Sentry code at all. Source maps are uploaded only with
 * `SENTRY_AUTH_TOKEN` (plus `SENTRY_ORG` / `SENTRY_PROJECT`), and the plugin's telemetry is off,
 * so a build never reaches the network otherwise.
 */
import type { AstroIntegration } from 'astro';
import { loadEnv } from 'vite';

type BuildEnv = Record<string, string | undefined>;

/** The variables a build sees: `.env` files (as Vite reads them for `import.meta.env`), then the process. */
function readBuildEnv(): BuildEnv {
  return { ...loadEnv(process.env.NODE_ENV === 'development' ? 'development' : 'production', process.cwd(), ''), ...process.env };
}

/** `[sentry(...)]` when `SENTRY_DSN` (server) or `PUBLIC_SENTRY_DSN` (browser) is set, else `[]`. */
export async function getMonitoringIntegrations(env: BuildEnv = readBuildEnv()): Promise<AstroIntegration[]> {
  const server = Boolean(env.SENTRY_DSN);
  const client = Boolean(env.PUBLIC_SENTRY_DSN);
  if (!server && !client) return [];
  // Imported only when needed: a build without a DSN does not even load the SDK.
  const { default: sentry } = await import('@sentry/astro');
  return [
    sentry({
      enabled: { client, server },
      sourcemaps: { disable: !env.SENTRY_AUTH_TOKEN },
      telemetry: false,
    }),
  ];
}
