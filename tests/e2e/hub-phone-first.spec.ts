/**
 * The public site on a 360 × 740 phone in Chromium (decision 040): a header no taller than 64 px
 * in every locale, whose menu opens without JavaScript; an event's facts and actions on the first
 * screen and its page at most 4,000 px tall in English, French and German; the current edition
 * opening on today with its exports behind one disclosure; no sideways scroll at 320 and 360 px;
 * dark mode with AA contrast; the programme and the timetable printing on at most three A4 pages.
 * Measured on the demo content.
 */
import { axeOn } from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent, type Created } from '../helpers/factories.ts';
import { editorClient } from './content-support.ts';

const en = getTranslator('en');
const phone = { width: 360, height: 740 };
/** Demo editions are named after a season and a year; editions other specs make are not. */
const DEMO_EDITION = /^\/en\/hub\/edition\/[a-z0-9-]+-(?:spring|summer|autumn|winter)-\d{4}$/;

test.use({ viewport: phone });
// The tests only read the demo content and the event made for them: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** The site paths the sitemap lists. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

async function demoEditions(page: Page): Promise<string[]> {
  const editions = (await sitemapPaths(page)).filter((path) => DEMO_EDITION.test(path));
  expect(editions.length).toBeGreaterThanOrEqual(3);
  return editions;
}

/** Every event the demo editions' programmes link to (read from the markup: no need to wait for images). */
async function demoEvents(page: Page): Promise<string[]> {
  const events = new Set<string>();
  for (const edition of await demoEditions(page)) {
    await page.goto(edition, { waitUntil: 'domcontentloaded' });
    for (const href of await page.locator('main a.programme-title').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) events.add(href);
  }
  expect(events.size).toBeGreaterThanOrEqual(16);
  return [...events];
}

/** How far down the page the element's box ends (the first screen ends at 740). */
const bottomOf = async (page: Page, target: string | Locator) => {
  const box = await (typeof target === 'string' ? page.locator(target) : target).first().boundingBox();
  expect(box, String(target)).not.toBeNull();
  return box!.y + box!.height;
};

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** The number of pages of the PDF Chromium prints the page into, on A4. */
async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: 'A4' });
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

let cancelled: Created;
test.beforeAll(async ({ browser }) => {
  const editor = await editorClient(browser);
  cancelled = await createEvent(editor, {
    status: 'published',
    eventStatus: 'cancelled',
    startsAt: '2031-06-12T19:30:00+02:00',
    endsAt: '2031-06-12T22:00:00+02:00',
    timeZone: 'Europe/Paris',
    translations: {
      en: {
        title: 'An evening of improvised chamber music, spoken word and field recordings from the harbour, with guests',
        venueName: 'Main Stage of the Old Harbour Warehouse',
      },
    },
  });
});

test('the header is at most 64 px tall in every locale, on the hub and on an event', async ({ page }) => {
  for (const locale of locales) {
    for (const path of [`/${locale}/hub`, `/${locale}/hub/event/${cancelled.slug}`]) {
      await page.goto(path);
      const header = await page.locator('.site-header').boundingBox();
      expect(header!.height, path).toBeLessThanOrEqual(64);
    }
  }
});

test('the menu opens without JavaScript and shows the navigation and the languages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto('/fr/hub');
  const nav = page.getByRole('navigation', { name: getTranslator('fr')('nav.main') });
  await expect(nav.getByRole('link').first()).toBeHidden();
  await page.locator('.site-menu > summary').click();
  await expect(page.locator('.site-menu')).toHaveAttribute('open', '');
  for (const link of await nav.getByRole('link').all()) await expect(link).toBeVisible();
  await expect(page.getByRole('navigation', { name: getTranslator('fr')('nav.languages') }).getByRole('link', { name: 'Deutsch' })).toBeVisible();
  await nav.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/fr\/hub\/search$/);
  await context.close();
});

test("an event's title, status, time with zone, place, star and calendar link are on the first screen", async ({ page }) => {
  const onlineDemo: string[] = [];
  for (const edition of (await demoEditions(page)).slice(0, 2)) {
    await page.goto(edition);
    const online = page.locator('main .programme-line').filter({ has: page.locator('.programme-venue', { hasText: en('event.online') }) });
    onlineDemo.push(...(await online.locator('a.programme-title').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))));
  }
  const checked = [`/en/hub/event/${cancelled.slug}`, ...onlineDemo.slice(0, 3)];
  let online = 0;
  for (const path of checked) {
    await page.goto(path);
    const facts = [
      'h1',
      '.event-facts .when time',
      '.event-facts .when .zone',
      '.event-facts dd:nth-of-type(2)',
      '.event-actions .star',
      '.event-actions a[href$="/calendar.ics"]',
    ];
    for (const selector of facts) expect(await bottomOf(page, selector), `${path} ${selector}`).toBeLessThanOrEqual(phone.height);
    if (path.endsWith(cancelled.slug)) {
      await expect(page.locator('.event-status-notice')).toContainText(en('eventStatus.value.cancelled'));
      expect(await bottomOf(page, '.event-status-notice')).toBeLessThanOrEqual(phone.height);
    }
    const onlineLink = page.locator('.event-facts').getByRole('link', { name: en('hub.event.onlineLink') });
    if ((await onlineLink.count()) > 0) {
      online += 1;
      expect(await bottomOf(page, onlineLink)).toBeLessThanOrEqual(phone.height);
    }
    // The cover and the description come after the facts.
    const cover = page.locator('.detail > .cover');
    if ((await cover.count()) > 0) expect((await cover.boundingBox())!.y).toBeGreaterThan(await bottomOf(page, '.event-actions'));
  }
  expect(online, 'an online event among those checked').toBeGreaterThan(0);
});

// One test per locale, about 60 pages in all: the locales spread over the workers.
for (const locale of locales) {
  test(`every demo event page is at most 4,000 px tall in ${locale}, its other events one line each`, async ({ page }) => {
    test.setTimeout(240_000);
    const tooTall: Record<string, number> = {};
    for (const path of await demoEvents(page)) {
      const localized = path.replace(/^\/en\//, `/${locale}/`);
      await page.goto(localized);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height > 4000) tooTall[localized] = height;
      await expect(page.locator('main .event-card'), localized).toHaveCount(0);
    }
    expect(tooTall).toEqual({});
  });
}

test('the current edition opens on today or the next day with events, exports behind one closed disclosure', async ({ page }) => {
  const todayUtc = new Date().toISOString().slice(0, 10);
  let running = 0;
  for (const edition of await demoEditions(page)) {
    // In the visitor's zone (UTC here), so the test knows what "today" is.
    await page.goto(`${edition}?tz=UTC`);
    const dayKeys = (await page.locator('.programme-day .day-heading time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!))).sort();
    const folded = await page
      .locator('.earlier-days .programme-day .day-heading time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
    const shownFirst = await page.locator('.programme-section > .programme-day .day-heading time').first().getAttribute('datetime');
    const opening = dayKeys.find((key) => key >= todayUtc);
    if (opening) {
      expect(shownFirst, edition).toBe(opening);
      expect(folded, edition).toEqual(dayKeys.filter((key) => key < opening));
    } else {
      expect(folded, edition).toEqual([]);
    }
    if (folded.length > 0) {
      running += 1;
      await expect(page.locator('.earlier-days')).not.toHaveAttribute('open', '');
      await expect(page.locator('.earlier-days .programme-line').first()).toBeHidden();
    }
    const exports = page.locator('details.subscribe-export');
    await expect(exports).toHaveCount(1);
    await expect(exports).not.toHaveAttribute('open', '');
    await expect(exports.locator('summary')).toHaveText(en('hub.edition.subscribeExport'));
    await expect(exports.locator('a[type="application/xml"]')).toBeHidden();
    await exports.locator('summary').click();
    await expect(exports.locator('a[href$="/calendar.ics"]').first()).toBeVisible();
    await expect(exports.locator('a[type="application/xml"]')).toBeVisible();
    await expect(exports.locator('a[type="application/json"]')).toBeVisible();
    // The programme comes before the edition's description.
    expect((await page.locator('#programme-heading').boundingBox())!.y).toBeLessThan(
      (await page.locator('.detail > .lead, .detail > .prose').first().boundingBox())!.y,
    );
  }
  expect(running, 'a demo edition runs now, with days before today').toBeGreaterThan(0);
});

test('an edition programme and its timetable print on at most three A4 pages', async ({ page }) => {
  for (const edition of await demoEditions(page)) {
    for (const path of [edition, `${edition}/schedule`]) {
      await page.goto(path);
      const pages = await printedPages(page);
      expect(pages, path).toBeGreaterThan(0);
      expect(pages, path).toBeLessThanOrEqual(3);
    }
  }
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['.site-header', '.site-footer', '.tz-note', '.subscribe-export', '.day-nav']) await expect(page.locator(hidden).first()).toBeHidden();
});

for (const width of [320, 360]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    const paths = await sitemapPaths(page);
    const first = (pattern: RegExp) => paths.find((path) => pattern.test(path))!;
    const edition = (await demoEditions(page))[0]!;
    const pages = [
      '/en',
      '/fr/hub',
      `/en/hub/event/${cancelled.slug}`,
      first(/^\/de\/hub\/event\//),
      edition,
      `${edition}/schedule`,
      '/de/hub/search?q=konzert',
      '/en/hub/agenda',
      '/fr/hub/contact',
      first(/^\/en\/hub\/venue\//),
      first(/^\/fr\/hub\/curator\//),
    ];
    await page.setViewportSize({ width, height: 740 });
    for (const path of pages) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expectNoSidewaysScroll(page, `${path} at ${width} px`);
    }
  });
}

test('dark mode turns the page dark and keeps AA contrast on the event and edition pages', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: phone });
  const page = await context.newPage();
  const edition = (await demoEditions(page))[0]!;
  await page.goto(edition);
  const event = (await page.locator('main a.programme-title').first().getAttribute('href'))!;
  for (const path of [edition, event, `/en/hub/event/${cancelled.slug}`]) {
    await page.goto(path);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(17, 16, 21)');
    const results = await axeOn(page).withRules(['color-contrast']).analyze();
    expect(
      results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`)),
      path,
    ).toEqual([]);
  }
  await context.close();
});
