/**
 * People and time zones in Chromium on a 360 px phone: a visitor goes from an event page to a
 * curator's page and back to one of their events, and switches the programme's times to their
 * own zone (the choice follows them from page to page). Axe and reflow on each new page type.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createCurator, createEdition, createEvent, createImage, createOrganizer } from '../helpers/factories.ts';
import { expectAccessible, test, uniqueToken } from './admin-support.ts';
import { editorClient } from './content-support.ts';

const en = getTranslator('en');

test('a visitor visits a curator from an event page', async ({ page, browser }) => {
  // A published event in a published edition (dates ahead), with a curator who has a photo and an organizer.
  const editor = await editorClient(browser);
  const curator = await createCurator(editor, { photoMediaId: (await createImage(editor, {}, 'jpeg')).id });
  const organizer = await createOrganizer(editor);
  const edition = await createEdition(editor, { status: 'published' });
  const title = `Harbour reading ${uniqueToken()}`;
  const event = await createEvent(editor, {
    status: 'published',
    editionId: edition.id,
    curatorIds: [curator.id],
    organizerIds: [organizer.id],
    translations: { en: { title } },
  });
  const curatorName = String(curator['name']);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/en/hub/event/${event.slug}`);
  await page.locator('section[aria-labelledby="curators-heading"] .person-name a', { hasText: curatorName }).click();

  await expect(page).toHaveURL(`/en/hub/curator/${curator.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(curatorName);
  await expect(page.locator('main img.person-image')).toBeVisible();
  // Their events: this one, ahead.
  await expect(page.getByRole('heading', { level: 2, name: en('person.upcomingEvents'), exact: true })).toBeVisible();
  await expectAccessible(page, 'curator page at 360 px');

  const curatorPath = new URL(page.url()).pathname;
  // Their events lead back to the programme.
  await page.locator('.programme-title', { hasText: title }).click();
  await expect(page).toHaveURL(`/en/hub/event/${event.slug}`);
  await expect(page.locator('section[aria-labelledby="curators-heading"]')).toContainText(curatorName);

  // An organizer's page is reached the same way.
  await page.locator('section[aria-labelledby="organizers-heading"] .person-name a', { hasText: String(organizer['name']) }).click();
  await expect(page).toHaveURL(`/en/hub/organizer/${organizer.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(organizer['name']));
  await expectAccessible(page, 'organizer page at 360 px');
  // Neither page scrolls sideways on the narrowest phone nor on a desktop.
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [curatorPath, '/de/hub/time-zone?from=%2Fde%2Fhub']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

test('a visitor switches the programme to their time zone', async ({ page, browser }) => {
  // Two events of one edition in Paris: the event page lists the other one with its time.
  const editor = await editorClient(browser);
  const edition = await createEdition(editor, { status: 'published' });
  const event = await createEvent(editor, { status: 'published', editionId: edition.id });
  await createEvent(editor, { status: 'published', editionId: edition.id, startsAt: '2031-03-06T18:30:00+01:00', endsAt: '2031-03-06T21:00:00+01:00' });
  const eventPath = `/en/hub/event/${event.slug}`;

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(eventPath);
  const ownZone = page.locator('.facts .when .zone');
  // By default the event's own zone, said to be local.
  await expect(ownZone).toHaveText(new RegExp(`^${en('hub.event.zone', { zone: '' }).trim()} `));
  await page.getByRole('link', { name: en('tz.change') }).click();

  await expect(page).toHaveURL(/\/en\/hub\/time-zone\?from=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('tz.title'));
  await expectAccessible(page, 'time zone choice at 360 px');
  await page.getByLabel(en('tz.label')).selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: en('tz.apply') }).click();

  await expect(page).toHaveURL(`${eventPath}?tz=Asia%2FTokyo`);
  await expect(ownZone).toHaveText(en('tz.yours', { zone: 'Japan Standard Time' }));
  // Every time on the page is in that zone, the other events of the edition too.
  // The event's own times name the zone, and so does the one line of zone over its edition's other events.
  const zones = await page.locator('.when .zone, .more-zone').allTextContents();
  expect(zones.length, 'the event and the other one of its edition').toBeGreaterThanOrEqual(2);
  await expect(page.locator('.more-list .more-line')).not.toHaveCount(0);
  expect(zones.every((zone) => zone.trim() === en('tz.yours', { zone: 'Japan Standard Time' }))).toBe(true);
  await expect(page.getByText(en('tz.shownIn', { zone: 'Asia/Tokyo' }))).toBeVisible();
  await expectAccessible(page, 'event page in another zone at 360 px');

  // The choice follows the visitor through the hub, and can be undone.
  await page
    .getByRole('navigation', { name: en('hub.breadcrumbs') })
    .getByRole('link', { name: en('hub.title') })
    .click();
  await expect(page).toHaveURL(/\/en\/hub\?tz=Asia%2FTokyo$/);
  await expect(page.getByText(en('tz.shownIn', { zone: 'Asia/Tokyo' }))).toBeVisible();
  await page.getByRole('link', { name: en('tz.change') }).click();
  await expect(page.getByLabel(en('tz.label'))).toHaveValue('Asia/Tokyo');
  await page.getByLabel(en('tz.label')).selectOption('');
  await page.getByRole('button', { name: en('tz.apply') }).click();
  await expect(page).toHaveURL(/\/en\/hub$/);
  await expect(page.getByText(en('tz.default'))).toBeVisible();
});
