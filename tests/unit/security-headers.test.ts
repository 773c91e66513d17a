/**
 * The CSP wrapper in front of the application: its script-src lists the hashes the application
 * declares for its own inline scripts (Astro's build-time list), never what the body contains.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withContentSecurityPolicy } from '../../src/server/runtime/security-headers.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const own = 'console.log("the application")';
const foreign = 'alert("injected")';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one HTML page through the wrapper, the way Astro answers: its own CSP header on the head. */
async function serve(html: string, astroPolicy?: string): Promise<Response> {
  const app = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html', ...(astroPolicy ? { 'content-security-policy': astroPolicy } : {}) });
    res.end(html);
  };
  server = createServer(withContentSecurityPolicy({ https: false }, app));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

describe('withContentSecurityPolicy', () => {
  it('gives no allowance to an inline script the application did not declare', async () => {
    const response = await serve(`<!doctype html><html><body><p>Hi</p><script>${foreign}</script></body></html>`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain(sha256(foreign));
  });

  it('allows the application’s declared scripts, and only those, in one complete policy', async () => {
    const astro = `script-src 'self' ${sha256(own)}; style-src 'self' 'unsafe-inline';`;
    const response = await serve(`<!doctype html><html><body><script>${own}</script><script>${foreign}</script></body></html>`, astro);
    const policies = response.headers.get('content-security-policy') ?? '';
    expect(policies).toContain(sha256(own));
    expect(policies).not.toContain(sha256(foreign));
    expect(policies).toContain("frame-ancestors 'none'");
    // One header: a second (Astro's) would be enforced too and could only differ by accident.
    expect(policies.split(/,\s*(?=[a-z-]+-src|default-src)/)).toHaveLength(1);
  });
});
