/**
 * Installable and offline (decision 041), in Chromium: once the service worker controls the
 * page, the home, an agenda and a visited event open without network, each saying it is a copy
 * and since when; back online they are fresh again. The share action copies the page's link, and
 * without JavaScript it is a plain link.
 */
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEvent } from '../helpers/factories.ts';
import { test } from './admin-support.ts';
import { editorClient } from './content-support.ts';

const t = getTranslator('en');
/** "Offline — saved at", the note's words before the time. */
const offlineWords = t('pwa.offline.savedAt', { time: '' }).trim();

/** Waits until the worker keeps a copy of `path` (it is written after the page is answered). */
async function waitForKeptCopy(page: Page, path: string): Promise<void> {
  await page.waitForFunction(async (url) => Boolean(await caches.match(url, { ignoreVary: true })), new URL(path, page.url()).href);
}

test('the home, an agenda and a visited event open offline with a note, and are fresh online', async ({ browser, baseURL }) => {
  const editor = await editorClient(browser);
  const title = `Lantern walk ${Date.now()}`;
  const event = await createEvent(editor, { status: 'published', translations: { en: { title } } });
  const eventPath = `/en/hub/event/${event.slug}`;
  const agendaPath = `/en/hub/agenda?events=${event.id}`;

  const context = await browser.newContext({ baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/en');
  // The worker takes control of the page it was registered from; the page asks it to keep itself.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await waitForKeptCopy(page, '/en');
  for (const path of [agendaPath, eventPath]) {
    await page.goto(path);
    await waitForKeptCopy(page, path);
  }

  await context.setOffline(true);
  for (const path of ['/en', agendaPath, eventPath]) {
    await page.goto(path);
    const note = page.locator('main [data-offline-note]');
    await expect(note, path).toBeVisible();
    await expect(note, path).toContainText(offlineWords);
    await expect(note, path).toContainText(/\d{1,2}:\d\d/);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await context.setOffline(false);
  const renamed = `${title}, by the river`;
  const patched = await editor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, translations: { en: { title: renamed } } });
  expect(patched.status).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.locator('[data-offline-note]')).toHaveCount(0);
  await context.close();
});

test('the share button copies the event link and says so', async ({ browser, baseURL }) => {
  const editor = await editorClient(browser);
  const event = await createEvent(editor, { status: 'published' });
  const context = await browser.newContext({ baseURL: baseURL!, permissions: ['clipboard-read', 'clipboard-write'] });
  // Chromium on Linux has no share sheet; make sure of it, so the copy path is the one tested.
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  const page = await context.newPage();
  await page.goto(`/en/hub/event/${event.slug}`);
  await expect(page.getByTestId('share-link')).toBeHidden();
  await page.getByRole('button', { name: t('share.button'), exact: true }).click();
  await expect(page.locator('.share [role="status"]')).toHaveText(t('share.copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/en/hub/event/${event.slug}`, baseURL!).href);
  await context.close();
});

test('without JavaScript, sharing is a plain link to the page', async ({ browser, baseURL }) => {
  const editor = await editorClient(browser);
  const event = await createEvent(editor, { status: 'published' });
  const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/en/hub/agenda?events=${event.id}`);
  await expect(page.getByRole('button', { name: t('share.button'), exact: true })).toBeHidden();
  const link = page.getByRole('link', { name: t('share.link'), exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new URL(`/en/hub/agenda?events=${event.id}`, baseURL!).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('agenda.title'));
  await context.close();
});
