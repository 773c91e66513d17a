/** A test's stand-in HTTP server on 127.0.0.1: starting, stopping, reading a request's body. */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1; resolves to the server's origin. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes the server and every connection still open (a request left hanging included). */
export function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The whole body of a request the stand-in received, as UTF-8 text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
