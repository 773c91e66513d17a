/**
 * The trash in Chromium (decision 053), at 360 and 1280 px: an editor deletes a repeating event
 * from its edit screen (the dialog says it goes to the trash), finds it on the trash screen with
 * who deleted it and the days left, restores it there by keyboard, is told it is back, and opens
 * it again from the notice; the event's public dates are back too. axe checks the trash screen
 * with the item listed and with the notice. An admin restores a published venue, opens it and
 * finds its changes scheduled in the admin's zone. The browser runs in another zone and language
 * than the server, so a screen rendered differently on both sides fails (React #418).
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createVenue } from '../helpers/factories.ts';
import { expectAccessible, signInAsAdmin, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';
import { pageClient } from './content-support.ts';

const t = getTranslator('en');

// The browser's zone and language differ from the server's (UTC, English), as for most of the team:
// anything rendered differently on both sides would fail the hydration of the screens it visits.
test.use({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });

for (const width of [360, 1280]) {
  test(`an editor deletes an event, finds it in the trash and restores it (${width} px)`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 800 });
    const title = `Lantern walk ${uniqueToken()}`;
    const email = await signInAsEditor(page);
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/api/admin/events', {
      headers: { origin },
      data: {
        startsAt: '2032-09-02T20:00:00+02:00',
        endsAt: '2032-09-02T21:30:00+02:00',
        timeZone: 'Europe/Paris',
        venueAddress: 'Old harbour',
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=3' },
        translations: { en: { title } },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = (await created.json()) as { id: number };

    // Delete from the edit screen: the dialog says where it goes.
    await page.goto(`/en/admin/events/${event.id}`);
    await waitForIslands(page);
    expect(consoleErrors, 'the edit screen before the delete').toEqual([]);
    // On a phone, Delete is under More actions.
    if (width < 600) await page.getByRole('button', { name: t('admin.form.moreActions') }).click();
    await page.getByRole('button', { name: t('admin.form.delete'), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t('admin.delete.title', { name: title }) });
    await expect(dialog).toContainText(t('admin.delete.body'));
    await dialog.getByRole('button', { name: t('admin.delete.confirm'), exact: true }).click();
    await expect(page).toHaveURL(/\/en\/admin\/events(\?|$)/);
    await expect(page.locator('.admin-toasts').getByText(t('admin.form.deleted')).last()).toBeVisible();
    expect((await page.request.get(`/api/admin/events/${event.id}`)).status()).toBe(404);

    // The trash lists it; the navigation links to it (behind the Menu button on a phone).
    const navLink = page.getByRole('navigation', { name: t('adminShell.nav.label') }).getByRole('link', { name: t('admin.trash.nav') });
    if (width >= 1280) await expect(navLink).toHaveAttribute('href', '/en/admin/trash');
    await page.goto('/en/admin/trash');
    await expect(page.getByRole('heading', { level: 1, name: t('admin.trash.title') })).toBeVisible();
    const entry = page.locator(`[data-trash-item="events.${event.id}"]`);
    await expect(entry.getByRole('heading', { name: title })).toBeVisible();
    await expect(entry).toContainText(email);
    await expect(entry).toContainText(t('admin.trash.daysLeft_other', { count: 30 }));
    // An editor cannot delete for good: no such control.
    await expect(entry.getByText(t('admin.trash.purge.summary'))).toHaveCount(0);
    await expectAccessible(page, `trash with an event at ${width} px`);

    // Restore by keyboard; the notice names it and links to it.
    const restore = entry.getByRole('button', { name: t('admin.trash.restoreItem', { title }) });
    await restore.focus();
    await page.keyboard.press('Enter');
    const notice = page.getByTestId('trash-notice');
    await expect(notice).toContainText(t('admin.trash.done.restored', { title }));
    await expect(page.locator(`[data-trash-item="events.${event.id}"]`)).toHaveCount(0);
    await expectAccessible(page, `trash after a restore at ${width} px`);

    await notice.getByRole('link', { name: t('admin.trash.done.open') }).click();
    await expect(page).toHaveURL(new RegExp(`/en/admin/events/${event.id}$`));
    await waitForIslands(page);
    await expect(page.getByLabel(t('admin.field.title'))).toHaveValue(title);
    const restored = (await (await page.request.get(`/api/admin/events/${event.id}`)).json()) as { recurrence: unknown };
    expect(restored.recurrence).toMatchObject({ rule: 'FREQ=WEEKLY;COUNT=3' });
  });
}

test('an admin restores a published venue, opens it and schedules its changes: the screens hydrate in a browser zone the server does not share', async ({
  page,
  consoleErrors,
}) => {
  const name = `Boathouse ${uniqueToken()}`;
  await signInAsAdmin(page);
  const admin = await pageClient(page);
  const venue = await createVenue(admin, { name, status: 'published', address: '4 Quai des Brumes' });
  expect((await admin.request('DELETE', `/api/admin/venues/${venue.id}`)).status).toBeLessThan(300);

  await page.goto('/en/admin/trash?collection=venues');
  await page
    .locator(`[data-trash-item="venues.${venue.id}"]`)
    .getByRole('button', { name: t('admin.trash.restoreItem', { title: name }) })
    .click();
  await page
    .getByTestId('trash-notice')
    .getByRole('link', { name: t('admin.trash.done.open') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/venues/${venue.id}$`));
  await waitForIslands(page);

  // Changes kept as a draft: "Publish changes at" offers the admin's zone, never the browser's
  // own (which the server cannot know: it rendered React #418 here).
  const restored = await admin.call('GET', `/api/admin/venues/${venue.id}`);
  const draft = await admin.call('PUT', `/api/admin/venues/${venue.id}/draft`, { version: restored.body['version'], name: `${name}, renamed` });
  expect(draft.status).toBe(200);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByTestId('working-copy-schedule')).toBeVisible();
  await expect(page.getByTestId('working-copy-schedule')).not.toContainText('Pacific/Auckland');
  // A venue has no zone of its own: the hint says whose zone it is.
  await expect(page.getByTestId('working-copy-schedule')).toContainText(t('workingCopy.scheduledAtHintAdmin', { zone: 'UTC' }));
  await expect(page.getByTestId('working-copy-schedule')).not.toContainText(t('workingCopy.scheduledAtHint', { zone: 'UTC' }));
  expect(consoleErrors, 'the restored venue’s edit screen').toEqual([]);
});
