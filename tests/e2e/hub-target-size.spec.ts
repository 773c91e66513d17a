/**
 * WCAG 2.5.8 Target Size (Minimum, AA) on the public pages, at 360 and 1280 px, on the demo
 * content: every visible link, button, field, select, summary and role=button is at least 24 × 24
 * CSS px, or undersized but spaced (a 24 px circle centred on it meets no other target and no
 * other undersized target's circle). A link inside a sentence is exempt (its size is the text's):
 * an inline link whose block holds other text of its own. A radio or checkbox counts with its
 * label, which activates it.
 */
import { expect, test, type Page } from '@playwright/test';
import { locales, type Locale } from '../../src/i18n/config.ts';

/** A word the demo programme's texts hold in each language. */
const searchWord: Record<Locale, string> = { en: 'concert', fr: 'concert', de: 'konzert' };

/** Demo editions are named after a season and a year; editions other specs make are not. */
const DEMO_EDITION = /^\/(?:en|fr|de)\/hub\/edition\/[a-z0-9-]+-(?:spring|summer|autumn|winter)-\d{4}$/;

interface Miss {
  target: string;
  width: number;
  height: number;
  /** What the undersized target's circle meets. */
  meets: string;
}

/** The page's targets failing 2.5.8, described for the failure message. */
function findMisses(page: Page): Promise<Miss[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector = 'a[href], button, input, select, summary, textarea, [role="button"]';
    const isInlineDisplay = (element: Element) => getComputedStyle(element).display === 'inline';
    const blockOf = (element: Element) => {
      let block = element.parentElement;
      while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement;
      return block;
    };
    /** A link in running text: inline, in a block with text of its own outside the link. */
    const isInSentence = (link: Element) => {
      if (!isInlineDisplay(link)) return false;
      const block = blockOf(link);
      if (!block) return false;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (link.contains(node) || !node.textContent!.trim()) continue;
        const parent = node.parentElement!;
        // Text inside another target, or in a nested block, is not the link's sentence.
        if (parent.closest(selector) || blockOf(node as unknown as Element) !== block) continue;
        if (parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const text = (element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || '').replace(/\s+/g, ' ').trim();
      return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} «${text.slice(0, 50)}»`;
    };
    const union = (a: DOMRect, b: DOMRect) => {
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      return new DOMRect(left, top, Math.max(a.right, b.right) - left, Math.max(a.bottom, b.bottom) - top);
    };

    const targets = [...document.querySelectorAll(selector)]
      .filter((element) => !(element instanceof HTMLInputElement && element.type === 'hidden'))
      .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
      .map((element) => {
        let box = element.getBoundingClientRect();
        if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox') && element.labels?.[0]) {
          box = union(box, element.labels[0].getBoundingClientRect());
        }
        return { element, box };
      })
      // Visually hidden until focused (the skip link): not a target on screen.
      .filter(({ box }) => box.width > 1 && box.height > 1)
      .filter(({ element }) => !(element.matches('a[href]') && isInSentence(element)));

    const undersized = targets.filter(({ box }) => box.width < MIN || box.height < MIN);
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    const distanceToBox = (point: { x: number; y: number }, box: DOMRect) =>
      Math.hypot(Math.max(box.left - point.x, 0, point.x - box.right), Math.max(box.top - point.y, 0, point.y - box.bottom));
    const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);

    const misses: Miss[] = [];
    for (const small of undersized) {
      const at = centre(small.box);
      const meets =
        targets.find((other) => !related(other.element, small.element) && distanceToBox(at, other.box) < MIN / 2) ??
        undersized.find((other) => !related(other.element, small.element) && Math.hypot(at.x - centre(other.box).x, at.y - centre(other.box).y) < MIN);
      if (meets) {
        misses.push({
          target: describe(small.element),
          width: Math.round(small.box.width * 10) / 10,
          height: Math.round(small.box.height * 10) / 10,
          meets: describe(meets.element),
        });
      }
    }
    return misses;
  });
}

// The tests only read the demo content: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** One page of each kind in `locale`, found through the sitemap and the demo programme. */
async function publicPages(page: Page, locale: Locale): Promise<string[]> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => path.startsWith(`/${locale}/`));
  const first = (pattern: RegExp) => {
    const found = paths.find((path) => pattern.test(path));
    expect(found, String(pattern)).toBeDefined();
    return found!;
  };
  const edition = first(DEMO_EDITION);
  // Only links and stars are read here: the markup is enough.
  await page.goto(edition, { waitUntil: 'domcontentloaded' });
  const event = (await page.locator('main a.programme-title').first().getAttribute('href'))!;
  const starred = await page.locator('main [data-star]').evaluateAll((stars) => stars.slice(0, 6).map((star) => star.getAttribute('data-star')));
  return [
    `/${locale}`,
    `/${locale}/hub`,
    edition,
    event,
    `${edition}/schedule`,
    `/${locale}/hub/agenda?events=${starred.join(',')}`,
    `/${locale}/hub/search?q=${searchWord[locale]}`,
    `/${locale}/hub/today`,
    `/${locale}/hub/editions`,
    `/${locale}/hub/venues`,
    `/${locale}/hub/people`,
    first(/\/hub\/venue\//),
    first(/\/hub\/curator\//),
  ];
}

// One test per width and locale, 13 pages each: they spread over the workers.
for (const width of [360, 1280]) {
  for (const locale of locales) {
    test(`every target on the public pages in ${locale} is 24 px or spaced, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const misses: Record<string, Miss[]> = {};
      for (const path of await publicPages(page, locale)) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        const found = await findMisses(page);
        if (found.length > 0) misses[path] = found;
      }
      expect(misses).toEqual({});
    });
  }
}

test('the rule flags stacked small links and spares spaced ones, sentences and labelled radios', async ({ page }) => {
  await page.setContent(`
    <style>body { margin: 0; font: 14px/16px sans-serif } a, button { display: block; width: 120px; height: 16px } .spaced { margin-top: 30px }</style>
    <ul style="list-style: none; margin: 0; padding: 0">
      <li><a href="/a" id="stacked-1">Title</a></li>
      <li><a href="/b" id="stacked-2">Venue</a></li>
    </ul>
    <a href="/c" class="spaced">Alone</a>
    <a href="/d" class="spaced">Alone too</a>
    <p style="margin-top: 30px">Read <a href="/e" style="display: inline; height: auto">the notes</a> and <a href="/f" style="display: inline; height: auto">the map</a> first.</p>
    <button style="margin-top: 30px; height: 24px">Big enough</button>
    <label style="display: block; margin-top: 30px"><input type="radio" name="when" style="margin: 0"> Upcoming</label>
  `);
  expect((await findMisses(page)).map((miss) => miss.target)).toEqual(['a «Title»', 'a «Venue»']);
});
