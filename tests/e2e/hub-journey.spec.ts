/**
 * A French visitor's journey through the public hub, run twice: with JavaScript (the contact
 * form is enhanced) and with JavaScript disabled (everything is plain links and forms).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';

const t = getTranslator('fr');

async function journey(page: Page, { javaScript }: { javaScript: boolean }): Promise<void> {
  // Hub → filter by a tag with the GET form.
  await page.goto('/fr/hub');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hub.title'));
  await page.getByLabel(t('hub.filters.tag'), { exact: true }).selectOption({ label: 'Musique' });
  await page.getByRole('button', { name: t('hub.filters.apply') }).click();
  await expect(page).toHaveURL(/\/fr\/hub\?tag=music$/);
  const cards = page.locator('main .event-card');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expect(card.getByRole('link', { name: 'Musique', exact: true })).toBeVisible();

  // Open an event.
  const firstTitle = cards.first().locator('.card-title a');
  const title = (await firstTitle.textContent())!.trim();
  await firstTitle.click();
  await expect(page).toHaveURL(/\/fr\/hub\/event\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/Heure locale : /).first()).toBeVisible();

  // Download its calendar file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t('hub.event.addToCalendar') }).click()]);
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${title.replace(/[,;]/g, (c) => `\\${c}`)}`);

  // Search with an accented word.
  await page
    .getByRole('navigation', { name: t('nav.main') })
    .getByRole('link', { name: t('nav.search') })
    .click();
  await page.getByLabel(t('hub.search.label'), { exact: true }).fill('théâtre');
  await page.getByRole('button', { name: t('hub.search.submit') }).click();
  await expect(page).toHaveURL(/\/fr\/hub\/search\?q=th%C3%A9%C3%A2tre/);
  await expect(page.locator('.hits mark').first()).toBeVisible();
  await expect(page.locator('.hits mark').first()).toHaveText(/th[ée][âa]tre/i);

  // Contact form: a mistake, then success.
  await page
    .getByRole('navigation', { name: t('nav.main') })
    .getByRole('link', { name: t('nav.contact') })
    .click();
  await page.getByLabel(t('hub.contact.name'), { exact: true }).fill('Camille Durand');
  await page.getByLabel(t('hub.contact.email'), { exact: true }).fill('camille@');
  await page.getByLabel(t('hub.contact.subject'), { exact: true }).fill(javaScript ? 'Avec JavaScript' : 'Sans JavaScript');
  await page.getByLabel(t('hub.contact.message'), { exact: true }).fill('Bonjour, je voudrais venir avec un groupe scolaire.');
  await page.getByRole('checkbox').check();
  if (javaScript) await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole('button', { name: t('hub.contact.submit') }).click();

  await expect(page.locator('#contact-email-error')).toHaveText(t('hub.contact.error.INVALID_EMAIL'));
  await expect(page.getByLabel(t('hub.contact.name'), { exact: true })).toHaveValue('Camille Durand');
  await expect(page.getByRole('checkbox')).toBeChecked();
  if (javaScript) {
    // Enhanced: the error came back without a page load, and focus moved to the summary.
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.getByRole('alert')).toBeFocused();
  }

  await page.getByLabel(t('hub.contact.email'), { exact: true }).fill('camille@example.fr');
  await page.getByRole('button', { name: t('hub.contact.submit') }).click();
  await expect(page.getByRole('heading', { name: t('hub.contact.sentTitle') })).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/hub\/contact\?sent=1$/);
}

test.describe('a French visitor, with JavaScript', () => {
  test('browses, filters, opens an event, downloads it, searches and writes to us', async ({ page }) => {
    await journey(page, { javaScript: true });
  });
});

test.describe('a French visitor, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('does the same with plain links and forms', async ({ page }) => {
    await journey(page, { javaScript: false });
  });
});
