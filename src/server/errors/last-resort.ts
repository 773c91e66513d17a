/**
 * Last line of defence in our Node HTTP server: a crash that escapes Astro's handler still gets
 * a digest, a log line and an honest answer instead of a hung or reset connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMachinePath } from './request-kind.ts';
import { reportServerError } from './report.ts';
import { internalErrorProblem, minimalErrorPage } from './responses.ts';

/** Reports `error` and, if nothing was sent yet, answers 500 (problem+json for API paths). */
export async function answerUnhandledError(req: IncomingMessage, res: ServerResponse, error: unknown): Promise<void> {
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const digest = reportServerError(error, { method: req.method ?? 'GET', path });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const response = isMachinePath(path) ? internalErrorProblem(digest) : minimalErrorPage(req.headers.host ?? '', digest);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(await response.text());
}
