/**
 * One HTTP request through node:http with full control over what goes on the wire (raw paths,
 * any header, declared or chunked bodies), for the body-limit and fuzz tests. `fetch` normalises
 * URLs and headers, which would hide exactly the inputs those tests are about.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent as is (it must already be percent-encoded where Node requires it). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Resolves with the response even when the server answers before reading the whole body and
 * closes (the remaining writes then fail, which is what refusing early looks like). Rejects when
 * no response comes at all (connection dropped, timeout).
 */
export function rawRequest(origin: string, options: RawRequest): Promise<RawResponse> {
  const url = new URL(origin);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: options.path,
        method: options.method,
        // A fresh connection each time: a socket the server closed after refusing is never reused.
        agent: false,
        headers: {
          ...options.headers,
          // Explicit, because Node's client does not chunk DELETE bodies by default.
          ...(body === undefined ? {} : options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.byteLength) }),
        },
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.on('end', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within the timeout: ${options.method} ${options.path}`)));
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (body) {
      for (let offset = 0; offset < body.byteLength && !req.destroyed; offset += 65_536) req.write(body.subarray(offset, offset + 65_536));
    }
    req.end();
  });
}
