/**
 * Structured server logs: one JSON object per line on stderr (what log collectors ingest), or a
 * short human-readable block during `astro dev`.
 */

export interface ServerErrorLogEntry {
  digest: string;
  method: string;
  /** Route pattern (e.g. `/[locale]/hub/event/[slug]`) when known, else the path. */
  route: string;
  path: string;
  /** Status sent to the client; a failure while streaming keeps the status already sent. */
  status: number;
  /** `stream` when the page failed after its status and first bytes were sent. */
  phase?: 'stream';
  error: { name: string; message: string };
  stack?: string;
  userId?: string;
}

export type LogWriter = (line: string) => void;

const writeToStderr: LogWriter = (line) => {
  process.stderr.write(line);
};

/** Human-readable output only under the dev server; anything else gets one JSON line. */
function isDevelopment(): boolean {
  return process.env.NODE_ENV === 'development';
}

/** Renders one entry as the line (or block) written to the log. */
export function formatServerErrorLog(entry: ServerErrorLogEntry, pretty = isDevelopment(), now = new Date()): string {
  if (pretty) {
    const who = entry.userId ? ` user=${entry.userId}` : '';
    const detail = entry.stack ?? `${entry.error.name}: ${entry.error.message}`;
    const phase = entry.phase ? ` while streaming` : '';
    return `[error] ${entry.status} ${entry.method} ${entry.path} (route ${entry.route})${phase} digest=${entry.digest}${who}\n${detail}\n`;
  }
  return `${JSON.stringify({ time: now.toISOString(), level: 'error', msg: 'request failed', ...entry })}\n`;
}

/** Writes one entry; never throws (a logging failure must not hide the original error). */
export function logServerError(entry: ServerErrorLogEntry, write: LogWriter = writeToStderr): void {
  try {
    write(formatServerErrorLog(entry));
  } catch {
    // stderr closed or the entry not serialisable: nothing sensible left to do.
  }
}
