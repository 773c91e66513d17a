/**
 * The two "Application error" sentences. They stay in English in every locale on purpose:
 * operators and support search logs, tickets and screenshots for this exact wording.
 */

/** Shown when the server failed: points to the server logs, followed by the digest line. */
export function serverErrorSentence(host: string): string {
  return `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`;
}

/** Shown when code in the browser failed and no server digest is involved. */
export function clientErrorSentence(host: string): string {
  return `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`;
}

/** The line under the server sentence that ties the screen to one log line. */
export function digestLine(digest: string): string {
  return `Digest: ${digest}`;
}
