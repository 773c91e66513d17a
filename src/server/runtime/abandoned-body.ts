/**
 * A refused request body must not cost the client its answer. When a route answers before the
 * body has all arrived (a 413 on its declared length, an upload past its limit), Node closes the
 * connection right after the answer, while the client is still sending; closing a socket with
 * unread bytes makes the kernel send a reset, and the reset can discard the answer the client had
 * not read yet: a browser then shows "connection reset" instead of the 413's message (measured:
 * 5 % of oversize posts to the sign-in API). A route that stopped reading also leaves the socket
 * paused, so the client stalls until the reset.
 *
 * As nginx's lingering close does, the rest of such a body is read and thrown away before the
 * connection closes: for at most `LINGER_BYTES` and `LINGER_MS`, past which it is reset as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How much more of an abandoned body is read and thrown away before the connection is reset. */
export const LINGER_BYTES = 16 * 1024 * 1024;
/** How long an abandoned body may keep arriving before the connection is reset. */
export const LINGER_MS = 5_000;
const CHECK_MS = 50;

/** The request each connection is reading now. */
const reading = new WeakMap<Socket, IncomingMessage>();
/** The requests whose rest is being dropped, with what to do once it has all arrived. */
const lingering = new WeakMap<IncomingMessage, (() => void)[]>();

/** Node's `http` internals this relies on: a dumped request's body bytes are parsed and dropped. */
interface DumpableRequest {
  _dump(): void;
}

/**
 * Once `res` is sent, the rest of `req`'s body (if any is still to come) is read and dropped,
 * within bounds; Node's close of the connection after answering waits for it.
 */
export function drainAbandonedBody(req: IncomingMessage, res: ServerResponse, bounds = { bytes: LINGER_BYTES, ms: LINGER_MS }): void {
  const { socket } = req;
  if (!reading.has(socket)) {
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = function closeOnceBodyRead() {
      const current = reading.get(socket);
      if (!current || current.complete || socket.destroyed) return destroySoon();
      lingerThenClose(socket, current, bounds, destroySoon);
    };
  }
  reading.set(socket, req);
  // A connection Node keeps open: the body still has to be read before the next request can be.
  res.once('finish', () => {
    if (!req.complete && !socket.destroyed) lingerThenClose(socket, req, bounds);
  });
}

/** Reads and drops the rest of `req`'s body, then `close`s (if given); resets past the bounds. */
function lingerThenClose(socket: Socket, req: IncomingMessage, bounds: { bytes: number; ms: number }, close?: () => void): void {
  const closes = lingering.get(req);
  if (closes) {
    if (close) closes.push(close);
    return;
  }
  const then = close ? [close] : [];
  lingering.set(req, then);
  const started = Date.now();
  const readBefore = socket.bytesRead;
  (req as unknown as DumpableRequest)._dump();
  socket.resume();
  const check = setInterval(() => {
    if (socket.destroyed) return clearInterval(check);
    if (req.complete) {
      clearInterval(check);
      return then.forEach((next) => next());
    }
    if (Date.now() - started > bounds.ms || socket.bytesRead - readBefore > bounds.bytes) {
      clearInterval(check);
      socket.destroy();
    }
  }, CHECK_MS);
  check.unref();
}
