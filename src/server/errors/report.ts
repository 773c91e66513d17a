/**
 * The one place an unexpected server error is turned into a digest: logged once, sent to Sentry
 * once, and remembered so every later layer (middleware, 500 page, HTTP server) shows the same id.
 */
import { createDigest } from './digest.ts';
import { logServerError, type LogWriter } from './log.ts';
import { captureServerException } from './sentry.ts';

export interface ServerErrorContext {
  method: string;
  path: string;
  route?: string | undefined;
  userId?: string | undefined;
  status?: number;
  phase?: 'stream';
}

// Keyed by the thrown value itself (when it is an object) so a rethrown error keeps its digest.
const digestsByError = new WeakMap<object, string>();

/** The digest already given to this error, if any. */
export function getReportedDigest(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? digestsByError.get(error) : undefined;
}

function describe(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  }
  return { name: 'NonError', message: typeof error === 'string' ? error : safeStringify(error) };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Gives `error` a digest, logs one structured line and captures it in Sentry (tagged with the
 * digest). Idempotent: reporting the same error object again returns its existing digest.
 */
export function reportServerError(error: unknown, context: ServerErrorContext, write?: LogWriter): string {
  const known = getReportedDigest(error);
  if (known) return known;
  const digest = createDigest();
  if (typeof error === 'object' && error !== null) digestsByError.set(error, digest);
  const { stack, ...summary } = describe(error);
  logServerError(
    {
      digest,
      method: context.method,
      route: context.route ?? context.path,
      path: context.path,
      status: context.status ?? 500,
      ...(context.phase ? { phase: context.phase } : {}),
      error: summary,
      ...(stack ? { stack } : {}),
      ...(context.userId ? { userId: context.userId } : {}),
    },
    write,
  );
  captureServerException(error, { digest, route: context.route ?? context.path, userId: context.userId });
  return digest;
}
