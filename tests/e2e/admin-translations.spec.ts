/**
 * The translation workflow in Chromium (docs/decisions/037): an editor opens a published event,
 * compares French with English while editing French, copies a field (and all of them, then
 * undoes that), saves, and the French page shows the copied text; the coverage page links to the
 * list of events missing German, filtered in its URL. Both screens are checked with axe and for
 * sideways scroll at 1280, 360 and 320 px, and the copy buttons are used from the keyboard.
 * Machine suggestions (decision 056) come from the e2e servers' DeepL stand-in (global-setup.ts),
 * which answers in capitals: filled, marked, refused unreviewed, then edited, accepted and saved.
 */
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const widths = [1280, 360, 320] as const;

async function createEvent(page: Page, token: string, status: 'published' | 'draft' = 'published'): Promise<{ id: number; slug: string }> {
  const created = await page.request.post('/api/admin/events', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      status,
      startsAt: '2032-07-02T20:00:00+02:00',
      endsAt: '2032-07-02T22:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: 'Quai des Arts',
      translations: {
        en: {
          title: `Night swim ${token}`,
          summary: `Lanterns on the river ${token}`,
          body: `## Lanterns\n\nBring a torch ${token} to [the quay](https://example.org/quay) with \`a lantern\`.`,
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; slug: string };
}

test('an editor translates an event into French side by side with English, copies, saves, and the French page shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  await signInAsEditor(page);
  const event = await createEvent(page, token);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await page.getByRole('tab', { name: /^Français/ }).click();

  // Only languages with text for this item are offered: English, not German.
  const chooser = page.getByLabel(t('admin.translations.compareWith'));
  await expect(chooser.locator('option')).toHaveText([t('admin.translations.compareNone'), 'English']);
  await chooser.selectOption('en');

  const sourceTitle = page.getByLabel(t('admin.translations.sourceLabel', { field: t('admin.field.title'), locale: 'English' }));
  await expect(sourceTitle).toHaveValue(`Night swim ${token}`);
  await expect(sourceTitle).not.toBeEditable();
  const title = page.getByLabel(t('admin.field.title'), { exact: true });
  const summary = page.getByLabel(t('admin.field.summary'), { exact: true });
  // Beside the target field from 1024 px.
  const [sourceBox, targetBox] = [await sourceTitle.boundingBox(), await title.boundingBox()];
  expect(sourceBox!.x + sourceBox!.width).toBeLessThanOrEqual(targetBox!.x);
  await expectAccessible(page, 'compare 1280');

  // One field, from the keyboard.
  await title.fill(`Baignade de nuit ${token}`);
  const copySummary = page.getByRole('button', { name: `${t('admin.translations.copyField', { locale: 'English' })} (${t('admin.field.summary')})` });
  await copySummary.focus();
  await page.keyboard.press('Enter');
  await expect(summary).toHaveValue(`Lanterns on the river ${token}`);
  await expect(page.getByRole('status').filter({ hasText: t('admin.translations.copied', { count: 1, locale: 'English' }) })).toBeVisible();
  await expect(page.getByTestId('unsaved')).toBeVisible();

  // Everything at once replaces the French title: the status says so, and Undo puts it back.
  await page.getByRole('button', { name: t('admin.translations.copyAll', { locale: 'English' }) }).click();
  await expect(title).toHaveValue(`Night swim ${token}`);
  await expect(page.getByRole('status').filter({ hasText: t('admin.translations.copiedOver', { count: 2, locale: 'English' }) })).toBeVisible();
  await page.getByRole('button', { name: t('admin.translations.undo') }).press('Enter');
  await expect(title).toHaveValue(`Baignade de nuit ${token}`);
  await expect(summary).toHaveValue(`Lanterns on the river ${token}`);
  await expect(page.getByLabel(t('admin.field.body'), { exact: true })).toHaveValue('');

  // Narrow screens: the source sits above its field, nothing scrolls sideways.
  for (const width of widths.slice(1)) {
    await page.setViewportSize({ width, height: 800 });
    const [above, below] = [await sourceTitle.boundingBox(), await title.boundingBox()];
    expect(above!.y + above!.height, `${width}px: source above the field`).toBeLessThanOrEqual(below!.y);
    await expectAccessible(page, `compare ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The event is published: its edits go live through "Publish changes" (decision 035).
  await page.getByRole('button', { name: t('workingCopy.publish'), exact: true }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.published')).last()).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  await page.goto(`/fr/hub/event/${event.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Baignade de nuit ${token}`);
  await expect(page.getByText(`Lanterns on the river ${token}`).first()).toBeVisible();
});

test('the coverage page links each count to the list filtered in its URL', async ({ page }) => {
  const token = uniqueToken();
  await signInAsEditor(page);
  await createEvent(page, token);

  await page.goto('/en/admin/translations');
  await expect(page.getByRole('heading', { level: 1, name: t('admin.translations.title') })).toBeVisible();
  const nav = page.getByRole('navigation', { name: t('adminShell.nav.label') });
  await expect(nav.getByRole('link', { name: t('admin.translations.nav') })).toHaveAttribute('aria-current', 'page');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `coverage ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const missingGerman = page.locator('tr[data-collection="events"] td[data-locale="de"] [data-state="missing"] a');
  await expect(missingGerman).toHaveAttribute('href', '/en/admin/events?missing=de');
  await missingGerman.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/admin\/events\?missing=de$/);
  await waitForIslands(page);
  await expect(page.getByLabel(t('admin.translations.filter.missing'))).toHaveValue('de');
  await expect(page.getByRole('link', { name: `Night swim ${token}` })).toBeVisible();
  await expectAccessible(page, 'filtered list');

  // The other filter, chosen on the list, lands in the URL too.
  await page.getByLabel(t('admin.translations.filter.partial')).selectOption('fr');
  await expect(page).toHaveURL(/missing=de&partial=fr|partial=fr&missing=de/);
  await expect(page.getByRole('link', { name: `Night swim ${token}` })).toHaveCount(0);

  // "Complete" counts link to their list too.
  await page.goto('/en/admin/translations');
  const completeEnglish = page.locator('tr[data-collection="events"] td[data-locale="en"] [data-state="complete"] a');
  await expect(completeEnglish).toHaveAttribute('href', '/en/admin/events?complete=en');
  await completeEnglish.click();
  await expect(page).toHaveURL(/\/en\/admin\/events\?complete=en$/);
  await waitForIslands(page);
  await expect(page.getByLabel(t('admin.translations.filter.complete'), { exact: true })).toHaveValue('en');
});

test('an editor asks for machine suggestions in French, cannot save them unreviewed, edits and accepts them, and saves', async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  await signInAsEditor(page);
  const event = await createEvent(page, token, 'draft');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await page.getByRole('tab', { name: /^Français/ }).click();
  await page.getByLabel(t('admin.translations.compareWith')).selectOption('en');

  // From the keyboard: the service's stand-in answers in capitals, the Markdown's syntax kept.
  const suggest = page.getByRole('button', { name: t('admin.translations.suggest', { locale: 'English' }) });
  await suggest.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t('admin.translations.suggested', { count: 3, locale: 'English' }) })).toBeVisible();
  const title = page.getByLabel(t('admin.field.title'), { exact: true });
  const summary = page.getByLabel(t('admin.field.summary'), { exact: true });
  const body = page.getByLabel(t('admin.field.body'), { exact: true });
  await expect(title).toHaveValue(`NIGHT SWIM ${token.toUpperCase()}`);
  await expect(body).toHaveValue(`## LANTERNS\n\nBRING A TORCH ${token.toUpperCase()} TO [THE QUAY](https://example.org/quay) WITH \`a lantern\`.`);
  const marks = page.getByText(t('admin.translations.suggestionMark'), { exact: true });
  await expect(marks).toHaveCount(3);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `suggestions ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Saving them unreviewed is refused by the server; the form keeps every text.
  const save = page.getByRole('button', { name: t('admin.form.save'), exact: true });
  await save.click();
  await expect(page.getByText(t('admin.error.UNREVIEWED_SUGGESTION')).first()).toBeVisible();
  await expect(title).toHaveValue(`NIGHT SWIM ${token.toUpperCase()}`);
  await expect(marks).toHaveCount(3);

  // Edited by a person: no longer a suggestion. Accepted from the keyboard: no longer marked.
  await title.fill(`Promenade aux lanternes ${token}`);
  await expect(marks).toHaveCount(2);
  await page.getByRole('button', { name: `${t('admin.translations.acceptSuggestion')} (${t('admin.field.summary')})` }).press('Enter');
  await expect(page.getByTestId('suggestion-summary')).toHaveCount(0);
  await expect(summary).toBeFocused();
  await page.getByRole('button', { name: `${t('admin.translations.acceptSuggestion')} (${t('admin.field.body')})` }).click();
  await expect(marks).toHaveCount(0);

  await save.click();
  await expect(page.locator('.admin-toasts').getByText(t('admin.form.saved'), { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  const saved = await page.request.get(`/api/admin/events/${event.id}`);
  const item = (await saved.json()) as { translations: Record<string, Record<string, string>> };
  expect(item.translations['fr']).toMatchObject({ title: `Promenade aux lanternes ${token}`, summary: `LANTERNS ON THE RIVER ${token.toUpperCase()}` });
});
