import { describe, expect, it } from 'vitest';
import { createDigest, DIGEST_PATTERN } from '../../src/server/errors/digest.ts';
import { formatServerErrorLog, type ServerErrorLogEntry } from '../../src/server/errors/log.ts';
import type { APIContext } from 'astro';
import { describeRequest } from '../../src/server/errors/middleware.ts';
import { getReportedDigest, reportServerError } from '../../src/server/errors/report.ts';

const entry: ServerErrorLogEntry = {
  digest: 'abcdef012345',
  method: 'GET',
  route: '/[locale]/hub',
  path: '/en/hub',
  status: 500,
  error: { name: 'Error', message: 'database is locked' },
  stack: 'Error: database is locked\n    at query (db.ts:1:1)',
};

describe('digests', () => {
  it('are short lowercase hex ids, different every time', () => {
    const digests = new Set(Array.from({ length: 1000 }, createDigest));
    expect(digests.size).toBe(1000);
    for (const digest of digests) expect(digest).toMatch(DIGEST_PATTERN);
  });
});

describe('server error log lines', () => {
  it('are one JSON object on one line with level, digest, route, method, status and stack', () => {
    const line = formatServerErrorLog(entry, false, new Date('2026-05-01T10:00:00Z'));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      time: '2026-05-01T10:00:00.000Z',
      level: 'error',
      msg: 'request failed',
      ...entry,
    });
  });

  it('are a readable block in development', () => {
    const text = formatServerErrorLog({ ...entry, userId: 'u_1' }, true);
    expect(text).toContain('[error] 500 GET /en/hub (route /[locale]/hub) digest=abcdef012345 user=u_1\n');
    expect(text).toContain('    at query (db.ts:1:1)');
    expect(() => JSON.parse(text)).toThrow();
  });
});

describe('reportServerError', () => {
  function capture() {
    const lines: string[] = [];
    return { lines, write: (line: string) => void lines.push(line) };
  }

  it('writes one line carrying the digest it returns', () => {
    const { lines, write } = capture();
    const error = new TypeError('cannot read properties of undefined');
    const digest = reportServerError(error, { method: 'POST', path: '/api/admin/events', route: '/api/admin/events' }, write);
    expect(digest).toMatch(DIGEST_PATTERN);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      digest,
      method: 'POST',
      route: '/api/admin/events',
      status: 500,
      error: { name: 'TypeError', message: 'cannot read properties of undefined' },
    });
    expect(JSON.parse(lines[0]!).stack).toContain('TypeError: cannot read properties of undefined');
  });

  it('reports the same error object once, whoever asks again', () => {
    const { lines, write } = capture();
    const error = new Error('boom');
    const first = reportServerError(error, { method: 'GET', path: '/en' }, write);
    const second = reportServerError(error, { method: 'GET', path: '/en' }, write);
    expect(second).toBe(first);
    expect(getReportedDigest(error)).toBe(first);
    expect(lines).toHaveLength(1);
  });

  it('handles thrown non-errors and attaches only the user id', () => {
    const { lines, write } = capture();
    reportServerError('plain string', { method: 'GET', path: '/de/admin', userId: 'user_42' }, write);
    reportServerError({ weird: true }, { method: 'GET', path: '/de/admin' }, write);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({ error: { name: 'NonError', message: 'plain string' }, userId: 'user_42', route: '/de/admin' });
    expect(first.stack).toBeUndefined();
    expect(second).toMatchObject({ error: { name: 'NonError', message: '{"weird":true}' } });
    expect(second.userId).toBeUndefined();
  });
});

describe('describeRequest', () => {
  it('takes the signed-in user id for the report, never the email', () => {
    const context = {
      request: new Request('http://hub.test/de/admin/events?page=2', { method: 'POST' }),
      url: new URL('http://hub.test/de/admin/events?page=2'),
      routePattern: '/[locale]/admin/events',
      locals: { user: { id: 'user_7', email: 'editor@example.org', name: 'Ed', role: 'editor', provider: 'local' } },
    } as unknown as APIContext;
    const described = describeRequest(context);
    expect(described).toEqual({ method: 'POST', path: '/de/admin/events', route: '/[locale]/admin/events', userId: 'user_7' });
    expect(JSON.stringify(described)).not.toContain('example.org');
  });

  it('has no user on public pages', () => {
    const context = {
      request: new Request('http://hub.test/en/hub'),
      url: new URL('http://hub.test/en/hub'),
      routePattern: '/[locale]/hub',
      locals: { user: null },
    } as unknown as APIContext;
    expect(describeRequest(context).userId).toBeUndefined();
  });
});
