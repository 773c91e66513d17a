/**
 * The rules behind the agenda and the embeds that need no server: which `events` lists are valid
 * (and their one canonical form), which HUB_EMBED_ORIGINS values start the server, and which
 * pages another site may frame.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formatAgendaIds, MAX_AGENDA_EVENTS, parseAgendaIds } from '../../src/lib/agenda.ts';
import { readAgendaQuery } from '../../src/server/agenda/request.ts';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';
import { withContentSecurityPolicy, type SecurityOptions } from '../../src/server/runtime/security-headers.ts';

describe('agenda ids', () => {
  it('reads comma-separated positive ids, deduplicated and ascending', () => {
    expect(parseAgendaIds('8,3,8,21')).toEqual([3, 8, 21]);
    expect(formatAgendaIds([21, 3, 8, 3])).toBe('3,8,21');
    expect(parseAgendaIds(Array.from({ length: MAX_AGENDA_EVENTS }, (_, i) => i + 1).join(','))).toHaveLength(MAX_AGENDA_EVENTS);
  });

  it.each([
    '',
    'a',
    '0',
    '01',
    '-1',
    '1,',
    ',1',
    '1,,2',
    '1;2',
    '1 2',
    '1.5',
    '12345678901',
    Array.from({ length: MAX_AGENDA_EVENTS + 1 }, (_, i) => i + 1).join(','),
  ])('refuses %j', (value) => expect(parseAgendaIds(value)).toBeNull());

  it('sends any other order to the canonical query and refuses other parameters', () => {
    expect(readAgendaQuery(new URLSearchParams(''))).toEqual({ kind: 'none' });
    expect(readAgendaQuery(new URLSearchParams('events=3,8'))).toEqual({ kind: 'ids', ids: [3, 8] });
    expect(readAgendaQuery(new URLSearchParams('events=8,3'))).toEqual({ kind: 'redirect', search: '?events=3,8' });
    expect(readAgendaQuery(new URLSearchParams('events=3%2C8'))).toEqual({ kind: 'ids', ids: [3, 8] });
    expect(readAgendaQuery(new URLSearchParams('events=3&add=4'))).toEqual({ kind: 'invalid' });
    expect(readAgendaQuery(new URLSearchParams('events=3&events=4'))).toEqual({ kind: 'invalid' });
  });

  it('keeps the visitor’s time zone, canonical after the list, for the page to validate', () => {
    expect(readAgendaQuery(new URLSearchParams('events=3,8&tz=Asia/Tokyo'))).toEqual({ kind: 'ids', ids: [3, 8] });
    expect(readAgendaQuery(new URLSearchParams('tz=Asia/Tokyo&events=8,3'))).toEqual({ kind: 'redirect', search: '?events=3,8&tz=Asia%2FTokyo' });
    expect(readAgendaQuery(new URLSearchParams('events=3&tz=Mars/Olympus'))).toEqual({ kind: 'ids', ids: [3] });
    expect(readAgendaQuery(new URLSearchParams('tz=Asia/Tokyo'))).toEqual({ kind: 'none' });
  });
});

describe('HUB_EMBED_ORIGINS', () => {
  it('defaults to any site and keeps listed origins', () => {
    expect(parseEnv({}).HUB_EMBED_ORIGINS).toEqual(['*']);
    expect(parseEnv({ HUB_EMBED_ORIGINS: ' * ' }).HUB_EMBED_ORIGINS).toEqual(['*']);
    expect(parseEnv({ HUB_EMBED_ORIGINS: 'https://festival.example, http://localhost:8080 https://partner.example/' }).HUB_EMBED_ORIGINS).toEqual([
      'https://festival.example',
      'http://localhost:8080',
      'https://partner.example',
    ]);
  });

  it.each([
    'festival.example',
    'https://festival.example/page',
    "'self'",
    'ftp://files.example',
    '*, https://festival.example',
    'https://a.example;script-src *',
    ',',
  ])('refuses %j naming the variable', (value) => expect(() => parseEnv({ HUB_EMBED_ORIGINS: value })).toThrow(EnvError));
});

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Answers `path` through the CSP wrapper, with the DENY every response gets first (as http-server does). */
async function headersOf(path: string, options: SecurityOptions): Promise<Headers> {
  const app = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><p>Hi</p>');
  };
  const wrapped = withContentSecurityPolicy(options, app);
  server = createServer((req, res) => {
    res.setHeader('x-frame-options', 'DENY');
    wrapped(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
  await response.text();
  return response.headers;
}

describe('framing', () => {
  const ancestors = (headers: Headers) => /frame-ancestors ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];

  it('lets the listed origins (or any site by default) frame embed pages only', async () => {
    const listed = await headersOf('/fr/embed/events?tag=music', { https: false, embedOrigins: ['https://festival.example', 'https://partner.example'] });
    expect(ancestors(listed)).toBe('https://festival.example https://partner.example');
    expect(listed.get('x-frame-options')).toBeNull();
    expect(ancestors(await headersOf('/en/embed/event/a-concert', { https: false }))).toBe('*');
    for (const path of ['/en/hub', '/en/hub/embed/events', '/en/embedded', '/embed/events']) {
      const headers = await headersOf(path, { https: false, embedOrigins: ['*'] });
      expect(ancestors(headers), path).toBe("'none'");
      expect(headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
