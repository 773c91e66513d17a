/**
 * The live preview beside the form, in Chromium: an editor opens it on a published event, types a
 * French title and sees it in the preview frame without saving, while the public page keeps the
 * saved title. The panel sits beside the form at 1280 px and under it at 360 and 320 px, is
 * reached by keyboard, and passes axe.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
/** The preview frame: sandboxed without scripts, so axe cannot run inside it (the hub pages have their own axe checks). */
const frameSelector = 'iframe.live-preview__frame';

test('typing a title shows it in the live preview without saving; the public page is unchanged', async ({ page }) => {
  const token = uniqueToken();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsEditor(page);
  const origin = new URL(page.url()).origin;
  const saved = `Concert enregistré ${token}`;
  const created = await page.request.post('/api/admin/events', {
    headers: { origin },
    data: {
      status: 'published',
      startsAt: '2032-07-02T20:00:00+02:00',
      endsAt: '2032-07-02T22:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: 'Hall 5',
      translations: {
        en: { title: `Saved concert ${token}` },
        // Long enough for the preview to scroll.
        fr: { title: saved, body: Array.from({ length: 40 }, (_, i) => `Paragraphe ${i + 1} du programme.`).join('\n\n') },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string };
  const publicPage = `/fr/hub/event/${event.slug}`;
  expect(await (await page.request.get(publicPage)).text()).toContain(saved);

  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  // Keyboard: the toggle is a button in the form's header.
  const toggle = page.getByRole('button', { name: t('admin.livePreview.show'), exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: t('admin.livePreview.hide') })).toHaveAttribute('aria-expanded', 'true');

  // The preview follows the locale being edited.
  await page.getByRole('tab', { name: /^Français/ }).click();
  const chooser = page.getByLabel(t('admin.livePreview.locale'));
  await expect(chooser).toHaveValue('fr');
  const frame = page.frameLocator(`iframe[title="${t('admin.livePreview.frameTitle')}"]`);
  await expect(frame.locator('h1')).toHaveText(saved);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');

  // The editor reads further down the preview; updates keep that place.
  const frameScroll = () => page.locator(frameSelector).evaluate((iframe: HTMLIFrameElement) => iframe.contentWindow?.scrollY ?? 0);
  await page.locator(frameSelector).evaluate((iframe: HTMLIFrameElement) => iframe.contentWindow?.scrollTo(0, 400));
  await expect.poll(frameScroll).toBe(400);

  const typed = `Titre en direct ${token}`;
  await page.getByLabel(t('admin.field.title')).fill(typed);
  await expect(page.getByRole('status').filter({ hasText: t('admin.livePreview.updating') })).toBeVisible();
  await expect(frame.locator('h1')).toHaveText(typed);
  await expect(page.getByRole('status').filter({ hasText: t('admin.livePreview.upToDate') })).toBeVisible();
  await expect.poll(frameScroll).toBe(400);
  await expect(page.getByTestId('unsaved')).toBeVisible();

  // Links in the frame open elsewhere; the frame cannot navigate the admin.
  await expect(frame.locator('base')).toHaveAttribute('target', '_blank');
  const sandbox = await page.locator(frameSelector).getAttribute('sandbox');
  expect(sandbox).not.toMatch(/allow-top-navigation|allow-scripts/);

  // Nothing was saved: the public page still shows the saved title.
  const publicHtml = await (await page.request.get(publicPage)).text();
  expect(publicHtml).toContain(saved);
  expect(publicHtml).not.toContain(typed);

  // Beside the form from 1280 px; under it on phones.
  const form = page.locator('form.admin-form');
  const panel = page.locator('.live-preview');
  const [formBox, panelBox] = [await form.boundingBox(), await panel.boundingBox()];
  expect(panelBox!.x).toBeGreaterThanOrEqual(formBox!.x + formBox!.width);
  await expectAccessible(page, 'live preview at 1280 px', [frameSelector]);
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    const [narrowForm, narrowPanel] = [await form.boundingBox(), await panel.boundingBox()];
    expect(narrowPanel!.y).toBeGreaterThanOrEqual(narrowForm!.y + narrowForm!.height);
    await expectAccessible(page, `live preview at ${width} px`, [frameSelector]);
  }
});
