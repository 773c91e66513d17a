/**
 * A French visitor's journey through the public hub, run twice: with JavaScript (the contact
 * form is enhanced) and with JavaScript disabled (everything is plain links and forms). The tag,
 * its two events (one of them found by an accented word) are made for the journey.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEdition, createEvent, createTag, type Created } from '../helpers/factories.ts';
import { uniqueToken } from './admin-support.ts';
import { editorClient } from './content-support.ts';

const t = getTranslator('fr');
const token = uniqueToken();
/** A French tag label no other content has. */
const TAG = `Musique de chambre ${token}`;
let tag: Created;

test.beforeAll(async ({ browser }) => {
  const editor = await editorClient(browser);
  tag = await createTag(editor, { translations: { en: { label: `Chamber music ${token}` }, fr: { label: TAG } } });
  const edition = await createEdition(editor, { status: 'published' });
  const texts = (en: string, fr: string) => ({ en: { title: `${en} ${token}` }, fr: { title: `${fr} ${token}`, summary: 'Un concert en soirée.' } });
  await createEvent(editor, { status: 'published', editionId: edition.id, tagIds: [tag.id], translations: texts('Quartet at dusk', 'Quatuor au crépuscule') });
  await createEvent(editor, {
    status: 'published',
    editionId: edition.id,
    tagIds: [tag.id],
    startsAt: '2031-03-06T20:00:00+01:00',
    endsAt: '2031-03-06T22:00:00+01:00',
    translations: { en: { title: `Theatre of shadows ${token}` }, fr: { title: `Théâtre d’ombres et musique ${token}` } },
  });
  // Not tagged: the filter must leave it out.
  await createEvent(editor, { status: 'published', editionId: edition.id, translations: texts('Open rehearsal', 'Répétition ouverte') });
});

async function journey(page: Page, { javaScript }: { javaScript: boolean }): Promise<void> {
  // Hub → filter by a tag with the GET form.
  await page.goto('/fr/hub');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('hub.title'));
  await page.getByLabel(t('hub.filters.tag'), { exact: true }).selectOption({ label: TAG });
  await page.getByRole('button', { name: t('hub.filters.apply') }).click();
  await expect(page).toHaveURL(`/fr/hub?tag=${tag.slug}`);
  const cards = page.locator('main .event-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `Répétition ouverte ${token}` })).toHaveCount(0);
  for (const card of await cards.all()) await expect(card.getByRole('link', { name: TAG, exact: true })).toBeVisible();

  // Open an event.
  const firstTitle = cards.first().locator('.card-title a');
  const title = (await firstTitle.textContent())!.trim();
  await firstTitle.click();
  await expect(page).toHaveURL(/\/fr\/hub\/event\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/Heure locale\u202F: /).first()).toBeVisible();

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
  await page.getByLabel(t('hub.search.label'), { exact: true }).fill(`théâtre ${token}`);
  await page.getByRole('button', { name: t('hub.search.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/hub/search\\?q=th%C3%A9%C3%A2tre\\+${token}`));
  const hit = page.locator('.hits li', { hasText: `Théâtre d’ombres et musique ${token}` });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark').first()).toHaveText(/th[ée][âa]tre/i);

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
