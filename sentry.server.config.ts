/**
 * Server SDK, imported before every server-rendered page by the @sentry/astro integration (added
 * only when a DSN is set at build time). The DSN is read at run time so it can change without a
 * rebuild; unexpected errors are captured by src/server/errors with the digest as a tag.
 */
import * as Sentry from '@sentry/astro';

const dsn = process.env.SENTRY_DSN || undefined;

Sentry.init({
  dsn,
  enabled: Boolean(dsn),
  sendDefaultPii: false,
});
