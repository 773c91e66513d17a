/**
 * A video link on a public event page, in Chromium: nothing reaches the provider until the
 * visitor opens the disclosure from the keyboard (a plain `<details>`, the page ships no
 * JavaScript); then its player loads. The page stays free of serious accessibility violations,
 * closed and open.
 */
import { axeOn } from './axe.ts';
import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { signInAsEditor, uniqueToken } from './admin-support.ts';

const t = getTranslator('de');
const player = 'https://www.youtube-nocookie.com';

/** Medias written straight into the e2e database (a video link needs no upload). */
async function insertMedias(): Promise<number[]> {
  const db = createClient({ url: process.env['E2E_DATABASE_URL']!, intMode: 'number' });
  try {
    const ids: number[] = [];
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871']) {
      const { rows } = await db.execute({ sql: "INSERT INTO medias (kind, embed_url) VALUES ('embed', ?) RETURNING id", args: [url] });
      const id = Number(rows[0]!['id']);
      await db.execute({
        sql: "INSERT INTO media_translations (media_id, locale, alt) VALUES (?, 'en', ?), (?, 'de', ?)",
        args: [id, `Trailer ${id}`, id, `Vorschau ${id}`],
      });
      ids.push(id);
    }
    return ids;
  } finally {
    db.close();
  }
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test.describe('a video link on an event page', () => {
  test('loads nothing from its provider until the visitor opens it', async ({ page }) => {
    await signInAsEditor(page);
    const title = `Filmabend ${uniqueToken()}`;
    const response = await page.request.post('/api/admin/events', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        startsAt: '2032-05-01T18:00:00Z',
        endsAt: '2032-05-01T20:00:00Z',
        timeZone: 'Europe/Berlin',
        status: 'published',
        venueAddress: 'Kinosaal, Hafenstraße 4',
        translations: { en: { title: `Film night ${title.slice(-8)}` }, de: { title } },
        mediaIds: await insertMedias(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { slug } = (await response.json()) as { slug: string };
    await page.context().clearCookies();

    const providerRequests: string[] = [];
    await page.context().route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) => {
      providerRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' });
    });

    await page.goto(`/de/hub/event/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const youtube = page.locator('details.embed').filter({ hasText: t('hub.media.play', { provider: 'YouTube' }) });
    await expect(youtube.locator('summary')).toContainText(t('hub.media.embedNotice', { provider: 'YouTube' }));
    await expect(page.getByRole('link', { name: t('hub.media.watchOn', { provider: 'Vimeo' }) })).toHaveAttribute('href', 'https://vimeo.com/76979871');
    // The page's scripts are the agenda star's same-origin module and the inline one registering the
    // service worker (hub-pwa.test.ts); nothing comes from a provider.
    const modules = page.locator('script[src]');
    await expect(modules).toHaveCount(1);
    await expect(modules).toHaveAttribute('src', /^\/_astro\/[^/]+\.js$/);
    const inline = page.locator('script:not([src]):not([type="application/ld+json"])');
    await expect(inline).toHaveCount(1);
    expect(await inline.evaluate((script) => script.textContent)).toMatch(/register\(.\/sw\.js.\)/);
    await expectAccessible(page);
    await page.waitForLoadState('networkidle');
    expect(providerRequests).toEqual([]);

    await youtube.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(youtube).toHaveAttribute('open', '');
    await expect(youtube.locator('iframe')).toBeVisible();
    await expect.poll(() => providerRequests).toEqual([`${player}/embed/dQw4w9WgXcQ`]);
    await expect(page.frameLocator('details.embed[open] iframe').getByText('Player')).toBeVisible();
    await expectAccessible(page);
  });
});
