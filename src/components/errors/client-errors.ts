/**
 * Browser-side error reporting shared by the error boundaries. Reports go to the console and into
 * a small queue on `window` that `sentry.client.config.ts` drains when monitoring is on, so islands
 * never bundle the Sentry SDK themselves and a crash during hydration (before Sentry loaded) is
 * not lost.
 */

export interface ClientErrorReport {
  error: unknown;
  /** Server digest when the error came from a server response. */
  digest?: string | undefined;
  boundary: 'app' | 'section';
}

export interface ClientErrorSink {
  push: (report: ClientErrorReport) => unknown;
}

declare global {
  interface Window {
    __hubClientErrors?: ClientErrorSink;
  }
}

// Without monitoring nothing drains the queue: keep only the first few reports.
const MAX_QUEUED = 20;
const DIGEST_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** The server digest an error carries (a `digest` property), if any. */
export function getErrorDigest(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('digest' in error)) return undefined;
  const { digest } = error as { digest: unknown };
  return typeof digest === 'string' && DIGEST_SHAPE.test(digest) ? digest : undefined;
}

/** Logs a caught error to the console and hands it to monitoring. */
export function reportClientError(report: ClientErrorReport): void {
  console.error(report.digest ? `[${report.boundary} error boundary] digest ${report.digest}:` : `[${report.boundary} error boundary]`, report.error);
  if (typeof window === 'undefined') return;
  const sink = (window.__hubClientErrors ??= [] as ClientErrorReport[]);
  if (Array.isArray(sink) && sink.length >= MAX_QUEUED) return;
  sink.push(report);
}
