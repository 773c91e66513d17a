/**
 * The note a page served from the service worker's copy carries: "Offline — saved at 14:32", in
 * the page's language and the visitor's clock. The worker writes it into the HTML it serves, so
 * it shows with or without the page's scripts (decision 041).
 */

/** One locale's wording, taken from the UI strings when the worker is built. */
export interface OfflineNoteStrings {
  /** BCP 47 tag for the time (`en-GB`). */
  intl: string;
  /** With `{{time}}`: a copy saved today. */
  savedAt: string;
  /** With `{{date}}` and `{{time}}`: a copy from an earlier day. */
  savedOn: string;
}

/** The response header in which the worker records when it kept a page. */
export const SAVED_AT_HEADER = 'x-hub-saved-at';

/** The `lang` of a page's `<html>` element. */
export function pageLanguageOf(html: string): string | undefined {
  return /<html\b[^>]*\blang="([^"]+)"/i.exec(html)?.[1];
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The note's text for a copy saved at `savedAt`, read at `now`, both on the visitor's clock. */
export function offlineNoteText(strings: OfflineNoteStrings, savedAt: Date, now: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat(strings.intl, { hour: '2-digit', minute: '2-digit', timeZone }).format(savedAt);
  const day = new Intl.DateTimeFormat(strings.intl, { dateStyle: 'medium', timeZone });
  if (day.format(savedAt) === day.format(now)) return fill(strings.savedAt, { time });
  return fill(strings.savedOn, { date: day.format(savedAt), time });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `html` with the note as the first thing in its main content (or its body), where a reader
 * starts; unchanged when it has neither.
 */
export function withOfflineNote(html: string, text: string, savedAt: Date): string {
  const note = `<p class="offline-note" role="status" data-offline-note><time datetime="${savedAt.toISOString()}">${escapeHtml(text)}</time></p>`;
  const anchor = /<main\b[^>]*>/i.exec(html) ?? /<body\b[^>]*>/i.exec(html);
  if (!anchor) return html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + note + html.slice(at);
}
