/**
 * The editor's journey through the admin, in Chromium, on the shared e2e server: create an
 * edition, a tag and an organizer, then an event in that edition with English, French and German
 * texts, an uploaded cover image, the tag and the organizer; publish it and find it on the hub and
 * in search in each locale; rename it and see the hub follow; try to delete the tag in use.
 */
import { axeOn } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { makePng, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const locales = ['en', 'fr', 'de'] as const;

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The id at the end of an edit page URL, once the create form has moved there. */
async function waitForEditPage(page: Page, collection: string): Promise<number> {
  await page.waitForURL(new RegExp(`/en/admin/${collection}/\\d+$`));
  await waitForIslands(page);
  return Number(new URL(page.url()).pathname.split('/').at(-1));
}

/** Opens a locale tab of the form's translations. */
async function openLocaleTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

/** Picks an item in a relation combobox by typing and choosing the option from the list. */
async function pick(page: Page, label: string, text: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.fill(text);
  const option = page.getByRole('option', { name: new RegExp(text) });
  await expect(option).toBeVisible();
  await combobox.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await combobox.press('Enter');
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.admin-toasts').getByText(text, { exact: true }).first()).toBeVisible();
}

test('an editor creates, publishes and renames an event, and cannot delete a tag in use', async ({ page }) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const word = `Quokka${token}`;
  await signInAsEditor(page);

  // An edition to hold the event, published so its programme is public.
  await page.goto('/en/admin/editions');
  await expect(page.getByRole('heading', { level: 1, name: t('admin.collection.editions') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('link', { name: t('admin.list.new.editions') })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('admin.editions.new') })).toBeVisible();
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.title')).fill(`Season ${word}`);
  await page.getByLabel(t('admin.field.startsAt')).fill('2031-05-01T10:00');
  await page.getByLabel(t('admin.field.endsAt')).fill('2031-09-30T22:00');
  await page.getByLabel(t('admin.field.timeZone')).selectOption('Europe/Paris');
  await page.getByRole('button', { name: t('admin.form.create') }).click();
  await waitForEditPage(page, 'editions');
  await expectToast(page, t('admin.form.created'));
  await page.getByRole('button', { name: t('admin.publish.publish') }).click();
  await expectToast(page, t('admin.form.toast.published'));
  const editionSlug = await page.getByLabel(t('admin.field.slug')).inputValue();
  expect(editionSlug).toBe(`season-quokka${token}`);

  // A tag, labelled in three languages.
  await page.goto('/en/admin/tags/new');
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.label')).fill(`Marsupials ${token}`);
  await openLocaleTab(page, 'Français');
  await page.getByLabel(t('admin.field.label')).fill(`Marsupiaux ${token}`);
  await openLocaleTab(page, 'Deutsch');
  await page.getByLabel(t('admin.field.label')).fill(`Beuteltiere ${token}`);
  await page.getByRole('button', { name: t('admin.form.create') }).click();
  const tagId = await waitForEditPage(page, 'tags');

  // An organizer.
  await page.goto('/en/admin/organizers/new');
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.name')).fill(`Outback Society ${token}`);
  await page.getByRole('button', { name: t('admin.form.create') }).click();
  await waitForEditPage(page, 'organizers');

  // The event: texts in three locales, when and where, edition, tag, organizer, a new cover.
  await page.goto('/en/admin/events/new');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: t('admin.events.new') })).toBeVisible();
  const texts = {
    en: { title: `Night of the ${word}`, summary: 'Stories under the stars.' },
    fr: { title: `Nuit du ${word}`, summary: 'Des histoires sous les étoiles.' },
    de: { title: `Nacht des ${word}`, summary: 'Geschichten unter den Sternen.' },
  };
  for (const [locale, name] of [
    ['en', 'English'],
    ['fr', 'Français'],
    ['de', 'Deutsch'],
  ] as const) {
    await openLocaleTab(page, name);
    await page.getByLabel(t('admin.field.title')).fill(texts[locale].title);
    await page.getByLabel(t('admin.field.summary')).fill(texts[locale].summary);
  }
  // Each tab now says its locale is there (title and summary, but no description yet).
  await expect(page.getByRole('tab', { name: /^Deutsch/ })).toHaveAttribute('data-state', 'partial');
  // The empty slug shows what the server will make of the default locale's title.
  await expect(page.getByLabel(t('admin.field.slug'))).toHaveAttribute('placeholder', `night-of-the-${word.toLowerCase()}`);
  await page.getByLabel(t('admin.field.startsAt')).fill('2031-06-12T20:30');
  await page.getByLabel(t('admin.field.endsAt')).fill('2031-06-12T23:00');
  await page.getByLabel(t('admin.field.timeZone')).selectOption('Europe/Paris');
  await page.getByLabel(t('admin.field.venueAddress')).fill('Observatory hill, 1 Star Road');
  await pick(page, t('admin.field.editionId'), `Season ${word}`);
  await expect(page.getByTestId('selected-editionId')).toContainText(`Season ${word}`);
  await pick(page, t('admin.field.tagIds'), `Marsupials ${token}`);
  await pick(page, t('admin.field.organizerIds'), `Outback Society ${token}`);
  await expect(page.getByRole('list', { name: t('admin.field.tagIds') })).toContainText(`Marsupials ${token}`);
  await expect(page.getByRole('list', { name: t('admin.field.organizerIds') })).toContainText(`Outback Society ${token}`);

  await page.getByText(t('admin.upload.newImage')).click();
  await page.getByLabel(t('admin.field.alt')).fill(`A quokka smiling ${token}`);
  await page.getByLabel(t('admin.upload.chooseImage')).setInputFiles({ name: 'quokka.png', mimeType: 'image/png', buffer: await makePng() });
  await expect(page.getByTestId('selected-coverMediaId')).toContainText(`A quokka smiling ${token}`);
  await expect(page.getByTestId('selected-coverMediaId').locator('img')).toBeVisible();
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t('admin.form.create') }).click();
  const eventId = await waitForEditPage(page, 'events');
  await expectToast(page, t('admin.form.created'));
  const slug = await page.getByLabel(t('admin.field.slug')).inputValue();
  expect(slug).toBe(`night-of-the-quokka${token}`);
  await expect(page.locator('.admin-form__badges [data-status]')).toHaveText(t('admin.status.draft'));

  // Not public while a draft.
  expect((await page.request.get(`/en/hub/event/${slug}`)).status()).toBe(404);

  await page.getByRole('button', { name: t('admin.publish.publish') }).click();
  await expectToast(page, t('admin.form.toast.published'));
  await expect(page.locator('.admin-form__badges [data-status]')).toHaveText(t('admin.status.published'));

  // Public in every locale: its page, the edition's programme on the hub, and search.
  for (const locale of locales) {
    await page.goto(`/${locale}/hub/event/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[locale].title);
    await expect(page.locator('main')).toContainText(`Outback Society ${token}`);
    await expect(page.locator('main img').first()).toBeVisible();

    await page.goto(`/${locale}/hub?edition=${editionSlug}`);
    await expect(page.getByRole('link', { name: texts[locale].title })).toBeVisible();

    await page.goto(`/${locale}/hub/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole('link', { name: texts[locale].title }).first()).toBeVisible();
  }

  // Renaming shows on the very next request to the hub (its cache was invalidated).
  await page.goto(`/en/admin/events/${eventId}`);
  await waitForIslands(page);
  await page.getByLabel(t('admin.field.title')).fill(`Long night of the ${word}`);
  // The event is published: the edit goes live with "Publish changes" (decision 035).
  await page.getByRole('button', { name: t('workingCopy.publish') }).click();
  await expectToast(page, t('workingCopy.toast.published'));
  await page.goto(`/en/hub/event/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Long night of the ${word}`);

  // The tag is used by the event: the delete dialog says so at once, and where, with no Delete button.
  await page.goto(`/en/admin/tags/${tagId}`);
  await waitForIslands(page);
  await expect(page.getByRole('region', { name: t('admin.usages.title') }).or(page.locator('.admin-where-used'))).toContainText(`Long night of the ${word}`);
  await page.getByRole('button', { name: t('admin.form.delete') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText(t('admin.delete.inUseTitle', { name: `Marsupials ${token}` }));
  await expect(dialog.getByTestId('usages').getByRole('link', { name: `Long night of the ${word}` })).toHaveAttribute('href', `/en/admin/events/${eventId}`);
  // An editor may not detach a tag from published events: only the way out is offered.
  await expect(dialog.getByRole('button', { name: t('admin.delete.detachAndDelete') })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: t('admin.delete.confirm') })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await page.request.get(`/api/admin/tags/${tagId}`)).status()).toBe(200);
});
