/**
 * The personal agenda in Chromium on a 360 px phone: a visitor stars two events on the hub's
 * cards and one on its event page, opens their agenda (the three events by day) and subscribes to
 * it; the stars survive a reload. Axe and reflow on the agenda, the hub's "Embed" disclosure and
 * an embed page.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEdition, createEvent } from '../helpers/factories.ts';
import { expectAccessible, test } from './admin-support.ts';
import { editorClient } from './content-support.ts';

const en = getTranslator('en');

test('a visitor stars three events and subscribes to the agenda', async ({ page, browser }) => {
  // An edition of four published events on four days: its programme on the hub is these cards, in order.
  const editor = await editorClient(browser);
  const edition = await createEdition(editor, { status: 'published' });
  for (const day of [5, 6, 7, 8]) {
    await createEvent(editor, {
      status: 'published',
      editionId: edition.id,
      startsAt: `2031-03-0${day}T18:30:00+01:00`,
      endsAt: `2031-03-0${day}T21:00:00+01:00`,
    });
  }
  const programme = `/en/hub?edition=${edition.slug}&when=all`;

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(programme);
  const cards = page.locator('main .event-card');
  await expect(cards).toHaveCount(4);
  const starred: number[] = [];
  for (const index of [0, 1]) {
    const star = cards.nth(index).locator('[data-star]');
    const button = star.getByRole('button', { name: new RegExp(`^${en('agenda.star.button')}`) });
    // With JavaScript the plain link has become a toggle button.
    await expect(star.getByRole('link')).toBeHidden();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    starred.push(Number(await star.getAttribute('data-star')));
  }

  // The third on its own page.
  const third = cards.nth(2);
  const thirdId = Number(await third.locator('[data-star]').getAttribute('data-star'));
  await third.locator('.card-title a').click();
  await expect(page).toHaveURL(/\/en\/hub\/event\/[a-z0-9-]+$/);
  const pageStar = page.locator(`.actions [data-star="${thirdId}"]`).getByRole('button');
  await expect(pageStar).toHaveAttribute('aria-pressed', 'false');
  await pageStar.click();
  await expect(pageStar).toHaveAttribute('aria-pressed', 'true');
  starred.push(thirdId);
  const ids = [...starred].sort((a, b) => a - b).join(',');

  // The stars are kept: back on the hub they are still pressed.
  await page.goto(programme);
  for (const index of [0, 1, 2]) await expect(cards.nth(index).locator('.star-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.nth(3).locator('.star-button')).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('link', { name: en('agenda.nav') }).click();
  await expect(page).toHaveURL(new RegExp(`/en/hub/agenda\\?events=${ids}$`));
  await expect(page.getByRole('heading', { level: 1, name: en('agenda.title') })).toBeVisible();
  const lines = page.locator('.programme-line');
  await expect(lines).toHaveCount(3);
  for (const id of starred) await expect(page.locator(`.programme-line [data-star="${id}"] .star-button`)).toHaveAttribute('aria-pressed', 'true');
  // By day: each day has a heading, and the days come in date order.
  const days = await page.locator('h2.day-heading time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(days).toHaveLength(3);
  expect(days).toEqual([...days].sort());

  const subscribe = page.getByRole('link', { name: en('hub.calendar.subscribe') });
  const href = await subscribe.getAttribute('href');
  expect(href).toMatch(new RegExp(`^webcal://[^/]+/en/hub/agenda/calendar\\.ics\\?events=${ids}$`));
  const calendar = await page.request.get(href!.replace(/^webcal:/, new URL(page.url()).protocol));
  expect(calendar.status()).toBe(200);
  expect((await calendar.text()).match(/^BEGIN:VEVENT/gm)).toHaveLength(3);
  await expect(page.getByLabel(en('agenda.share.label'))).toHaveValue(new RegExp(`/en/hub/agenda\\?events=${ids}$`));
  await expectAccessible(page, 'agenda');

  // Unstarring on the agenda keeps the others.
  await page.locator(`.programme-line [data-star="${starred[0]}"] .star-button`).click();
  await page.goto('/en/hub/agenda');
  await expect(page.locator('.programme-line')).toHaveCount(2);

  await page.goto('/en/hub');
  await page.getByText(en('embed.summary'), { exact: true }).click();
  await expect(page.getByLabel(en('embed.label'))).toHaveValue(/^<iframe src="[^"]+\/en\/embed\/events"/);
  await expectAccessible(page, 'hub with the embed code');
  await page.goto('/en/embed/events');
  await expect(page.locator('.embed-list li').first()).toBeVisible();
  await expectAccessible(page, 'embed');

  // The new page types reflow at the other widths too (axe ran above at 360 px).
  const eventPath = await page.locator('.embed-list a').first().getAttribute('href');
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [`/en/hub/agenda?events=${ids}`, '/en/hub/agenda', '/en/embed/events', eventPath!.replace('/hub/event/', '/embed/event/')]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
