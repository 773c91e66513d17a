import { describe, expect, it } from 'vitest';
import { getErrorDigest } from '../../src/components/errors/client-errors.ts';
import { clientErrorSentence, digestLine, serverErrorSentence } from '../../src/components/errors/messages.ts';
import { ResponseError, throwIfNotOk } from '../../src/components/errors/response-error.ts';
import { isMachinePath } from '../../src/server/errors/request-kind.ts';
import { serverErrorFragment } from '../../src/server/errors/responses.ts';
import { getMonitoringIntegrations } from '../../src/server/errors/sentry-integration.ts';
import { guardHtmlStream } from '../../src/server/errors/stream-guard.ts';

describe('the application-error sentences', () => {
  it('are exactly the wording operators search for', () => {
    expect(serverErrorSentence('hub.example.org')).toBe(
      'Application error: a server-side exception has occurred while loading hub.example.org (see the server logs for more information).',
    );
    expect(clientErrorSentence('localhost:4321')).toBe(
      'Application error: a client-side exception has occurred while loading localhost:4321 (see the browser console for more information).',
    );
    expect(digestLine('0123456789ab')).toBe('Digest: 0123456789ab');
  });

  it('are escaped when written into a stream', () => {
    expect(serverErrorFragment('<script>x</script>', 'abc')).not.toContain('<script>');
  });
});

describe('errors carrying a digest', () => {
  it('is read from a `digest` property only when it looks like an id', () => {
    expect(getErrorDigest(Object.assign(new Error('x'), { digest: 'abc123def456' }))).toBe('abc123def456');
    expect(getErrorDigest(new Error('x'))).toBeUndefined();
    expect(getErrorDigest({ digest: '<img src=x>' })).toBeUndefined();
    expect(getErrorDigest('abc')).toBeUndefined();
    expect(getErrorDigest(null)).toBeUndefined();
  });

  it('comes from a problem+json response through throwIfNotOk', async () => {
    const failed = new Response(JSON.stringify({ title: 'An unexpected error occurred', status: 500, code: 'INTERNAL_ERROR', digest: 'c0ffee000001' }), {
      status: 500,
      headers: { 'content-type': 'application/problem+json' },
    });
    const error = await throwIfNotOk(failed).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', digest: 'c0ffee000001' });
    expect(getErrorDigest(error)).toBe('c0ffee000001');
  });

  it('is absent for non-JSON failures, and ok responses pass through', async () => {
    const error = await throwIfNotOk(new Response('Bad gateway', { status: 502 })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, digest: undefined, message: 'Request failed with status 502' });
    const ok = new Response('{}', { status: 200 });
    expect(await throwIfNotOk(ok)).toBe(ok);
  });
});

describe('which requests get problem+json', () => {
  it.each([
    ['/api/admin/events', true],
    ['/api', true],
    ['/monitoring', true],
    ['/en/hub', false],
    ['/en/api-docs', false],
    ['/monitoring-stats', false],
  ])('%s → %s', (path, expected) => {
    expect(isMachinePath(path)).toBe(expected);
  });
});

describe('guardHtmlStream', () => {
  function failingPage(): Response {
    const encoder = new TextEncoder();
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        step += 1;
        if (step === 1) controller.enqueue(encoder.encode('<html><body><h1>Events</h1>'));
        else controller.error(new Error('query failed'));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html', 'content-length': '999' } });
  }

  it('ends a failing HTML stream with the fragment instead of an error', async () => {
    const seen: unknown[] = [];
    const guarded = guardHtmlStream(failingPage(), (error) => {
      seen.push(error);
      return '<p>Digest: abc</p>';
    });
    expect(guarded.status).toBe(200);
    expect(guarded.headers.get('content-length')).toBeNull();
    expect(await guarded.text()).toBe('<html><body><h1>Events</h1><p>Digest: abc</p>');
    expect(seen).toHaveLength(1);
    expect((seen[0] as Error).message).toBe('query failed');
  });

  it('leaves non-HTML responses alone', () => {
    const json = Response.json({ ok: true });
    expect(guardHtmlStream(json, () => '')).toBe(json);
  });
});

describe('the Sentry integration', () => {
  it('is left out of the build when no DSN is set', async () => {
    expect(await getMonitoringIntegrations({})).toEqual([]);
    expect(await getMonitoringIntegrations({ SENTRY_AUTH_TOKEN: 'x' })).toEqual([]);
  });

  it('is included when either DSN is set', async () => {
    const [server] = await getMonitoringIntegrations({ SENTRY_DSN: 'https://k@o1.ingest.sentry.io/1' });
    expect(server?.name).toBe('@sentry/astro');
    const [client] = await getMonitoringIntegrations({ PUBLIC_SENTRY_DSN: 'https://k@o1.ingest.sentry.io/1' });
    expect(client?.name).toBe('@sentry/astro');
  });
});
