/**
 * Intercepts a Node response at `writeHead`: a response the caller wants is buffered (not
 * written) and handed over whole; any other streams through untouched. The page cache and the
 * CSP both need this, each for its own kind of response.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface ResponseHead {
  status: number;
  /** The arguments after the status, as given to `writeHead` (status message, headers). */
  rest: unknown[];
  /** The headers object passed to `writeHead`, if any (callers may edit it before it is sent). */
  headersArg: OutgoingHttpHeaders | undefined;
  /** Every header of the response, names lowercased. */
  headers: [string, string][];
}

export interface CaptureHooks {
  /** Decides, once the head is known, whether to buffer this response. */
  shouldCapture: (head: ResponseHead) => boolean;
  /** Receives a buffered response; the response's own methods are restored by then. */
  finish: (head: ResponseHead, body: Buffer) => void;
  /** Runs just before a response that is not captured writes its head. */
  beforePassThrough?: (head: ResponseHead) => void;
}

function headerList(headers: OutgoingHttpHeaders): [string, string][] {
  const list: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    list.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return list;
}

const toBuffer = (chunk: unknown) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string));

/** Installs the interception on `res`; call it before handing `res` to the application. */
export function captureResponse(res: ServerResponse, hooks: CaptureHooks): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const restore = () => Object.assign(res, original);
  let captured: { head: ResponseHead; chunks: Buffer[] } | null = null;
  let decided = false;
  // Streams that never call writeHead (static files) still decide through it first.
  const decide = (target: ServerResponse) => {
    if (!decided) target.writeHead(target.statusCode);
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    decided = true;
    const headersArg = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | undefined;
    const head = { status, rest, headersArg, headers: headerList({ ...res.getHeaders(), ...(headersArg ?? {}) }) };
    if (hooks.shouldCapture(head)) {
      captured = { head, chunks: [] };
      return this;
    }
    restore();
    hooks.beforePassThrough?.(head);
    return original.writeHead.apply(this, [status, ...rest] as Parameters<ServerResponse['writeHead']>);
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    decide(this);
    if (!captured) return original.write.apply(this, [chunk, ...rest] as Parameters<ServerResponse['write']>);
    captured.chunks.push(toBuffer(chunk));
    (rest.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    decide(this);
    if (!captured) return original.end.apply(this, args as Parameters<ServerResponse['end']>);
    const [chunk] = args;
    if (chunk && typeof chunk !== 'function') captured.chunks.push(toBuffer(chunk));
    restore();
    hooks.finish(captured.head, Buffer.concat(captured.chunks));
    return this;
  } as ServerResponse['end'];
}
