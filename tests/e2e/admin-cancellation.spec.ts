/**
 * Calling an event off (decision 055): an editor on a 360 px phone, by keyboard alone, marks an
 * event of their own cancelled with a reason and publishes the change; a visitor then reads
 * "Cancelled: <reason>" on the first screen of the event's page at 320, 360 and 1280 px, with no
 * sideways scroll and nothing axe can find. Rescheduling keeps the saved start as the previous one,
 * even when the editor moves the start first; back to scheduled, the previous start goes.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent } from '../helpers/factories.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';

const t = getTranslator('en');
const reason = 'The harbour is closed by the storm; tickets are refunded automatically.';

test('an editor cancels an event with a reason by keyboard on a phone, and visitors read it first', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsEditor(page);
  const title = `Harbour brass ${uniqueToken()}`;
  const event = await createEvent(await pageClient(page), { status: 'published', translations: { en: { title } } });
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);

  // The reason appears only once the event is no longer scheduled.
  const status = page.getByLabel(t('publication.field.eventStatus'), { exact: true });
  const reasonField = page.getByLabel(`${t('publication.field.statusNote')} (English)`, { exact: true });
  await expect(reasonField).toHaveCount(0);
  await status.focus();
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('cancelled');
  await page.keyboard.press('Tab');
  await expect(reasonField).toBeFocused();
  await page.keyboard.type(reason);
  // The event is written in English only: no French reason to fill (it would show the English one).
  await expect(page.getByRole('textbox', { name: new RegExp(`^${t('publication.field.statusNote')} \\(`) })).toHaveCount(1);
  // A cancelled event has no previous start to record.
  await expect(page.getByLabel(t('publication.field.previousStartsAt'))).toHaveCount(0);
  // The event is public: the edit goes live with "Publish changes" (decision 035).
  await page.getByRole('button', { name: t('workingCopy.publish'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.published')).first()).toBeVisible();

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/en/hub/event/${event.slug}`);
    const notice = page.getByTestId('event-status-notice');
    await expect(notice).toHaveText(new RegExp(`^${t('eventStatus.value.cancelled')}\\s+${reason.replace(/[.;]/g, '\\$&')}`));
    const box = await notice.boundingBox();
    expect(box, `${viewport.width} px`).not.toBeNull();
    expect(box!.y + box!.height, `${viewport.width} px: the notice on the first screen`).toBeLessThanOrEqual(viewport.height);
    await expectAccessible(page, `event page at ${viewport.width} px`);
  }
});

test('an editor reschedules an event: the previous start comes from the saved one, and goes when it is scheduled again', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsEditor(page);
  // 5 March 2031, 18:30 in Paris (the factory's date).
  const event = await createEvent(await pageClient(page), { status: 'published', translations: { en: { title: `Dune walk ${uniqueToken()}` } } });
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);

  // The start is moved before the status is chosen: the previous start is still the saved one.
  await page.getByLabel(t('admin.field.startsAt')).fill('2031-03-12T20:00');
  await page.getByLabel(t('admin.field.endsAt')).fill('2031-03-12T22:00');
  const status = page.getByLabel(t('publication.field.eventStatus'), { exact: true });
  const previous = page.getByLabel(t('publication.field.previousStartsAt'), { exact: true });
  await expect(previous).toHaveCount(0);
  await status.selectOption('rescheduled');
  await expect(previous).toHaveValue('2031-03-05T18:30');
  await expectAccessible(page, 'event form, rescheduled');
  const publish = page.getByRole('button', { name: t('workingCopy.publish'), exact: true });
  const published = page.locator('.admin-toasts').getByText(t('workingCopy.toast.published')).first();
  await publish.click();
  await expect(published).toBeVisible();

  await page.goto(`/en/hub/event/${event.slug}`);
  await expect(page.getByTestId('event-status-notice')).toHaveText(/Rescheduled from .*5.*2031.*18:30 to .*12.*2031.*20:00\./);

  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await expect(previous).toHaveValue('2031-03-05T18:30');
  await status.selectOption('scheduled');
  await expect(previous).toHaveCount(0);
  await publish.click();
  await expect(published).toBeVisible();
  await page.goto(`/en/hub/event/${event.slug}`);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByTestId('event-status-notice')).toHaveCount(0);
});
