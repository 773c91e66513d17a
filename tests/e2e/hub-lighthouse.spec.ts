/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of the
 * pages a visitor meets first — home, the current edition and one of its events — in Debian's
 * Chromium: every category scores at least 95.
 */
import { expect, test } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const MIN_SCORE = 0.95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

let chrome: LaunchedChrome;
test.beforeAll(async () => {
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});
test.afterAll(async () => {
  await chrome?.kill();
});

/** The category scores of one mobile audit, with the failing audits named for the message. */
async function auditPage(url: string): Promise<{ scores: Record<string, number>; failing: string[] }> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? 0]));
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id} ${audit.displayValue ?? audit.score}`);
  return { scores, failing };
}

test('home, the current edition and an event score at least 95 in every Lighthouse mobile category', async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const home = await (await request.get('/en')).text();
  const edition = /href="(\/en\/hub\/edition\/[a-z0-9-]+)"/.exec(home)?.[1];
  expect(edition, 'the home page links the current edition').toBeTruthy();
  const editionHtml = await (await request.get(edition!)).text();
  const event = /href="(\/en\/hub\/event\/[a-z0-9-]+)"/.exec(editionHtml)?.[1];
  expect(event, 'the edition page links its events').toBeTruthy();
  for (const path of ['/en', edition!, event!]) {
    const { scores, failing } = await auditPage(new URL(path, baseURL).href);
    for (const category of CATEGORIES) {
      expect(scores[category], `${category} on ${path} (below 0.9: ${failing.join(', ') || 'none'})`).toBeGreaterThanOrEqual(MIN_SCORE);
    }
  }
});
