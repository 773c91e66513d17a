/** Responses for unexpected server errors that do not go through an Astro page. */
import { digestLine, serverErrorSentence } from '../../components/errors/messages.ts';
import { problem } from '../http/problem.ts';

/** API 500: the digest is in the body so a caller can quote it. */
export function internalErrorProblem(digest: string): Response {
  return problem(500, 'INTERNAL_ERROR', 'An unexpected error occurred', { digest });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The fixed sentence and digest as an HTML fragment (used inside a stream that already started). */
export function serverErrorFragment(host: string, digest: string): string {
  return (
    `<div role="alert" lang="en" class="app-error" data-digest="${escapeHtml(digest)}">` +
    `<p>${escapeHtml(serverErrorSentence(host))}</p><p>${escapeHtml(digestLine(digest))}</p></div>`
  );
}

/**
 * A self-contained 500 page for when the styled 500 page cannot be rendered (it failed itself, or
 * the HTTP server caught a crash outside Astro).
 */
export function minimalErrorPage(host: string, digest: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Application error</title></head><body>${serverErrorFragment(host, digest)}</body></html>`;
  return new Response(html, {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}
