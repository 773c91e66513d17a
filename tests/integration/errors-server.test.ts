/**
 * Server errors and fallback screens against the built server, with fault injection switched on
 * (`HUB_TEST_HOOKS=1`): the visitor sees the fixed sentence and a digest, the log has one JSON line
 * with the same digest and the stack, and nothing of the exception reaches the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_PATTERN } from '../../src/server/errors/digest.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { cacheState } from '../helpers/cache-state.ts';

let server: TestServer;
let withoutHooks: TestServer;

beforeAll(async () => {
  // Sequential: a server finding the build stale rebuilds it, and parallel rebuilds would collide.
  server = await startTestServer({ HUB_DEMO: '0', HUB_TEST_HOOKS: '1' });
  withoutHooks = await startTestServer({ HUB_DEMO: '0' });
});

afterAll(async () => {
  await Promise.all([server?.stop(), withoutHooks?.stop()]);
});

interface LogLine {
  level: string;
  digest: string;
  method: string;
  route: string;
  path: string;
  status: number;
  stack?: string;
  phase?: string;
}

/** The JSON error lines the server wrote for `digest` (waits briefly: stderr is asynchronous). */
async function logLinesFor(target: TestServer, digest: string): Promise<LogLine[]> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const lines = target
      .logs()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(digest))
      .map((line) => JSON.parse(line) as LogLine);
    if (lines.length > 0) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

function pageDigest(html: string): string | undefined {
  return /Digest: ([0-9a-f]+)</.exec(html)?.[1];
}

describe('an exception while rendering a page', () => {
  it('answers 500 with the fixed sentence and a digest that matches one log line', async () => {
    const response = await fetch(`${server.origin}/en/test-hooks/server-error`);
    const html = await response.text();
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const host = new URL(server.origin).host;
    expect(html).toContain(`Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`);
    const digest = pageDigest(html);
    expect(digest).toMatch(DIGEST_PATTERN);
    const lines = await logLinesFor(server, digest!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      digest,
      method: 'GET',
      route: '/[locale]/test-hooks/[hook]',
      path: '/en/test-hooks/server-error',
      status: 500,
    });
    expect(lines[0]?.stack).toContain('InjectedFault: Deliberate failure in a page');
  });

  it('never shows the message or the stack to the visitor', async () => {
    const html = await (await fetch(`${server.origin}/en/test-hooks/server-error`)).text();
    expect(html).not.toContain('do-not-leak');
    expect(html).not.toContain('InjectedFault');
    expect(html).not.toMatch(/\bat .+\.mjs:\d+/);
  });

  it('gives every failure its own digest', async () => {
    const [a, b] = await Promise.all([1, 2].map(async () => pageDigest(await (await fetch(`${server.origin}/en/test-hooks/server-error`)).text())));
    expect(a).toMatch(DIGEST_PATTERN);
    expect(b).toMatch(DIGEST_PATTERN);
    expect(a).not.toBe(b);
  });

  it('translates the surrounding screen but keeps the sentence in English', async () => {
    const html = await (await fetch(`${server.origin}/fr/test-hooks/server-error`)).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Une erreur est survenue');
    expect(html).toContain('Application error: a server-side exception has occurred while loading');
  });
});

describe('an exception in an API route', () => {
  it('answers problem+json 500 carrying the digest of its log line, without the message', async () => {
    const response = await fetch(`${server.origin}/api/test-hooks/throw`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(body.digest).toMatch(DIGEST_PATTERN);
    expect(JSON.stringify(body)).not.toContain('do-not-leak');
    const lines = await logLinesFor(server, body.digest as string);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ route: '/api/test-hooks/[hook]', path: '/api/test-hooks/throw', status: 500 });
  });
});

describe('an exception in a component while the page renders', () => {
  // Pages are rendered whole before a byte is sent (decision 012), so a failure anywhere in the
  // page can still become a real 500.
  it('becomes a real 500 page with the sentence and a digest, logged once', async () => {
    const response = await fetch(`${server.origin}/en/test-hooks/stream-error`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).not.toContain('Test hook: stream-error');
    expect(html).toContain('Application error: a server-side exception has occurred while loading');
    expect(html).not.toContain('do-not-leak');
    const digest = pageDigest(html);
    expect(digest).toMatch(DIGEST_PATTERN);
    const lines = await logLinesFor(server, digest!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 500, path: '/en/test-hooks/stream-error' });
    expect(lines[0]?.stack).toContain('Deliberate failure while streaming');
  });
});

describe('an exception in a component of a page the route cache keeps', () => {
  it('becomes a real 500 with a digest, and the broken page is not cached', async () => {
    const digests: (string | undefined)[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${server.origin}/en/test-hooks/cached-stream-error`);
      expect(response.status).toBe(500);
      expect(cacheState(response)).not.toBe('HIT');
      const html = await response.text();
      expect(html).not.toContain('do-not-leak');
      digests.push(pageDigest(html));
    }
    expect(digests[0]).toMatch(DIGEST_PATTERN);
    expect(digests[1]).toMatch(DIGEST_PATTERN);
    expect(digests[0]).not.toBe(digests[1]);
    const lines = await logLinesFor(server, digests[0]!);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.stack).toContain('Deliberate failure while streaming');
  });
});

describe('fallback screens', () => {
  it.each([
    ['en', 'Page not found'],
    ['fr', 'Page introuvable'],
    ['de', 'Seite nicht gefunden'],
  ])('404 in %s', async (locale, title) => {
    const response = await fetch(`${server.origin}/${locale}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(title);
    expect(html).toContain(`href="/${locale}/hub"`);
  });

  it('falls back to the default locale for an unknown locale', async () => {
    const response = await fetch(`${server.origin}/xx/whatever`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<html lang="en"');
  });

  it('answers problem+json 404 to API callers', async () => {
    const response = await fetch(`${server.origin}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('401 offers sign-in back to the same page; 403 offers sign-out', async () => {
    const unauthorized = await fetch(`${server.origin}/de/test-hooks/unauthorized`);
    expect(unauthorized.status).toBe(401);
    const html401 = await unauthorized.text();
    expect(html401).toContain('Anmeldung erforderlich');
    expect(html401).toContain('href="/de/admin/sign-in?redirect_url=%2Fde%2Ftest-hooks%2Funauthorized"');
    const forbidden = await fetch(`${server.origin}/fr/test-hooks/forbidden`);
    expect(forbidden.status).toBe(403);
    const html403 = await forbidden.text();
    expect(html403).toContain('Accès refusé');
    expect(html403).toMatch(/<form method="post" action="\/fr\/admin\/sign-out"[^>]*>\s*<button[^>]*>Se déconnecter<\/button>/);
  });
});

describe('fault injection', () => {
  it('is off unless HUB_TEST_HOOKS=1', async () => {
    expect((await fetch(`${withoutHooks.origin}/en/test-hooks/server-error`)).status).toBe(404);
    expect((await fetch(`${withoutHooks.origin}/api/test-hooks/throw`)).status).toBe(404);
    expect(withoutHooks.logs()).not.toContain('"level":"error"');
  });
});
