/**
 * Price and places, set by an editor on a phone and read by a visitor: the event form's Tickets
 * section shows price fields only for a paid admission, reads "12,50" typed the French way, and
 * clears the price when the admission becomes free.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent } from '../helpers/factories.ts';
import { signInAsEditor, test, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';

const t = getTranslator('en');

test('an editor sets a price and few places left on a phone, then makes the event free', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsEditor(page);
  const event = await createEvent(await pageClient(page), { status: 'published', translations: { en: { title: 'Harbour Concert' } } });
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);

  const admission = page.getByLabel(t('admin.field.admission'));
  const lowest = page.getByLabel(t('admin.field.priceMin'));
  await expect(lowest).toHaveCount(0);
  await admission.selectOption('paid');
  await lowest.fill('12,50');
  await page.getByLabel(t('admin.field.priceMax')).fill('20');
  await page.getByLabel(t('admin.field.currency')).fill('chf');
  await page.getByLabel(t('admin.field.availability')).selectOption('limited');
  // The event is public: the edit goes live with "Publish changes" (decision 035).
  await page.getByRole('button', { name: t('workingCopy.publish'), exact: true }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.published')).first()).toBeVisible();

  await page.goto(`/en/hub/event/${event.slug}`);
  await expect(page.locator('.tickets-price')).toHaveText(/^CHF\s12\.50\s*–\s*(CHF\s)?20\.00$/);
  await expect(page.locator('.tickets-places')).toHaveText(t('tickets.availability.limited'));
  // The event's facts still fit the first screen of a phone with the price among them.
  const box = await page.locator('.tickets').boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(740);

  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await admission.selectOption('free');
  await expect(lowest).toHaveCount(0);
  // The event is public: the edit goes live with "Publish changes" (decision 035).
  await page.getByRole('button', { name: t('workingCopy.publish'), exact: true }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.published')).first()).toBeVisible();
  await page.goto(`/en/hub/event/${event.slug}`);
  await expect(page.locator('.tickets-price')).toHaveText(t('tickets.admission.free'));
  await expect(page.locator('.tickets-places')).toHaveText(t('tickets.availability.limited'));
});
