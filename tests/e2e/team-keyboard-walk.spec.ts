/**
 * Every admin screen, walked with the Tab key alone at 360 and 1280 px in Chromium: each control
 * that takes focus is on screen and not hidden under a sticky bar (the point at its centre belongs
 * to it), the page never scrolls sideways, and axe finds nothing. The signed-out screens (sign-in,
 * sign-up, password reset) and the signed-in ones: dashboard, each collection's list, new and edit
 * screens (with their revisions panel open), team, invitations, inbox, activity, sent mail,
 * webhooks, account, translations, import, site settings and pages, trash, programme calendar, review queue. A new admin screen is one
 * more entry in `adminScreens`. Each screen is a test of its own, so the screens spread over the
 * workers and a failure names its screen.
 */
import { expect, type Cookie, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { collectionNames, type CollectionName } from '../../src/lib/collections/index.ts';
import { createFile, createFilledEvent, createImage, createTag, type Created } from '../helpers/factories.ts';
import { expectAccessible, signInAsAdmin, storeContactMessage, test, uniqueToken } from './admin-support.ts';
import { pageClient } from './content-support.ts';

interface Finding {
  step: number;
  what: string;
  problem: string;
}

/** A screen to walk: its path, or how to find it once signed in (an item's page, say). */
type Screen = string | { label: string; find: (page: Page) => Promise<string> };

test.describe.configure({ mode: 'parallel' });

/** Runs `make` once per worker (each worker has its own server), however many tests ask. */
function oncePerWorker<T>(make: (page: Page) => Promise<T>): (page: Page) => Promise<T> {
  let made: Promise<T> | undefined;
  return (page) => (made ??= make(page));
}

/** What the detail screens show: a contact message, an invitation (and its mail), a webhook endpoint. */
const withContactMessage = oncePerWorker(() => storeContactMessage(`Walk ${uniqueToken()}`));
const withInvitation = oncePerWorker(async (page) => {
  const invited = await page.request.post('/api/admin/invitations', {
    headers: { origin: process.env['E2E_BASE_URL'] ?? '' },
    data: { email: `walk-${uniqueToken()}@e2e.example`, role: 'editor' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
});
const withWebhook = oncePerWorker(async (page) => {
  await page.goto('/en/admin/webhooks/new');
  const t = getTranslator('en');
  await page.getByLabel(t('webhooks.field.url')).fill(`http://127.0.0.1:9/walk/${uniqueToken()}`);
  await page.locator('#event-event\\.published').check();
  await page.getByRole('button', { name: t('webhooks.create') }).press('Enter');
  await expect(page).toHaveURL(/\/en\/admin\/webhooks\/\d+/);
});

/** The trash with something in it (a tag made and deleted once per worker), in German. */
const withTrashedItem = oncePerWorker(async (page) => {
  const client = await pageClient(page);
  const tag = await createTag(client);
  expect((await client.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
  return '/de/admin/trash';
});

/** The path of the first link on `listPath` that matches `selector` (a detail screen), once `prepare` made one. */
function firstLinkOn(listPath: string, selector: string, prepare: (page: Page) => Promise<unknown>): Screen {
  return {
    label: `first of ${listPath}`,
    find: async (page) => {
      await prepare(page);
      await page.goto(listPath);
      const href = await page.locator(selector).first().getAttribute('href');
      expect(href, `a link ${selector} on ${listPath}`).toBeTruthy();
      return new URL(href!, page.url()).pathname;
    },
  };
}

/**
 * One item of each collection, made once by the signed-in administrator: an event filled with
 * everything its form can hold, and its edition, tag, curator, organizer and venue; an image and a
 * download.
 */
const createItems = oncePerWorker(async (page): Promise<Record<CollectionName, Created>> => {
  const client = await pageClient(page);
  const [filled, medias, files] = await Promise.all([createFilledEvent(client), createImage(client), createFile(client)]);
  const { event: events, edition: editions, tag: tags, curator: curators, organizer: organizers, venue: venues } = filled;
  return { curators, editions, events, files, medias, organizers, tags, venues };
});

/** An administrator signed in once per worker; each test's browser context gets the session's cookies. */
const adminCookies = oncePerWorker(async (page): Promise<Cookie[]> => {
  await signInAsAdmin(page);
  return page.context().cookies();
});

/** The edit screen of an item of `collection` made for this walk, in `locale`. */
function itemOf(collection: CollectionName, locale: string): Screen {
  return {
    label: `an item of ${collection}`,
    find: async (page) => `/${locale}/admin/${collection}/${(await createItems(page))[collection].id}`,
  };
}

/** The signed-in screens, in the three locales. Other screens (import, site settings…) go here. */
const adminScreens: readonly Screen[] = [
  '/en/admin',
  ...collectionNames.flatMap((collection, index): Screen[] => {
    const locale = ['en', 'fr', 'de'][index % 3]!;
    return [`/${locale}/admin/${collection}`, `/${locale}/admin/${collection}/new`, itemOf(collection, locale)];
  }),
  '/en/admin/team',
  '/fr/admin/team/invitations',
  '/en/admin/inbox',
  firstLinkOn('/en/admin/inbox', 'main a[href*="/admin/inbox/"]', withContactMessage),
  '/de/admin/activity',
  '/fr/admin/programme',
  '/de/admin/review',
  '/en/admin/account',
  '/fr/admin/mail',
  firstLinkOn('/fr/admin/mail', 'main a[href*="/admin/mail/"]', withInvitation),
  '/en/admin/webhooks',
  '/de/admin/webhooks/new',
  firstLinkOn('/en/admin/webhooks', 'main a[href*="/admin/webhooks/"]:not([href$="/new"])', withWebhook),
  '/fr/admin/translations',
  '/de/admin/import',
  '/en/admin/site',
  '/fr/admin/site/about?lang=de',
  '/en/admin/trash',
  { label: '/de/admin/trash with a deleted item', find: async (page) => withTrashedItem(page) },
];

/** The signed-out screens. */
const visitorScreens: readonly string[] = [
  '/en/admin/sign-in',
  '/fr/admin/sign-up',
  '/de/admin/sign-in/forgot-password',
  '/en/admin/sign-in/reset-password?token=unknown',
];

/** Tabs through every stop of the page (until focus comes back round) and lists what is wrong. */
async function walk(page: Page, limit = 1000): Promise<Finding[]> {
  const findings: Finding[] = [];
  let first: string | null = null;
  for (let step = 1; step <= limit; step++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const rect = element.getBoundingClientRect();
      const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} «${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || '').trim().slice(0, 40)}»`;
      const key = `${what}@${Math.round(rect.left + scrollX)},${Math.round(rect.top + scrollY)}`;
      const sideways = document.documentElement.scrollWidth > document.documentElement.clientWidth;
      if (rect.width === 0 && rect.height === 0) return { key, what, problem: null, sideways };
      const inView = rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
      if (!inView) return { key, what, problem: 'outside the viewport', sideways };
      // The visible part's centre: what sits on top there must be the control (or inside it).
      const x = (Math.max(rect.left, 0) + Math.min(rect.right, innerWidth)) / 2;
      const y = (Math.max(rect.top, 0) + Math.min(rect.bottom, innerHeight)) / 2;
      const top = document.elementFromPoint(x, y);
      const covered = top && top !== element && !element.contains(top) && !top.contains(element);
      const label = covered ? top.closest('label') : null;
      const coveredBy = covered && !(label && label.contains(element)) ? `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}` : null;
      return { key, what, problem: coveredBy ? `covered by ${coveredBy}` : null, sideways };
    });
    if (!seen) continue;
    if (seen.key === first) break;
    first ??= seen.key;
    if (seen.problem) findings.push({ step, what: seen.what, problem: seen.problem });
    if (seen.sideways) findings.push({ step, what: seen.what, problem: 'the page scrolls sideways' });
    if (step === limit) findings.push({ step, what: seen.what, problem: `is not followed by the first stop again: more than ${limit} stops, walk them all` });
  }
  return findings;
}

/** Walks `path` at both widths (disclosures such as the revisions panel opened first) and runs axe. */
async function walkAtBothWidths(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    const response = await page.goto(path);
    // An unknown reset link answers 410 with its page: still a screen to walk.
    expect(response?.status(), path).toBeLessThan(500);
    // Islands hydrated (forms are disabled until then) and every disclosure of the content open.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.locator('main details:not([open]) > summary').evaluateAll((summaries) => summaries.forEach((summary) => (summary as HTMLElement).click()));
    for (const finding of await walk(page)) problems.push(`${path} at ${width} px, Tab ${finding.step}: ${finding.what} ${finding.problem}`);
    try {
      await expectAccessible(page, `${path} at ${width} px`);
    } catch (error) {
      problems.push((error as Error).message.split('\n').slice(0, 12).join('\n'));
    }
  }
  return problems;
}

for (const path of visitorScreens) {
  test(`signed out, ${path} can be used with the keyboard alone at 360 and 1280 px`, async ({ browser }) => {
    // In a context of its own: an unknown reset link answers 410, which Chromium logs as an error.
    const context = await browser.newContext();
    try {
      expect(await walkAtBothWidths(await context.newPage(), path)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

for (const screen of adminScreens) {
  const label = typeof screen === 'string' ? screen : screen.label;
  test(`${label} can be used with the keyboard alone at 360 and 1280 px`, async ({ page }) => {
    // Walked twice and checked by axe twice, on a shared machine.
    test.setTimeout(120_000);
    const cookies = await adminCookies(page);
    await page.context().addCookies(cookies);
    const path = typeof screen === 'string' ? screen : await screen.find(page);
    expect(await walkAtBothWidths(page, path)).toEqual([]);
  });
}
