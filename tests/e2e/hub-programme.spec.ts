/**
 * The programme at a glance in Chromium: a visitor finds an edition's programme and jumps to a
 * day, opens the timetable on a 360 px phone, and every hub page type reflows at 320, 360 and
 * 1280 px (the page never scrolls sideways); axe on the new page types. The pages checked are
 * those of content the tests make (long titles in three locales, a past and an upcoming event).
 */
import { axeOn } from './axe.ts';
import { expect, type Browser, type Page } from '@playwright/test';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEdition, createEvent, createFilledEvent, type Created } from '../helpers/factories.ts';
import { test, uniqueToken } from './admin-support.ts';
import { editorClient } from './content-support.ts';

const en = getTranslator('en');

// Each test makes its own content: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** Fails when the document is wider than the viewport (the page scrolls sideways). */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const root = document.documentElement;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((element) => !element.closest('.timetable-scroll, .visually-hidden, .skip-link'))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
  });
  expect(scrollWidth, `${label} scrolls sideways (${culprits.join(', ')})`).toBeLessThanOrEqual(clientWidth);
}

/**
 * A published edition with a long description and five events over three days in Paris, two of
 * them at the same time in different venues (the timetable's columns).
 */
async function editionWithProgramme(browser: Browser): Promise<Created> {
  const editor = await editorClient(browser);
  const token = uniqueToken();
  const edition = await createEdition(editor, {
    status: 'published',
    translations: {
      en: { title: `Harbour weeks ${token}`, body: Array.from({ length: 12 }, () => 'A festival on the quays, by day and by night.').join('\n\n') },
    },
  });
  const events: [string, string, string][] = [
    ['2031-03-05T18:00', 'Opening on the quay', 'Main Stage'],
    ['2031-03-06T19:00', 'Quartet at dusk', 'Main Stage'],
    ['2031-03-06T19:00', 'Duo in the garden', 'Garden'],
    ['2031-03-07T11:00', 'Morning walk', 'Harbour Gate'],
    ['2031-03-07T20:30', 'Closing night', 'Main Stage'],
  ];
  for (const [start, title, venueName] of events) {
    await createEvent(editor, {
      status: 'published',
      editionId: edition.id,
      startsAt: `${start}:00+01:00`,
      endsAt: `${start.slice(0, 11)}23:00:00+01:00`,
      translations: { en: { title: `${title} ${token}`, venueName } },
    });
  }
  return edition;
}

/** What the accessibility and reflow sweeps visit, by slug. */
interface SweepContent {
  token: string;
  tag: string;
  event: string;
  pastEvent: string;
  edition: string;
  /** A day of the edition's timetable (`?day=` value). */
  day: string;
}

/**
 * Content for the whole-hub sweeps: a filled event (cover, gallery, people, venue, download) in an
 * edition with two more days of events, and a past event, all tagged alike, with long titles in
 * English, French and German.
 */
/** The sweeps' content, made once per worker (each worker has its own server). */
let sweep: Promise<SweepContent> | undefined;
function sweepContentOnce(browser: Browser): Promise<SweepContent> {
  return (sweep ??= sweepContent(browser));
}

async function sweepContent(browser: Browser): Promise<SweepContent> {
  const editor = await editorClient(browser);
  const token = uniqueToken();
  const filled = await createFilledEvent(editor);
  const titles = (n: number) => ({
    en: { title: `An evening of improvised chamber music and spoken word on the quays, part ${n} ${token}`, venueName: 'Main Stage' },
    fr: { title: `Une soirée de musique de chambre improvisée et de poésie dite sur les quais, partie ${n} ${token}`, venueName: 'Grande scène' },
    de: { title: `Kammermusikimprovisationsabend mit Wortbeiträgen am Hafenkai, Teil ${n} ${token}`, venueName: 'Hauptbühne' },
  });
  for (const [n, start] of [
    [1, '2031-03-06T19:00:00+01:00'],
    [2, '2031-03-07T20:30:00+01:00'],
  ] as const) {
    await createEvent(editor, {
      status: 'published',
      editionId: filled.edition.id,
      tagIds: [filled.tag.id],
      startsAt: start,
      endsAt: `${start.slice(0, 11)}23:00:00+01:00`,
      translations: titles(n),
    });
  }
  const past = await createEvent(editor, {
    status: 'published',
    tagIds: [filled.tag.id],
    startsAt: '2021-05-01T18:00:00+02:00',
    endsAt: '2021-05-01T20:00:00+02:00',
    translations: titles(3),
  });
  return { token, tag: filled.tag.slug, event: filled.event.slug, pastEvent: past.slug, edition: filled.edition.slug, day: '2031-03-06' };
}

test('a visitor finds an edition’s programme and jumps to a day', async ({ page, browser }) => {
  const edition = await editionWithProgramme(browser);
  await page.goto(`/en/hub?edition=${edition.slug}&when=all`);
  await page.locator('main .event-card a[href^="/en/hub/edition/"]').first().click();
  await expect(page).toHaveURL(`/en/hub/edition/${edition.slug}`);
  const programme = page.getByRole('heading', { level: 2, name: 'Programme: 5 events', exact: true });
  await expect(programme).toBeVisible();
  // The programme comes first: its heading is on the first screen, above the description.
  expect((await programme.boundingBox())!.y).toBeLessThan(900);

  const days = page.getByRole('navigation', { name: en('hub.programme.jumpTo') }).getByRole('link');
  await expect(days).toHaveCount(3);
  const count = await days.count();
  const last = days.nth(count - 1);
  const target = (await last.getAttribute('href'))!;
  await last.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  const heading = page.locator(target);
  await expect(heading).toBeInViewport();
  await expect(heading).toHaveJSProperty('tagName', 'H3');
  // Each day lists its events as one line each, with their times.
  const lines = page.locator(`section[aria-labelledby="${target.slice(1)}"] .programme-line`);
  await expect(lines).toHaveCount(2);
  await expect(lines.first().locator('time').first()).toHaveText(/^11:00/);
});

test('a visitor opens the timetable on a 360 px phone, one day at a time', async ({ page, browser }) => {
  const editionPath = `/en/hub/edition/${(await editionWithProgramme(browser)).slug}`;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(editionPath);
  await page.getByRole('link', { name: en('hub.programme.timetable'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${editionPath}/schedule$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Timetable: /);
  const dayLinks = page.getByRole('navigation', { name: en('hub.schedule.days') }).getByRole('link');
  // After "All days", the second day of the edition.
  await dayLinks.nth(2).click();
  await expect(page).toHaveURL(`${editionPath}/schedule?day=2031-03-06`);
  await expect(dayLinks.nth(2)).toHaveAttribute('aria-current', 'page');
  const tables = page.getByRole('table');
  await expect(tables).toHaveCount(1);
  await expect(tables.first().getByRole('columnheader').first()).toHaveText(en('hub.schedule.time'));
  // One start time, two venues side by side.
  await expect(tables.first().getByRole('rowheader')).toHaveCount(1);
  await expect(tables.first().getByRole('columnheader')).toHaveCount(3);
  for (const venue of ['Garden', 'Main Stage']) await expect(tables.first().getByRole('columnheader', { name: venue, exact: true })).toBeVisible();
  // A wide day scrolls inside its own region (reachable by keyboard), never the page.
  const region = page.getByRole('region', { name: /\d{4}|\d{1,2}/ }).first();
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(region.getByRole('table')).toBeVisible();
  await expectNoSidewaysScroll(page, 'timetable at 360 px');
  // The print stylesheet leaves out the navigation.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(tables.first()).toBeVisible();
});

for (const locale of locales) {
  test(`the new page types in ${locale} have no serious accessibility violations`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const content = await sweepContentOnce(browser);
    const edition = `/${locale}/hub/edition/${content.edition}`;
    const pastEvent = `/${locale}/hub/event/${content.pastEvent}`;
    const day = `${edition}/schedule?day=${content.day}`;
    for (const path of [`${edition}/schedule`, day, `/${locale}/hub?view=list`, `/${locale}/hub?when=past&view=list`, pastEvent, edition]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
      expect(serious, path).toEqual([]);
    }
  });
}

// One test per locale and width, 16 pages each: they spread over the workers.
for (const locale of locales) {
  for (const width of [320, 360, 1280]) {
    test(`every hub page type in ${locale} reflows at ${width} px without sideways scrolling`, async ({ page, browser }) => {
      const content = await sweepContentOnce(browser);
      const edition = `/${locale}/hub/edition/${content.edition}`;
      const pages = [
        `/${locale}`,
        `/${locale}/hub`,
        `/${locale}/hub?view=list`,
        `/${locale}/hub?edition=${content.edition}&when=all&view=list`,
        `/${locale}/hub?tag=${content.tag}&when=all`,
        `/${locale}/hub/event/${content.event}`,
        `/${locale}/hub/event/${content.pastEvent}`,
        edition,
        `${edition}/schedule`,
        `${edition}/schedule?day=${content.day}`,
        `/${locale}/hub/search?q=${content.token}`,
        `/${locale}/hub/search?q=xyzzy`,
        `/${locale}/hub/about`,
        `/${locale}/hub/contact`,
        `/${locale}/hub/privacy-policy`,
        `/${locale}/hub/terms-and-conditions`,
      ];
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expectNoSidewaysScroll(page, `${path} at ${width} px`);
      }
    });
  }
}

test('on a phone the hub’s results come before its filters', async ({ page, browser }) => {
  // At least one upcoming event, whatever else the server holds.
  await createEvent(await editorClient(browser), { status: 'published' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/en/hub');
  await expect(page.getByLabel(en('hub.filters.edition'), { exact: true })).toBeHidden();
  await expect(page.locator('main .event-card').first()).toBeInViewport();
  await page.getByText(en('hub.programme.filters'), { exact: true }).click();
  await expect(page.getByLabel(en('hub.filters.edition'), { exact: true })).toBeVisible();
  // On a wide screen the filters are simply there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/hub');
  await expect(page.getByLabel(en('hub.filters.edition'), { exact: true })).toBeVisible();
});
