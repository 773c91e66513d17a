/**
 * Importing a programme, in Chromium: an editor downloads nothing, uploads a CSV into an edition,
 * reads the dry run (one row per event, what it will do), imports it by keyboard, and finds the
 * draft events in the edition's event list. The screen passes axe and does not scroll sideways
 * at 1280, 360 and 320 px.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { getTranslator, type Translate } from '../../src/i18n/index.ts';
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
  // On a phone, the dry run answers with its results in view, not below the form.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: de('import.dryRun') }).click();
  const plan = page.getByTestId('import-plan');
  await expect(plan.getByRole('heading', { name: de('import.result.heading') })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });
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
  // The next file usually goes to the same edition: it stays chosen.
  await expect(page.getByLabel(de('import.field.edition')).locator('option:checked')).toHaveText(editionTitle);
});

async function uploadAndCheck(page: Page, label: Translate, editionTitle: string, name: string, content: string): Promise<void> {
  await page.getByLabel(label('import.field.edition')).selectOption({ label: editionTitle });
  await page.getByLabel(label('import.field.file'), { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: label('import.dryRun') }).click();
}

test('a conference’s own CSV: its columns are mapped field by field (at 1280 and 360 px), and the next file of the source is read the same way', async ({
  page,
}) => {
  const de = getTranslator('de');
  const token = uniqueToken();
  await signInAsEditor(page);
  const editionTitle = `Tagung ${token}`;
  const editionId = await createEdition(page, editionTitle);
  await page.goto('/de/admin/import');
  // A German spreadsheet export: `;` separated, date and time apart, a column of notes.
  const header = `Titel;Datum;Beginn;Ende;Raum;Referent;Notizen ${token}`;
  const file = [
    header,
    `Eröffnung ${token};12.05.2032;19:00;21:00;Saal 1;Ana Pérez;Mit Empfang`,
    `Lesung ${token};13.05.2032;20:00;21:30;Saal 2;Rafa Haro;`,
  ].join('\r\n');
  await uploadAndCheck(page, de, editionTitle, 'programm.csv', file);

  const columns = page.getByTestId('import-columns');
  await expect(columns.getByRole('heading', { name: de('import.columns.heading') })).toBeVisible();
  await expect(columns.getByTestId('import-columns-origin')).toHaveText(de('import.columns.guessed'));
  await expect(columns.getByLabel(de('import.target.title'), { exact: true })).toHaveValue('Titel');
  await expect(columns.getByLabel(de('import.target.date'), { exact: true })).toHaveValue('Datum');
  await expect(columns.getByLabel(de('import.target.room'), { exact: true })).toHaveValue('Raum');
  await expect(columns.getByLabel(de('import.target.organizers'), { exact: true })).toHaveValue('Referent');
  await expect(columns.getByLabel(de('import.target.description'), { exact: true })).toHaveValue('');
  await expect(columns.getByLabel(de('import.target.description'), { exact: true }).locator('option').first()).toHaveText(de('import.columns.none'));
  await expect(page.getByTestId('import-columns-ignored')).toHaveText(tPlural(de, 'import.columns.ignored', 1, { names: `“Notizen ${token}”` }));
  await expect(page.getByTestId('import-summary')).toHaveText(de('import.result.summary', { create: 2, update: 0, error: 0 }));
  // No raw keys anywhere on the screen.
  await expect(page.locator('main')).not.toContainText(/\b(import|language)\.[a-z]/);
  await expectAccessibleAtEveryWidth(page, 'column mapping');

  // At 360 px, by keyboard: the notes become the description, then the file is checked again.
  await page.setViewportSize({ width: 360, height: 800 });
  const description = columns.getByLabel(de('import.target.description'), { exact: true });
  await description.focus();
  await expect(description).toBeFocused();
  await description.selectOption(`Notizen ${token}`);
  const again = columns.getByRole('button', { name: de('import.columns.apply') });
  await again.focus();
  await again.press('Enter');
  await expect(page.getByTestId('import-columns-origin')).toHaveText(de('import.columns.request'));
  await expect(page.getByTestId('import-columns').getByLabel(de('import.target.description'), { exact: true })).toHaveValue(`Notizen ${token}`);
  await expect(page.getByTestId('import-columns-ignored')).toHaveCount(0);
  await expectAccessible(page, 'column mapping confirmed at 360 px');
  await page.getByRole('button', { name: tPlural(de, 'import.commit', 2) }).click();
  await expect(page.getByTestId('import-done')).toContainText(de('import.done', { created: 2, updated: 0 }));
  await page.setViewportSize({ width: 1280, height: 800 });

  const listed = await page.request.get(`/api/admin/events?edition=${editionId}`);
  const { items } = (await listed.json()) as { items: { title: string }[] };
  expect(items.map((item) => item.title).sort()).toEqual([`Eröffnung ${token}`, `Lesung ${token}`]);

  // The source's next export: the same columns in another order. Nothing to ask.
  const nextEdition = `Tagung 2 ${token}`;
  await createEdition(page, nextEdition);
  await page.goto('/de/admin/import');
  const next = [`Raum;Referent;Titel;Notizen ${token};Datum;Beginn;Ende`, `Saal 3;Ana Pérez;Nachtrag ${token};Neu;14.05.2032;18:00;19:00`].join('\r\n');
  await uploadAndCheck(page, de, nextEdition, 'programm-2.csv', next);
  await expect(page.getByTestId('import-columns-origin')).toHaveText(de('import.columns.remembered'));
  await expect(page.getByTestId('import-columns').getByLabel(de('import.target.description'), { exact: true })).toHaveValue(`Notizen ${token}`);
  await page.getByRole('button', { name: tPlural(de, 'import.commit', 1) }).click();
  await expect(page.getByTestId('import-done')).toContainText(de('import.done', { created: 1, updated: 0 }));
});

test('a row refused at commit (its event archived since the dry run) is named; "import the others" skips it and lists it', async ({ page, consoleErrors }) => {
  const token = uniqueToken();
  await signInAsEditor(page);
  const editionTitle = `Refusal fest ${token}`;
  const editionId = await createEdition(page, editionTitle);
  const csv = (suffix: string) =>
    [
      'external_id,title_en,start,end,venue',
      `${token}-1,First ${token}${suffix},2032-05-12 19:00,2032-05-12 21:00,Hall ${token}`,
      `${token}-2,Second ${token}${suffix},2032-05-13 19:00,2032-05-13 21:00,Hall ${token}`,
    ].join('\n');
  const origin = new URL(page.url()).origin;
  const first = await page.request.post('/api/admin/import', {
    data: { editionId, content: csv(''), status: 'published', dryRun: false },
    headers: { origin },
  });
  expect(first.status(), await first.text()).toBe(201);

  await page.goto('/en/admin/import');
  await page.getByLabel(t('import.field.edition')).selectOption({ label: editionTitle });
  await page.getByLabel(t('import.field.file'), { exact: true }).setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(' (new)')) });
  await page.getByLabel(t('import.status.published')).check();
  await page.getByRole('button', { name: t('import.dryRun') }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(t('import.result.summary', { create: 0, update: 2, error: 0 }));

  // Meanwhile the second event is archived.
  const { items } = (await (await page.request.get(`/api/admin/events?edition=${editionId}`)).json()) as { items: { id: number; title: string }[] };
  const second = items.find((item) => item.title === `Second ${token}`)!;
  const current = (await (await page.request.get(`/api/admin/events/${second.id}`)).json()) as { version: number };
  const archived = await page.request.patch(`/api/admin/events/${second.id}`, { data: { version: current.version, status: 'archived' }, headers: { origin } });
  expect(archived.status(), await archived.text()).toBe(200);

  await page.getByRole('button', { name: tPlural(t, 'import.commit', 2) }).click();
  const problem = page.getByTestId('import-problem');
  await expect(problem).toContainText(
    `${t('import.problem.line', { line: 3 })} · ${t('import.problem.IMPORT_ROW_FAILED')} ${t('admin.error.INVALID_TRANSITION')}`,
  );
  // The refusal is the page's own 422, which Chromium logs as a failed load.
  const provoked = consoleErrors.filter((line) => line.includes('/en/admin/import: Failed to load resource') && line.includes('status of 422'));
  expect(provoked).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(provoked[0]!), 1);
  await expectAccessible(page, 'row refused at commit');
  await problem.getByRole('button', { name: t('import.retrySkipping') }).click();
  const done = page.getByTestId('import-done');
  await expect(done).toContainText(t('import.done', { created: 0, updated: 1 }));
  await expect(done.getByTestId('import-skipped')).toHaveText(
    `${t('import.problem.line', { line: 3 })} · Second ${token} (new) · status · ${t('admin.error.INVALID_TRANSITION')}`,
  );
  await expectAccessible(page, 'import done with a row refused at commit');
});
