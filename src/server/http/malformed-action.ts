/**
 * Astro parses an Action's JSON body before our handler runs and lets the `SyntaxError` of a
 * body that is not JSON escape as an exception (a 500). That is the caller's malformed request,
 * not a server fault: the error middleware answers it with 400 instead.
 */
import type { APIContext } from 'astro';
import { problem } from './problem.ts';

function isActionCall(context: APIContext): boolean {
  return context.url.pathname.startsWith('/_actions/') || context.url.searchParams.has('_action');
}

/** The 400 answer when `error` is an Action's unparseable JSON body, else undefined. */
export function answerMalformedActionBody(context: APIContext, error: unknown): Response | undefined {
  if (!(error instanceof SyntaxError) || !isActionCall(context)) return undefined;
  if (!/json/i.test(context.request.headers.get('content-type') ?? '')) return undefined;
  return problem(400, 'INVALID_BODY', 'The request body is not valid JSON');
}
