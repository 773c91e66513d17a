/** Sentry DSNs: `<scheme>://<public key>@<host>[:port][/<path>]/<project id>`. */

export interface Dsn {
  protocol: 'http' | 'https';
  /** Host with port when not the scheme's default, lowercased (as `URL#host`). */
  host: string;
  /** Optional path prefix before the project id, without leading or trailing slash. */
  path: string;
  projectId: string;
  publicKey: string;
}

/** Parses a DSN; `undefined` for anything that is not one. */
export function parseDsn(value: unknown): Dsn | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const protocol = url.protocol.slice(0, -1);
  // Same rule as the SDKs: a key of word characters (they drop DSNs with anything else).
  if ((protocol !== 'http' && protocol !== 'https') || !/^\w+$/.test(url.username) || !url.host) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) return undefined;
  return { protocol, host: url.host, path: segments.join('/'), projectId, publicKey: url.username };
}

/** True when both DSNs point at the same Sentry host and project (the key may differ). */
export function isSameProject(a: Dsn, b: Dsn): boolean {
  return a.host === b.host && a.projectId === b.projectId;
}

/** Where envelopes for this DSN's project are posted: `<scheme>://<host>/api/<project>/envelope/`. */
export function getEnvelopeEndpoint(dsn: Dsn): string {
  const prefix = dsn.path ? `/${dsn.path}` : '';
  return `${dsn.protocol}://${dsn.host}${prefix}/api/${dsn.projectId}/envelope/`;
}
