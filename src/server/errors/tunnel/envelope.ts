/**
 * The only part of a Sentry envelope the tunnel reads: its header, the JSON object on the first
 * line, whose `dsn` says which project the envelope is for. The rest is forwarded untouched.
 */
import { parseDsn, type Dsn } from '../../config/sentry-dsn.ts';

// A real header is a few hundred bytes; refusing huge ones keeps JSON.parse cheap.
const MAX_HEADER_BYTES = 16 * 1024;
const NEWLINE = 0x0a;

/** The DSN named in the envelope header, or `undefined` when the envelope is malformed. */
export function readEnvelopeDsn(body: Uint8Array): Dsn | undefined {
  const end = body.indexOf(NEWLINE);
  const headerBytes = body.subarray(0, end === -1 ? body.length : end);
  if (headerBytes.length === 0 || headerBytes.length > MAX_HEADER_BYTES) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(headerBytes));
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return undefined;
  return parseDsn((header as { dsn?: unknown }).dsn);
}
