/**
 * Server-side capture into Sentry. The SDK is imported lazily and only when `SENTRY_DSN` is set,
 * so a server without monitoring never loads it (and never reaches the network).
 */

export interface CaptureContext {
  digest: string;
  route: string;
  userId?: string | undefined;
}

type SentryModule = typeof import('@sentry/astro');

let sdk: Promise<SentryModule | undefined> | undefined;

function loadSdk(): Promise<SentryModule | undefined> {
  sdk ??= import('@sentry/astro').catch(() => undefined);
  return sdk;
}

/** Sends `error` to Sentry with the digest as a tag and, in the admin, the user id (never the email). */
export function captureServerException(error: unknown, context: CaptureContext): void {
  if (!process.env.SENTRY_DSN) return;
  void loadSdk().then((Sentry) => {
    if (!Sentry?.getClient()) return;
    Sentry.withScope((scope) => {
      scope.setTag('digest', context.digest);
      scope.setTag('route', context.route);
      if (context.userId) scope.setUser({ id: context.userId });
      Sentry.captureException(error, { mechanism: { type: 'hub.server', handled: false } });
    });
  });
}
