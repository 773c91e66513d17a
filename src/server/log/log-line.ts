/**
 * The server's log line: one JSON object per line on stderr (time, level, message, fields), the
 * shape every background job and the start script write, so a log shipper parses them alike.
 */
export function logLine(level: 'info' | 'warn', msg: string, fields: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}
