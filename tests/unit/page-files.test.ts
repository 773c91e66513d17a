/**
 * Pages as files (decision 051): which responses get a file and under which name, that the
 * shipped nginx config answers each name with the type the app sent, and that purges delete
 * exactly the tagged files, including a file whose render started before the purge and a file
 * written by an earlier process.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILE_CACHE_CONTROL, fileTargetOf, headersMatch, NAMED_KINDS, profileOf, type HeaderProfile } from '../../src/server/page-files/kinds.ts';
import { PageFiles } from '../../src/server/page-files/page-files.ts';

const profile: HeaderProfile = {
  csp: "default-src 'self'; frame-ancestors 'none'",
  cacheControl: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  hsts: '',
};

const base: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ['cache-control', profile.cacheControl],
];
const pageHeaders: [string, string][] = [...base, ['content-type', 'text/html'], ['content-security-policy', profile.csp]];

describe('file names', () => {
  it('writes pages as index.html and named files under their own name, nothing with a query', () => {
    expect(fileTargetOf('/en/hub/event/lantern-walk', 'text/html', profile)?.file).toBe('en/hub/event/lantern-walk/index.html');
    expect(fileTargetOf('/fr/hub', 'text/html', profile)?.file).toBe('fr/hub/index.html');
    expect(fileTargetOf('/en/hub/feed.xml', 'application/rss+xml; charset=utf-8', profile)?.file).toBe('en/hub/feed.xml');
    expect(fileTargetOf('/en/hub/event/x/calendar.ics', 'text/calendar; charset=utf-8', profile)?.headers['content-disposition']).toBe(
      'attachment; filename="x.ics"',
    );
    expect(fileTargetOf('/en/hub?tz=UTC', 'text/html', profile)).toBeUndefined();
    expect(fileTargetOf('/en/hub/event/caf%C3%A9', 'text/html', profile)).toBeUndefined();
    expect(fileTargetOf('/', 'text/html', profile)).toBeUndefined();
    expect(fileTargetOf('/en/hub/', 'text/html', profile)).toBeUndefined();
    expect(fileTargetOf('/en/hub/../admin', 'text/html', profile)).toBeUndefined();
    // A name nginx would answer with another type.
    expect(fileTargetOf('/en/hub/feed.xml', 'application/xml; charset=utf-8', profile)).toBeUndefined();
    expect(fileTargetOf('/robots.txt', 'text/plain; charset=utf-8', profile)).toBeUndefined();
  });

  it('writes a page only when nginx would send exactly its headers, and never one that varies', () => {
    const expected = fileTargetOf('/en/hub', 'text/html', profile)!.headers;
    expect(headersMatch(pageHeaders, expected)).toBe(true);
    expect(headersMatch([...pageHeaders, ['vary', 'Accept-Encoding'], ['surrogate-key', 'hub']], expected)).toBe(true);
    expect(headersMatch([...pageHeaders, ['vary', 'Accept-Language']], expected)).toBe(false);
    expect(headersMatch([...pageHeaders, ['link', '</x>; rel=preload']], expected)).toBe(false);
    // A file goes with the short shared-cache lifetime whatever the app sent (a day, with a purger
    // configured): nginx cannot tag it, so no cache in front may keep it long. How long the file
    // itself lives follows the page's expiry (the expiry rule below).
    const purgedForADay = pageHeaders.map(([name, value]): [string, string] => [
      name,
      name === 'cache-control' ? 'public, max-age=0, s-maxage=86400, stale-while-revalidate=300' : value,
    ]);
    expect(headersMatch(purgedForADay, expected)).toBe(true);
    expect(expected['cache-control']).toBe(FILE_CACHE_CONTROL);
    expect(profileOf(purgedForADay)?.cacheControl).toBe(FILE_CACHE_CONTROL);
  });

  it('has a location in deploy/nginx/hub.conf answering each named file with its type', () => {
    const conf = readFileSync(fileURLToPath(new URL('../../deploy/nginx/hub.conf', import.meta.url)), 'utf8');
    for (const kind of NAMED_KINDS) {
      const regex = kind.pattern.source.replaceAll('\\/', '/').replace('(?<slug>', '(?<hub_slug>');
      const start = conf.search(new RegExp(`location ~ "?${regex.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"? \\{`));
      expect(start, kind.pattern.source).toBeGreaterThan(0);
      const block = conf.slice(start, conf.indexOf('\n    }', start));
      expect(block, kind.pattern.source).toContain(`default_type "${kind.contentType}";`);
      expect(block, kind.pattern.source).toContain('try_files $uri @app;');
    }
  });
});

function newFiles(dir = mkdtempSync(join(tmpdir(), 'page-files-'))): PageFiles {
  return new PageFiles(dir);
}

const served = (files: PageFiles, file: string) => {
  const include = readFileSync(join(files.dir, 'nginx.conf'), 'utf8');
  return join(files.dir, /set \$hub_files "([^"]+)";/.exec(include)![1]!, file);
};

function offerPage(files: PageFiles, url: string, tags: string[], since = files.renderStarted(), lifetimeMs = 600_000): void {
  files.offer({ url, headers: pageHeaders, body: Buffer.from(`<p>${url}</p>`), bodies: {}, tags: [...tags, 'all'], expiresAt: Date.now() + lifetimeMs, since });
}

describe('page files', () => {
  it('writes a page with its .gz and .br, and the include nginx reads', async () => {
    const files = newFiles();
    await files.start();
    offerPage(files, '/en/hub', ['hub']);
    await files.settled();
    const path = served(files, 'en/hub/index.html');
    expect(readFileSync(path, 'utf8')).toBe('<p>/en/hub</p>');
    expect(existsSync(`${path}.gz`) && existsSync(`${path}.br`)).toBe(true);
    expect(readFileSync(join(files.dir, 'nginx.conf'), 'utf8')).toContain(`set $hub_csp "${profile.csp}";`);
    files.stop();
  });

  it('deletes exactly the files carrying a purged tag, and everything on `all`', async () => {
    const files = newFiles();
    await files.start();
    offerPage(files, '/en/hub/event/a', ['event:1', 'hub']);
    offerPage(files, '/en/hub/event/b', ['event:2']);
    offerPage(files, '/en/hub/about', ['site:about']);
    await files.settled();
    files.purge(['event:1']);
    await files.settled();
    expect(existsSync(served(files, 'en/hub/event/a/index.html'))).toBe(false);
    expect(existsSync(served(files, 'en/hub/event/a/index.html.gz'))).toBe(false);
    expect(existsSync(served(files, 'en/hub/event/b/index.html'))).toBe(true);
    files.purge(['all']);
    await files.settled();
    expect(existsSync(served(files, 'en/hub/event/b/index.html'))).toBe(false);
    expect(existsSync(served(files, 'en/hub/about/index.html'))).toBe(false);
    files.stop();
  });

  it('never keeps a file whose render started before a purge of its tags, even when the purge comes mid-write', async () => {
    const files = newFiles();
    await files.start();
    offerPage(files, '/en/hub', ['hub']);
    await files.settled();
    // Rendered before the purge, offered after it.
    const before = files.renderStarted();
    files.purge(['event:9']);
    offerPage(files, '/en/hub/event/nine', ['event:9'], before);
    // Offered, then purged while it is being written.
    offerPage(files, '/en/hub/event/ten', ['event:10']);
    files.purge(['event:10']);
    await files.settled();
    expect(existsSync(served(files, 'en/hub/event/nine/index.html'))).toBe(false);
    expect(existsSync(served(files, 'en/hub/event/ten/index.html'))).toBe(false);
    expect(existsSync(served(files, 'en/hub/index.html'))).toBe(true);
    files.stop();
  });

  it('keeps a file only while a shared cache given its Cache-Control cannot outlive the page', async () => {
    const files = newFiles();
    await files.start();
    offerPage(files, '/en/hub', ['hub']);
    // s-maxage 60 + stale-while-revalidate 300: a page with 5 minutes left is answered by the app.
    offerPage(files, '/en/hub/event/soon', ['event:3'], files.renderStarted(), 300_000);
    await files.settled();
    expect(existsSync(served(files, 'en/hub/index.html'))).toBe(true);
    expect(existsSync(served(files, 'en/hub/event/soon/index.html'))).toBe(false);
    const [indexed] = readdirSync(join(files.dir, 'index'), { recursive: true }).filter((name) => String(name).endsWith('.json'));
    const { expiresAt } = JSON.parse(readFileSync(join(files.dir, 'index', String(indexed)), 'utf8')) as { expiresAt: number };
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(240_000);
    files.stop();
  });

  it('purges the files an earlier process wrote, from the index it left in the folder', async () => {
    const first = newFiles();
    await first.start();
    offerPage(first, '/en/hub/event/a', ['event:1']);
    await first.settled();
    expect(existsSync(served(first, 'en/hub/event/a/index.html'))).toBe(true);
    first.stop();
    const next = newFiles(first.dir);
    await next.start();
    next.purge(['event:1']);
    await next.settled();
    expect(existsSync(served(next, 'en/hub/event/a/index.html'))).toBe(false);
    next.stop();
  });
});
