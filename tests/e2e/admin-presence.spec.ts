/**
 * Presence and unsaved edits kept on the device, in Chromium at 360 and 1280 px (docs/decisions/054):
 * two editors open the same event and each sees the other within seconds, the focused field stays
 * clear of the action bar as the note appears; a person types, the page is closed, and on opening
 * the event again the edits are offered back, restored, saved with Ctrl+S and then forgotten.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const widths = [360, 1280] as const;

/** The account name admin-support's sign-up gives `email`. */
const nameOf = (email: string) => `Editor ${email.split('@')[0]}`;

async function newEvent(page: Page, title: string): Promise<{ id: number }> {
  const created = await page.request.post('/api/admin/events', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      startsAt: '2033-06-04T19:00:00+02:00',
      endsAt: '2033-06-04T21:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: 'Hall 2',
      translations: { en: { title } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number };
}

async function colleagueOn(browser: Browser, width: number): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext({ viewport: { width, height: 740 } })).newPage();
  return { page, email: await signInAsEditor(page) };
}

async function openEvent(page: Page, id: number): Promise<void> {
  await page.goto(`/en/admin/events/${id}`);
  await waitForIslands(page);
}

/** The number of unsaved drafts this page's origin keeps on the device. */
const keptDrafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('edition-hub:draft:')).length);

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('two people on one event see each other, and the focused field stays in view', async ({ page, browser }) => {
      const me = await signInAsEditor(page);
      const event = await newEvent(page, `Presence ${uniqueToken()}`);
      await openEvent(page, event.id);
      const presence = page.getByTestId('presence');
      await expect(presence).toHaveAttribute('aria-live', 'polite');
      await expect(presence).toHaveText('');

      // Someone typing lower down the form when the colleague arrives.
      const address = page.getByLabel(t('admin.field.venueAddress'));
      await address.focus();
      const before = await address.boundingBox();

      const colleague = await colleagueOn(browser, width);
      await openEvent(colleague.page, event.id);
      await expect(colleague.page.getByTestId('presence')).toContainText(new RegExp(`${nameOf(me)} is editing since \\d{1,2}:\\d{2}`));
      await expect(presence).toContainText(`${nameOf(colleague.email)} is editing since`);

      await expect(address).toBeFocused();
      const after = await address.boundingBox();
      // Where it was, to the pixel (the note above it scrolled the page by its own height).
      expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(1);
      const bar = await page.locator('.admin-form__actions').boundingBox();
      expect(after!.y + after!.height).toBeLessThanOrEqual(bar!.y);
      await expectAccessible(page, `event form with a presence note at ${width}px`);

      // The colleague goes elsewhere: the note empties within a beat, not two.
      await colleague.page.goto('/en/admin');
      await expect(presence).not.toContainText(nameOf(colleague.email));
      await colleague.page.context().close();
    });

    test('unsaved edits survive a closed page, come back on Restore, and Ctrl+S saves them', async ({ page, context }) => {
      await signInAsEditor(page);
      const token = uniqueToken();
      const event = await newEvent(page, `Kept ${token}`);
      await openEvent(page, event.id);
      const save = page.getByRole('button', { name: t('admin.form.save'), exact: true });
      await expect(save).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S');
      if (width >= 768) await expect(page.getByTestId('save-shortcut')).toHaveText('Ctrl+S saves');

      await page.getByLabel(t('admin.field.title')).fill(`Kept and restored ${token}`);
      await page.getByLabel(t('admin.field.venueAddress')).fill('Quay 12');
      await expect.poll(() => keptDrafts(page)).toBe(1);
      await page.close();

      const again = await context.newPage();
      await openEvent(again, event.id);
      const banner = again.getByTestId('local-draft');
      await expect(banner).toContainText(/Unsaved changes from \d{1,2}:\d{2}.* were kept on this device\./);
      await expect(again.getByTestId('local-draft-changed')).toHaveCount(0);
      await expect(again.getByLabel(t('admin.field.title'))).toHaveValue(`Kept ${token}`);
      await expectAccessible(again, `event form offering kept edits at ${width}px`);

      await banner.getByRole('button', { name: t('admin.localDraft.restore') }).click();
      await expect(banner).toHaveCount(0);
      const title = again.getByLabel(t('admin.field.title'));
      await expect(title).toHaveValue(`Kept and restored ${token}`);
      await expect(again.getByLabel(t('admin.field.venueAddress'))).toHaveValue('Quay 12');
      await expect(again.getByTestId('unsaved')).toBeVisible();

      await title.focus();
      await again.keyboard.press('Control+s');
      await expect(again.locator('.admin-toasts').getByText(t('admin.form.saved'), { exact: true }).last()).toBeVisible();
      await expect(again.getByTestId('unsaved')).toHaveCount(0);
      await expect.poll(() => keptDrafts(again)).toBe(0);
      const stored = (await (await again.request.get(`/api/admin/events/${event.id}`)).json()) as Record<string, unknown>;
      expect(stored).toMatchObject({ venueAddress: 'Quay 12', translations: { en: { title: `Kept and restored ${token}` } } });

      // Opened again, nothing is offered.
      await openEvent(again, event.id);
      await expect(again.getByLabel(t('admin.field.title'))).toHaveValue(`Kept and restored ${token}`);
      await expect(again.getByTestId('local-draft')).toHaveCount(0);
    });
  });
}

test('kept edits taken before a colleague saved say so, and saving them meets the conflict dialog', async ({ page, context }) => {
  await signInAsEditor(page);
  const token = uniqueToken();
  const event = await newEvent(page, `Stale ${token}`);
  await openEvent(page, event.id);
  await page.getByLabel(t('admin.field.venueAddress')).fill('Quay 3');
  await expect.poll(() => keptDrafts(page)).toBe(1);
  await page.close();

  const current = (await (await context.request.get(`/api/admin/events/${event.id}`)).json()) as { version: number };
  const saved = await context.request.patch(`/api/admin/events/${event.id}`, {
    headers: { origin: new URL(process.env['E2E_BASE_URL']!).origin },
    data: { version: current.version, translations: { en: { title: `Renamed ${token}` } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const again = await context.newPage();
  await openEvent(again, event.id);
  await expect(again.getByTestId('local-draft-changed')).toHaveText(t('admin.localDraft.changedSince'));
  await again.getByRole('button', { name: t('admin.localDraft.restore') }).click();
  await again.keyboard.press('Control+s');
  await expect(again.getByRole('dialog', { name: t('admin.conflict.title') })).toBeVisible();
});
