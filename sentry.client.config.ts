/**
 * Browser SDK, injected into every page by the @sentry/astro integration (which astro.config.mjs
 * only adds when a DSN is set at build time). Errors only: no tracing, replay or sessions. Events travel
 * through our own `/monitoring` tunnel, so ad blockers and CSP never see a third-party host.
 */
import * as Sentry from '@sentry/astro';
import type { ClientErrorReport } from './src/components/errors/client-errors.ts';

const dsn: string | undefined = import.meta.env.PUBLIC_SENTRY_DSN;

Sentry.init({
  dsn,
  enabled: Boolean(dsn),
  tunnel: '/monitoring',
  sendDefaultPii: false,
  // Errors only: once a release is configured, sessions would turn every page view into a
  // /monitoring POST.
  integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserSession'),
});

function captureBoundaryError(report: ClientErrorReport): void {
  Sentry.withScope((scope) => {
    scope.setTag('boundary', report.boundary);
    // The same digest is in the server log line and on the server-side Sentry event.
    if (report.digest) scope.setTag('digest', report.digest);
    Sentry.captureException(report.error, { mechanism: { type: `hub.${report.boundary}-error-boundary`, handled: true } });
  });
}

// Errors caught by the island boundaries are queued on window (see client-errors.ts): send the
// ones caught before this script ran, then every later one directly.
const queued = window.__hubClientErrors;
window.__hubClientErrors = { push: captureBoundaryError };
if (Array.isArray(queued)) queued.forEach(captureBoundaryError);
