/**
 * The focal-point picker, in Chromium: the first press on the preview stores the point under the
 * pointer: the page does not scroll between the press and the click.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { makePng, signInAsEditor, test, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

test('the first click on the image stores the point under the pointer', async ({ page }) => {
  await signInAsEditor(page);
  const uploaded = await page.request.post('/api/admin/medias', {
    headers: { origin: new URL(page.url()).origin },
    multipart: { file: { name: 'focal.png', mimeType: 'image/png', buffer: await makePng(1200, 800) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const media = (await uploaded.json()) as { id: number };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/en/admin/medias/${media.id}`);
  await waitForIslands(page);
  const image = page.locator('.admin-media-preview__frame img');
  await expect(image).toHaveJSProperty('complete', true);
  // At the top of the page, as when the form was just opened: a press there used to focus <main>,
  // which the form's keep-clear-of-the-bar scrolling then moved by some 74 px before the click.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await image.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  await expect(page.getByLabel(t('admin.field.focalX'))).toHaveValue('25');
  await expect(page.getByLabel(t('admin.field.focalY'))).toHaveValue('75');
});
