/**
 * Render once (render-once.ts) as one process keeps a part: read and rendered by the first page,
 * reused by the next ones of its group, kept apart for the pages it looks different on, gone at
 * its expiry or at a purge of one of its tags, and never kept when a purge came while it was
 * rendered.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_MAX_AGE } from '../../src/server/page-cache/decision.ts';
import { ProcessPageCache } from '../../src/server/page-cache/process-cache.ts';
import { renderOnce, type Once, type OnceKey, type OnceSource } from '../../src/server/page-cache/render-once.ts';

const now = new Date('2031-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

const setup = (maxBytes = 8_000_000) => {
  const cache = new ProcessPageCache({ maxBytes });
  return { cache, locals: { pageCache: cache.handleFor() } };
};

/** A part's source: the data is the text it renders; first events 1 to 3 each get their own. */
const source = (text: string, overrides: Partial<OnceSource<string>> = {}): OnceSource<string> => ({
  data: text,
  tags: ['edition-list:7', 'event:1'],
  expiresAt: null,
  except: [1, 2, 3],
  ...overrides,
});

/**
 * What a page would show, and how many times the part was read: the template step renders the
 * data and keeps it (as `RenderOnce.astro` does), unless the part was rendered before.
 */
async function show(locals: object, key: OnceKey, from: OnceSource<string>, at = now): Promise<{ html: string; reads: number; part: Once<string> }> {
  let reads = 0;
  const part = await renderOnce(
    locals,
    key,
    async () => {
      reads += 1;
      return from;
    },
    at,
  );
  if ('html' in part) return { html: part.html, reads, part };
  const html = `<ol>${part.data}</ol>`;
  part.keep(html);
  return { html, reads, part };
}

const group = (page: number, key = 'other-events|7|en|') => ({ key, page });

describe('render once', () => {
  it('reads and renders a part once, then gives its HTML, tags and expiry to the next pages of its group', async () => {
    const { locals } = setup();
    const first = await show(locals, group(20), source('twelve events'));
    expect(first).toMatchObject({ html: '<ol>twelve events</ol>', reads: 1 });
    const next = await show(locals, group(21), source('not read'));
    expect(next).toMatchObject({ html: '<ol>twelve events</ol>', reads: 0 });
    expect(next.part.tags).toEqual(['edition-list:7', 'event:1', 'all']);
    expect(next.part.expiresAt).toEqual(first.part.expiresAt);
    // Another group (locale, zone, edition) is a part of its own.
    expect((await show(locals, group(21, 'other-events|7|fr|'), source('en français'))).reads).toBe(1);
  });

  it('keeps the rendering of a page the part looks different on for that page alone', async () => {
    const { locals } = setup();
    expect((await show(locals, group(2), source('without 2'))).reads).toBe(1);
    expect(await show(locals, group(2), source('not read'))).toMatchObject({ html: '<ol>without 2</ol>', reads: 0 });
    // Neither another first event nor the rest of the group get it.
    expect((await show(locals, group(3), source('without 3'))).reads).toBe(1);
    expect((await show(locals, group(20), source('the first three'))).reads).toBe(1);
    // The group's rendering is not for the first events, who keep theirs.
    expect((await show(locals, group(1), source('without 1'))).html).toBe('<ol>without 1</ol>');
    expect((await show(locals, group(2), source('not read'))).html).toBe('<ol>without 2</ol>');
    expect((await show(locals, group(21), source('not read'))).html).toBe('<ol>the first three</ol>');
  });

  it('lasts until the expiry its source gives, and the page lifetime at the latest', async () => {
    const { locals } = setup();
    const first = await show(locals, group(20), source('soon', { expiresAt: later(60_000) }));
    expect(first.part.expiresAt).toEqual(later(60_000));
    expect((await show(locals, group(21), source('not read'), later(59_999))).reads).toBe(0);
    expect(await show(locals, group(21), source('again'), later(60_000))).toMatchObject({ html: '<ol>again</ol>', reads: 1 });

    const { locals: other } = setup();
    const capped = await show(other, group(20), source('next week', { expiresAt: later(7 * 86_400_000) }));
    expect(capped.part.expiresAt).toEqual(later(PAGE_MAX_AGE * 1000));
    expect((await show(other, group(20), source('not read'), later(PAGE_MAX_AGE * 1000 - 1))).reads).toBe(0);
    expect((await show(other, group(20), source('again'), later(PAGE_MAX_AGE * 1000))).reads).toBe(1);
    expect((await show(setup().locals, group(20), source('no change ahead'))).part.expiresAt).toEqual(later(PAGE_MAX_AGE * 1000));
  });

  it('is purged by any of its tags and by `all`, with the pages, and kept through other purges', async () => {
    for (const tag of ['edition-list:7', 'event:1', 'all']) {
      const { cache, locals } = setup();
      await show(locals, group(20), source('shared'));
      await show(locals, group(2), source('without 2'));
      cache.apply(['event:99', 'edition:7']);
      expect((await show(locals, group(21), source('not read'))).reads, tag).toBe(0);
      expect((await show(locals, group(2), source('not read'))).reads, tag).toBe(0);
      cache.apply([tag]);
      expect((await show(locals, group(21), source('read again'))).reads, tag).toBe(1);
      expect((await show(locals, group(2), source('read again'))).reads, tag).toBe(1);
    }
  });

  it('is not kept when a purge of one of its tags comes while it is read or rendered', async () => {
    const { cache, locals } = setup();
    // The purge lands between the read and the keep (the write committed meanwhile).
    const part = await renderOnce(locals, group(20), async () => source('from before the write'), now);
    cache.apply(['event:1']);
    expect('keep' in part).toBe(true);
    if ('keep' in part) part.keep('<ol>from before the write</ol>');
    expect((await show(locals, group(21), source('after the write'))).html).toBe('<ol>after the write</ol>');
    // The purge lands while the data is read.
    const { cache: racing, locals: racingLocals } = setup();
    const during = await renderOnce(
      racingLocals,
      group(20),
      async () => {
        racing.apply(['edition-list:7']);
        return source('read across the write');
      },
      now,
    );
    if ('keep' in during) during.keep('<ol>read across the write</ol>');
    expect((await show(racingLocals, group(21), source('after'))).reads).toBe(1);
    // A render that starts after the purge is kept.
    expect((await show(racingLocals, group(22), source('not read'))).html).toBe('<ol>after</ol>');
  });

  it('renders on every page where no page cache runs, and fits in its share of the budget', async () => {
    for (const locals of [{}, setup(0).locals]) {
      expect((await show(locals, group(20), source('one'))).reads).toBe(1);
      expect((await show(locals, group(21), source('two'))).html).toBe('<ol>two</ol>');
    }
    const { cache, locals } = setup(400_000);
    expect(cache.fragments.maxBytes + cache.store.maxBytes).toBe(400_000);
    for (let edition = 1; edition <= 100; edition += 1) await show(locals, group(20, `other-events|${edition}|en|`), source('x'.repeat(5_000)));
    expect(cache.fragments.bytes).toBeLessThanOrEqual(cache.fragments.maxBytes);
    expect((await show(locals, group(21, 'other-events|100|en|'), source('not read'))).reads).toBe(0);
    expect((await show(locals, group(21, 'other-events|1|en|'), source('evicted'))).reads).toBe(1);
  });
});
