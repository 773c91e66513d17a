import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { archiveTargetOf, relativeHref } from '../../src/server/static-export/archive-paths.ts';
import { replaceOrigins, rewriteHtml, type RewriteContext } from '../../src/server/static-export/rewrite-html.ts';
import { foldGerman, germanFoldedWords } from '../../src/server/static-export/search-markers.ts';

const origin = 'http://127.0.0.1:4999';
const target = (path: string) => archiveTargetOf(new URL(path, origin));

describe('where a hub URL lives in the archive', () => {
  it('puts each page in a folder of its own, served as a directory index', () => {
    expect(target('/en/hub/event/jazz-night')).toMatchObject({
      kind: 'file',
      file: 'en/hub/event/jazz-night/index.html',
      href: 'en/hub/event/jazz-night/',
      isPage: true,
    });
    expect(target('/')).toMatchObject({ file: 'index.html', href: '' });
    expect(target('/de/hub/')).toMatchObject({ file: 'de/hub/index.html' });
  });

  it('turns the queries that choose content into path segments, in a fixed order, and drops the rest', () => {
    expect(target('/en/hub?page=2&tag=music')).toMatchObject({ file: 'en/hub/tag/music/page/2/index.html', source: '/en/hub?tag=music&page=2' });
    expect(target('/en/hub?when=past')).toMatchObject({ file: 'en/hub/when/past/index.html' });
    expect(target('/en/hub/venue/pier-7?page=3')).toMatchObject({ file: 'en/hub/venue/pier-7/page/3/index.html' });
    expect(target('/en/hub/edition/spring/schedule?day=2026-05-02')).toMatchObject({ file: 'en/hub/edition/spring/schedule/day/2026-05-02/index.html' });
    // Views, time zones, defaults and unsafe values are not archived apart: the default page is.
    expect(target('/en/hub?view=list&tz=Europe%2FBerlin')).toMatchObject({ file: 'en/hub/index.html', source: '/en/hub' });
    expect(target('/en/hub?when=upcoming&page=1')).toMatchObject({ file: 'en/hub/index.html' });
    expect(target('/en/hub?tag=..%2F..%2Fetc')).toMatchObject({ file: 'en/hub/index.html' });
    expect(target('/en/hub/search?q=jazz&type=event')).toMatchObject({ file: 'en/hub/search/index.html', source: '/en/hub/search' });
  });

  it('writes media variants, sitemap parts and files under their own names', () => {
    expect(target('/media/5b/abc.jpg?w=640&fm=webp')).toMatchObject({
      file: 'media/5b/abc.jpg.640w.webp',
      source: '/media/5b/abc.jpg?w=640&fm=webp',
      isPage: false,
    });
    expect(target('/media/5b/abc.jpg')).toMatchObject({ file: 'media/5b/abc.jpg' });
    expect(target('/sitemap.xml?part=2')).toMatchObject({ file: 'sitemap-2.xml', source: '/sitemap.xml?part=2' });
    expect(target('/en/hub/event/x/calendar.ics')).toMatchObject({ file: 'en/hub/event/x/calendar.ics', isPage: false });
  });

  it('leaves out what needs a server, and never leaves the folder', () => {
    for (const path of [
      '/en/admin',
      '/en/admin/events/3',
      '/api/public/v1/events',
      '/monitoring',
      '/en/hub/time-zone?from=%2Fen%2Fhub',
      '/en/hub/agenda/calendar.ics?events=1',
    ])
      expect(target(path), path).toEqual({ kind: 'removed' });
    expect(target('/en/hub/..%2F..%2F..%2Fsecret')).toEqual({ kind: 'removed' });
  });

  it('links relatively, so the archive works in any folder of any host', () => {
    expect(relativeHref('en/hub/event/x/index.html', 'en/hub/')).toBe('../../');
    expect(relativeHref('en/hub/event/x/index.html', 'media/5b/a.jpg.640w.webp')).toBe('../../../../media/5b/a.jpg.640w.webp');
    expect(relativeHref('en/hub/search/index.html', 'en/hub/search/')).toBe('./');
    expect(relativeHref('index.html', 'en/')).toBe('en/');
    expect(relativeHref('en/index.html', '')).toBe('../');
  });
});

describe('the archive copy of a page', () => {
  const context: RewriteContext = {
    origins: [origin, 'https://hub.example.org'],
    baseUrl: undefined,
    t: getTranslator('en'),
    now: new Date('2026-11-29T12:00:00Z'),
  };
  const page = (main: string, head = '') => `<!doctype html><html lang="en"><head>${head}</head><body><main id="main">${main}</main></body></html>`;

  it('rewrites links, sources and srcsets to archive files and reports what it found', () => {
    const html = page(
      '<a href="/en/hub?tag=music&amp;page=2">Music</a><img src="/media/ab/c.jpg?w=960&amp;fm=jpeg" srcset="/media/ab/c.jpg?w=320&amp;fm=webp 320w, /media/ab/c.jpg?w=640&amp;fm=webp 640w"><a href="https://elsewhere.org/x">out</a><a href="#top">top</a>',
      '<link rel="canonical" href="https://hub.example.org/en/hub/event/x">',
    );
    const { html: out, links } = rewriteHtml(html, new URL('/en/hub/event/x', origin), 'en/hub/event/x/index.html', context);
    expect(out).toContain('href="../../tag/music/page/2/"');
    expect(out).toContain('src="../../../../media/ab/c.jpg.960w.jpeg"');
    expect(out).toContain('srcset="../../../../media/ab/c.jpg.320w.webp 320w, ../../../../media/ab/c.jpg.640w.webp 640w"');
    expect(out).toContain('<link rel="canonical" href="./">');
    expect(out).toContain('href="https://elsewhere.org/x"');
    expect(out).toContain('href="#top"');
    expect(links.map((url) => url.pathname + url.search)).toContain('/en/hub?tag=music&page=2');
  });

  it('points what needs a server at the note, and hides forms behind a note', () => {
    const html = page('<a href="/en/hub/time-zone?from=%2Fen%2Fhub">Time zone</a><form method="post" action="/_actions/contact"><input name="email"></form>');
    const { html: out } = rewriteHtml(html, new URL('/en/hub/contact', origin), 'en/hub/contact/index.html', context);
    expect(out).toContain('href="#archive-note"');
    expect(out).toContain('id="archive-note"');
    expect(out).toContain(`<p class="notice" role="note">${context.t('archive.formUnavailable')}</p><form hidden`);
  });

  it('uses the published base URL for absolute links when one is given', () => {
    const html = page(
      '<a href="webcal://127.0.0.1:4999/en/hub/calendar.ics">Subscribe</a>',
      '<link rel="alternate" hreflang="de" href="http://127.0.0.1:4999/de/hub?tag=music">',
    );
    const { html: out } = rewriteHtml(html, new URL('/en/hub', origin), 'en/hub/index.html', { ...context, baseUrl: 'https://archive.example.org/2026/' });
    expect(out).toContain('href="webcal://archive.example.org/2026/en/hub/calendar.ics"');
    expect(out).toContain('href="https://archive.example.org/2026/de/hub/tag/music/"');
  });

  it('marks an event page for Pagefind with the hub search facets and the German folded spellings', () => {
    const html = page(
      '<h1>Gespräche über Bäume</h1><dl><dd><a href="/en/hub/edition/spring">Spring 2026</a></dd></dl><ul class="tag-list" aria-label="Tags"><li><a href="/en/hub?tag=talks">Talks</a></li></ul><script type="application/ld+json">{"endDate":"2026-05-01T20:00:00+02:00"}</script>',
    );
    const { html: out } = rewriteHtml(html, new URL('/en/hub/event/gespraeche', origin), 'en/hub/event/gespraeche/index.html', context);
    expect(out).toContain('<main id="main" data-pagefind-body>');
    for (const filter of ['Type:Event', 'Edition:Spring 2026', 'Theme:Talks', 'When:Past']) expect(out).toContain(`data-pagefind-filter="${filter}"`);
    expect(out).toMatch(/<div hidden data-archive-search>.*Gespraeche ueber Baeume/);
  });

  it('leaves list pages out of the search index', () => {
    const { html: out } = rewriteHtml(page('<h1>Programme</h1>'), new URL('/en/hub?tag=music', origin), 'en/hub/tag/music/index.html', context);
    expect(out).not.toContain('data-pagefind-body');
  });
});

describe('German folding', () => {
  it('spells umlauts and ß the way a keyboard without them does', () => {
    expect(foldGerman('Gespräche')).toBe('Gespraeche');
    expect(foldGerman('Öffentliche Straße')).toBe('Oeffentliche Strasse');
    expect(germanFoldedWords('Über die Gespräche, und noch einmal Gespräche')).toEqual(['Ueber', 'Gespraeche']);
  });
});

describe('origins left in the text', () => {
  it('become the base URL once, and URLs already on it are kept', () => {
    const context = { origins: ['http://127.0.0.1:4999', 'https://archive.example.org'], baseUrl: 'https://archive.example.org/2026/' };
    expect(replaceOrigins('"url":"http://127.0.0.1:4999/en/hub/event/x" <a href="https://archive.example.org/2026/en/">', context)).toBe(
      '"url":"https://archive.example.org/2026/en/hub/event/x" <a href="https://archive.example.org/2026/en/">',
    );
    expect(replaceOrigins('"url":"http://127.0.0.1:4999/en/hub"', { ...context, baseUrl: undefined })).toBe('"url":"/en/hub"');
  });
});
