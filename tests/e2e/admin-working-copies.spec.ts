/**
 * Drafts of published items, in Chromium (decision 035): an editor edits a published event,
 * saves a draft, and the public page stays as it was while the form, the list and the preview
 * show the unpublished changes; "Publish changes" then changes the public page; a later draft is
 * discarded. The form with a draft is checked with axe and for sideways scroll at 1280, 360 and
 * 320 px.
 */
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.admin-toasts').getByText(text, { exact: true }).last()).toBeVisible();
}

/** The public event page (a cached page is the same for everyone: decision 004). */
async function publicPage(page: Page, slug: string): Promise<string> {
  const response = await page.request.get(`/en/hub/event/${slug}`);
  expect(response.status()).toBe(200);
  return response.text();
}

test('an editor drafts changes to a published event, the public page waits, then Publish changes shows them', async ({ page }) => {
  const token = uniqueToken();
  const editor = await signInAsEditor(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/admin/events', {
    headers: { origin },
    data: {
      status: 'published',
      startsAt: '2032-07-02T19:00:00+02:00',
      endsAt: '2032-07-02T21:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: 'Pier 4',
      translations: { en: { title: `Tide tables ${token}` } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string };
  expect(await publicPage(page, event.slug)).toContain(`Tide tables ${token}`);

  // A published item offers "Save draft" and says the public page waits for "Publish changes".
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await expect(page.getByTestId('working-copy-notice')).toHaveText(t('workingCopy.noticePublished'));
  await expect(page.getByRole('button', { name: t('admin.form.save'), exact: true })).toHaveCount(0);
  await page.getByLabel(t('admin.field.title')).fill(`Spring tide ${token}`);
  await page.getByRole('button', { name: t('workingCopy.save') }).click();
  await expectToast(page, t('workingCopy.toast.saved'));
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await expect(page.getByTestId('unpublished-changes')).toHaveText(t('workingCopy.badge'));

  // The public page is unchanged.
  const unchanged = await publicPage(page, event.slug);
  expect(unchanged).toContain(`Tide tables ${token}`);
  expect(unchanged).not.toContain(`Spring tide ${token}`);

  // Reloaded, the form shows the draft with its notice; checked at three widths.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByLabel(t('admin.field.title'))).toHaveValue(`Spring tide ${token}`);
  await expect(page.getByTestId('working-copy-notice')).toContainText(editor);
  // The draft's time as every admin date: the locale's clock and the admin's zone, named.
  await expect(page.getByTestId('working-copy-notice')).toContainText('(UTC)');
  await expect(page.getByTestId('working-copy-notice')).not.toContainText(/\d [AP]M/);
  await expect(page.getByRole('button', { name: t('workingCopy.discard') })).toBeVisible();
  await expectAccessible(page, 'edit form with a draft at 1280 px');
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await expectAccessible(page, `edit form with a draft at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list marks the event; the preview shows the draft.
  await page.goto(`/en/admin/events?q=${token}`);
  await waitForIslands(page);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Tide tables ${token}` })
      .getByTestId('unpublished-changes'),
  ).toBeVisible();
  await expectAccessible(page, 'list with the badge');
  await page.goto(`/en/admin/preview/event/${event.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Spring tide ${token}`);
  await expect(page.getByText(t('workingCopy.preview'))).toBeVisible();
  await expectAccessible(page, 'preview of the draft');

  // Publish changes: the public page changes, the draft is gone.
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: t('workingCopy.publish') }).click();
  await expectToast(page, t('workingCopy.toast.published'));
  await expect(page.getByTestId('unpublished-changes')).toHaveCount(0);
  await expect(page.getByTestId('working-copy-notice')).toHaveText(t('workingCopy.noticePublished'));
  expect(await publicPage(page, event.slug)).toContain(`Spring tide ${token}`);

  // A later draft discarded: the form shows the published event again, the public page never moved.
  await page.getByLabel(t('admin.field.title')).fill(`Neap tide ${token}`);
  await page.getByRole('button', { name: t('workingCopy.save') }).click();
  await expectToast(page, t('workingCopy.toast.saved'));
  // Discarding asks first; Cancel keeps the draft.
  await page.getByRole('button', { name: t('workingCopy.discard') }).click();
  const confirm = page.getByRole('alertdialog', { name: t('workingCopy.discardTitle') });
  await expect(confirm).toBeVisible();
  await page.setViewportSize({ width: 320, height: 640 });
  await expectAccessible(page, 'discard confirmation at 320 px');
  await confirm.getByRole('button', { name: t('admin.common.cancel') }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel(t('admin.field.title'))).toHaveValue(`Neap tide ${token}`);
  await page.getByRole('button', { name: t('workingCopy.discard') }).click();
  await confirm.getByRole('button', { name: t('workingCopy.discardConfirm') }).click();
  await expectToast(page, t('workingCopy.toast.discarded'));
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel(t('admin.field.title'))).toHaveValue(`Spring tide ${token}`);
  await expect(page.getByRole('button', { name: t('workingCopy.discard') })).toHaveCount(0);
  expect(await publicPage(page, event.slug)).toContain(`Spring tide ${token}`);
});

test('an editor schedules a draft for a time in the event’s zone, the list says when, and the schedule can be cancelled', async ({ page }) => {
  const token = uniqueToken();
  await signInAsEditor(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/admin/events', {
    headers: { origin },
    data: {
      status: 'published',
      startsAt: '2032-08-02T19:00:00+09:00',
      endsAt: '2032-08-02T21:00:00+09:00',
      timeZone: 'Asia/Tokyo',
      venueAddress: 'Pier 9',
      translations: { en: { title: `Harbour lights ${token}` } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string };
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.title')).fill(`Harbour lanterns ${token}`);
  await page.getByRole('button', { name: t('workingCopy.save') }).click();
  await expectToast(page, t('workingCopy.toast.saved'));

  // Tomorrow at 20:30 in Tokyo, typed as the wall-clock time there.
  const tomorrow = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short' }).format(new Date(Date.now() + 86_400_000));
  const schedule = page.getByTestId('working-copy-schedule');
  await expect(schedule).toContainText(t('workingCopy.scheduledAtHint', { zone: 'Asia/Tokyo' }));
  await schedule.getByLabel(t('workingCopy.scheduledAt')).fill(`${tomorrow}T20:30`);
  await schedule.getByRole('button', { name: t('workingCopy.schedule') }).click();
  await expectToast(page, t('workingCopy.toast.scheduled'));
  await expect(page.getByTestId('working-copy-scheduled')).toBeVisible();
  for (const width of [1280, 360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `schedule ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const item = (await (await page.request.get(`/api/admin/events/${event.id}`)).json()) as { draft: { scheduledAt: string } };
  expect(item.draft.scheduledAt).toBe(new Date(`${tomorrow}T20:30:00+09:00`).toISOString());

  await page.goto(`/en/admin/events?q=${token}`);
  await waitForIslands(page);
  // In the admin's date format, in the event's own zone, named.
  await expect(page.getByTestId('changes-scheduled')).toContainText('20:30 (Asia/Tokyo)');

  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await page
    .getByTestId('working-copy-schedule')
    .getByRole('button', { name: t('workingCopy.unschedule') })
    .click();
  await expectToast(page, t('workingCopy.toast.unscheduled'));
  await expect(page.getByTestId('working-copy-scheduled')).toHaveCount(0);
  await expect(page.getByTestId('unpublished-changes')).toHaveText(t('workingCopy.badge'));
});
