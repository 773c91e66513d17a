/**
 * A visitor visits a venue on a 360 px phone: from an event page, the venue link leads to its
 * page with the address, an OpenStreetMap link and the events there; axe and reflow on the way.
 * An administrator adds a venue through its form (coordinates checked by the API).
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsAdmin, test, uniqueToken, waitForIslands } from './admin-support.ts';

const en = getTranslator('en');

test('a visitor goes from an event to its venue and sees the address, a map link and the events there', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The compact list names each event's venue; the first event held at a venue with a page.
  await page.goto('/en/hub?view=list');
  const line = page
    .locator('main .programme-line')
    .filter({ has: page.locator('.programme-venue a') })
    .first();
  const title = (await line.locator('.programme-title').innerText()).trim();
  await line.locator('.programme-title').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  const venueLink = page.getByTestId('event-venue');
  const venueName = (await venueLink.innerText()).trim();
  await venueLink.click();
  await expect(page).toHaveURL(/\/en\/hub\/venue\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(venueName);
  await expect(page.getByTestId('venue-address')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: en('venue.mapLink') })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
  await expect(page.getByRole('heading', { level: 2, name: en('venue.upcoming') })).toBeVisible();
  await expect(page.locator('main .programme-title', { hasText: title })).toBeVisible();
  await expectAccessible(page, 'venue page at 360 px');
});

test('an administrator adds a venue with its coordinates; a point without its other half is refused', async ({ page }) => {
  await signInAsAdmin(page);
  const name = `Riverside Hall ${uniqueToken()}`;
  await page.goto('/en/admin/venues/new');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: en('admin.venues.new') })).toBeVisible();
  await page.getByLabel(en('admin.field.name')).fill(name);
  await page.getByLabel(en('admin.field.address'), { exact: true }).fill('1 Quay Road\nRiverside');
  await page.getByLabel(en('admin.field.latitude'), { exact: true }).fill('51.5');
  await page.getByRole('button', { name: en('admin.form.create') }).click();
  await expect(page.getByText(en('admin.error.COORDINATES_INCOMPLETE'), { exact: true })).toBeVisible();
  await page.getByLabel(en('admin.field.longitude'), { exact: true }).fill('-0,12');
  await page.getByRole('button', { name: en('admin.form.create') }).click();
  await page.waitForURL(/\/en\/admin\/venues\/\d+$/);
  await waitForIslands(page);
  await expect(page.getByLabel(en('admin.field.longitude'), { exact: true })).toHaveValue('-0.12');
  await expectAccessible(page, 'venue edit screen');
});
