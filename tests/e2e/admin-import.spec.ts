/**
 * Importing a programme, in Chromium: an editor downloads nothing, uploads a CSV into an edition,
 * reads the dry run (one row per event, what it will do), imports it by keyboard, and finds the
 * draft events in the edition's event list. The screen passes axe and does not scroll sideways
 * at 1280, 360 and 320 px.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { tPlural } from '../../src/lib/plural.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

async function createEdition(page: Page, title: string): Promise<number> {
  const response = await page.request.post('/api/admin/editions', {
    data: { startsAt: '2032-05-01T00:00:00+02:00', endsAt: '2032-05-31T00:00:00+02:00', timeZone: 'Europe/Paris', translations: { en: { title } } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function expectAccessibleAtEveryWidth(page: Page, label: string): Promise<void> {
  for (const width of [1280, 360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an editor imports a CSV into an edition: dry run, commit, drafts in the list', async ({ page }) => {
  const token = uniqueToken();
  await signInAsEditor(page);
  const editionTitle = `Import fest ${token}`;
  const editionId = await createEdition(page, editionTitle);

  await page.goto('/en/admin');
  await page
    .getByRole('navigation', { name: t('adminShell.nav.label') })
    .getByRole('link', { name: t('import.nav') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('import.title') })).toBeVisible();
  await expectAccessibleAtEveryWidth(page, 'import form');

  const csv = [
    'external_id,title_en,title_fr,start,end,venue,tags',
    `${token}-1,Opening ${token},Ouverture ${token},2032-05-12 19:00,2032-05-12 21:00,Hall ${token},Music`,
    `${token}-2,Closing ${token},,2032-05-13 20:00,2032-05-13 22:00,Hall ${token},`,
  ].join('\n');
  await page.getByLabel(t('import.field.edition')).selectOption({ label: editionTitle });
  await page.getByLabel(t('import.field.file'), { exact: true }).setInputFiles({ name: 'programme.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: t('import.dryRun') }).click();

  const plan = page.getByTestId('import-plan');
  await expect(plan.getByTestId('import-summary')).toHaveText(t('import.result.summary', { create: 2, update: 0, error: 0 }));
  const rows = plan.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Opening ${token}`);
  await expect(rows.nth(0)).toContainText(t('import.action.create'));
  await expect(rows.nth(0)).toContainText(t('import.result.creates', { kind: t('import.result.kind.venue'), names: `Hall ${token}` }));
  await expectAccessibleAtEveryWidth(page, 'dry run');

  // By keyboard: the import button is reachable and Enter submits it.
  const commit = plan.getByRole('button', { name: tPlural(t, 'import.commit', 2) });
  await commit.focus();
  await expect(commit).toBeFocused();
  await commit.press('Enter');
  const done = page.getByTestId('import-done');
  await expect(done).toContainText(t('import.done', { created: 2, updated: 0 }));
  await expectAccessible(page, 'import done');

  await done.getByRole('link', { name: t('adminShell.nav.events') }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/events\\?edition=${editionId}$`));
  await waitForIslands(page);
  const list = page.locator('table.admin-list');
  await expect(list.getByText(`Opening ${token}`)).toBeVisible();
  await expect(list.getByText(`Closing ${token}`)).toBeVisible();
  const listed = await page.request.get(`/api/admin/events?edition=${editionId}`);
  const { items } = (await listed.json()) as { items: { title: string; status: string }[] };
  expect(items.map((item) => item.status)).toEqual(['draft', 'draft']);
});

test('a file with errors shows each one by line and field, and imports the others when asked: "Importer 1, ignorer 1"', async ({ page }) => {
  const fr = getTranslator('fr');
  const token = uniqueToken();
  await signInAsEditor(page);
  const editionTitle = `Broken fest ${token}`;
  const editionId = await createEdition(page, editionTitle);
  await page.goto('/fr/admin/import');
  // The language options are the languages' own names, never raw keys.
  await expect(page.getByLabel(fr('import.field.textLocale')).locator('option')).toHaveText(['English', 'Français', 'Deutsch']);
  await expect(page.locator('main')).not.toContainText('language.');
  await page.getByLabel(fr('import.field.edition')).selectOption({ label: editionTitle });
  const csv = ['title_en,start,end', `Fine ${token},2032-05-12 19:00,2032-05-12 21:00`, `Backwards ${token},2032-05-12 19:00,2032-05-12 18:00`].join('\n');
  await page.getByLabel(fr('import.field.file'), { exact: true }).setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: fr('import.dryRun') }).click();
  const row = page.locator('tbody tr[data-action="error"]');
  await expect(row).toContainText('3');
  await expect(row).toContainText(`end · ${fr('import.issue.END_BEFORE_START')}`);
  await expect(page.getByTestId('import-plan').getByRole('alert')).toHaveText(fr('import.result.blockedOrSkip'));
  await expect(page.getByRole('button', { name: /^Importer \d+ événements?$/ })).toHaveCount(0);
  await expectAccessible(page, 'dry run with errors');

  await page.getByRole('button', { name: tPlural(fr, 'import.commitSkipping', 1, { skipped: 1 }) }).click();
  const done = page.getByTestId('import-done');
  await expect(done).toContainText(fr('import.done', { created: 1, updated: 0 }));
  await expect(done.getByTestId('import-skipped')).toContainText(
    `${fr('import.problem.line', { line: 3 })} · Backwards ${token} · end · ${fr('import.issue.END_BEFORE_START')}`,
  );
  await expectAccessible(page, 'import done with skipped rows');
  const listed = await page.request.get(`/api/admin/events?edition=${editionId}`);
  const { items } = (await listed.json()) as { items: { title: string }[] };
  expect(items.map((item) => item.title)).toEqual([`Fine ${token}`]);
});

test('a real frab JSON (camp2019: 79 events) shows its 2 moved abstracts as warnings, then imports all 79', async ({ page }) => {
  const de = getTranslator('de');
  const token = uniqueToken();
  await signInAsEditor(page);
  const editionTitle = `Camp ${token}`;
  await createEdition(page, editionTitle);
  await page.goto('/de/admin/import');
  await page.getByLabel(de('import.field.edition')).selectOption({ label: editionTitle });
  const file = readFileSync(new URL('../fixtures/import/real/camp2019.frab.json', import.meta.url));
  await page.getByLabel(de('import.field.file'), { exact: true }).setInputFiles({ name: 'schedule.json', mimeType: 'application/json', buffer: file });
  await page.getByRole('button', { name: de('import.dryRun') }).click();
  const plan = page.getByTestId('import-plan');
  await expect(plan.getByTestId('import-summary')).toHaveText(
    `${de('import.result.summary', { create: 79, update: 0, error: 0 })} · ${tPlural(de, 'import.result.warnings', 2)}`,
  );
  const warnings = plan.locator('.import-details__warning');
  await expect(warnings).toHaveCount(2);
  await expect(warnings.first()).toContainText(de('import.warning.SUMMARY_MOVED', { field: 'abstract', limit: 1000 }));
  await expectAccessible(page, 'dry run with warnings');
  await plan.getByRole('button', { name: tPlural(de, 'import.commit', 79) }).click();
  const done = page.getByTestId('import-done');
  await expect(done).toContainText(de('import.done', { created: 79, updated: 0 }));
  await expect(done.getByTestId('import-warnings').locator('li')).toHaveCount(2);
});
