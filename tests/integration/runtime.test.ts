import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer, shutDownGracefully } from '../../src/server/runtime/http-server.ts';
import { checkReadiness } from '../../src/server/operations/health.ts';
import { createTestDatabase } from '../helpers/db.ts';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function listen(server: ReturnType<typeof createHttpServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('health endpoints', () => {
  it('report liveness and readiness from the database and its migrations', async () => {
    const t = await createTestDatabase();
    const server = createHttpServer(
      (_req, res) => res.end('app'),
      () => checkReadiness(t.db),
    );
    const port = await listen(server);
    expect(await get(port, '/healthz')).toEqual({ status: 200, body: '{"status":"ok"}' });
    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ ready: true, database: 'ok', migrations: 'ok' });
    expect((await get(port, '/en')).body).toBe('app');
    server.close();
    t.close();
  });

  it('is not ready while migrations are pending or the database is closed', async () => {
    const pending = await createTestDatabase({ migrate: false });
    expect(await checkReadiness(pending.db)).toEqual({ ready: false, database: 'ok', migrations: 'pending' });
    pending.close();
    expect(await checkReadiness(pending.db)).toMatchObject({ ready: false, database: 'unreachable' });
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections, then cleans up', async () => {
    let cleaned = false;
    const { promise: received, resolve: arrived } = Promise.withResolvers<void>();
    const server = createHttpServer((_req, res) => {
      arrived();
      setTimeout(() => res.end('finished'), 300);
    });
    const port = await listen(server);
    const inFlight = get(port, '/slow');
    // Shut down once the request is in flight (it has reached the handler), however slow the machine.
    await received;
    const stopped = shutDownGracefully(server, { cleanup: async () => void (cleaned = true) });
    await expect(get(port, '/late')).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    await stopped;
    expect(cleaned).toBe(true);
  });

  it('gives up on requests that outlast the grace period', async () => {
    const { promise: received, resolve: arrived } = Promise.withResolvers<void>();
    const server = createHttpServer(() => {
      arrived(); // and never answers
    });
    const port = await listen(server);
    const hanging = get(port, '/hang').catch((error: Error) => error.message);
    await received;
    await shutDownGracefully(server, { graceMs: 200 });
    expect(await hanging).toMatch(/socket hang up|ECONNRESET/);
  });
});
